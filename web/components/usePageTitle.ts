import { createContext, createElement, type ReactNode, useContext, useEffect, useRef, useState } from "react";

// What the last screen shown was called, for the route announcer. React state at the app's top
// (ArrivalProvider, in Root) rather than an atom: the landing uses usePageTitle too, and its first-screen
// script stays free of state libraries.
const ArriveContext = createContext<((title: string) => void) | null>(null);
const AnnouncementContext = createContext("");

/** Counts the screens arrived at in this page and keeps the announcement of the newest. */
export function ArrivalProvider({ children }: { children: ReactNode }) {
	const [announcement, setAnnouncement] = useState("");
	const [arrive] = useState(() => {
		let arrivals = 0;
		return (title: string) => {
			arrivals++;
			// The first screen of a visit is read as the page loads; after that a new screen says nothing by itself
			// (an app changes its page without loading one), so it is announced. (Dev's StrictMode mounts twice, so
			// there the first screen is announced too.)
			setAnnouncement(arrivals > 1 ? title : "");
		};
	});
	return createElement(
		ArriveContext,
		{ value: arrive },
		createElement(AnnouncementContext, { value: announcement }, children),
	);
}

/**
 * Names the screen on show in the window title (WCAG 2.4.2): what a screen reader reads on arrival, and
 * what a browser tab, the history list and a bookmark show; and, on arriving, in the route announcer.
 * index.html's plain "CommonCents" stays until the app runs.
 */
export function usePageTitle(title: string) {
	const arrive = useContext(ArriveContext);
	if (!arrive) throw new Error("usePageTitle needs the ArrivalProvider above it");
	useEffect(() => {
		document.title = `${title} · CommonCents`;
	}, [title]);
	const firstTitle = useRef(title);
	useEffect(() => arrive(firstTitle.current), [arrive]);
}

/** The name of the screen just arrived at ("" on the first): the text of the signed-in frame's announcer. */
export function useArrivalAnnouncement() {
	return useContext(AnnouncementContext);
}
