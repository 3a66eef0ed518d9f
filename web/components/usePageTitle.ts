import { useEffect, useRef, useSyncExternalStore } from "react";

// What the last screen shown was called, for the route announcer. A tiny store rather than an atom: the
// landing uses usePageTitle too, and its first-screen script stays free of state libraries.
let arrivals = 0;
let announcement = "";
const listeners = new Set<() => void>();

function arrive(title: string) {
	arrivals++;
	// The first screen of a visit is read as the page loads; after that a new screen says nothing by itself
	// (an app changes its page without loading one), so it is announced. (Dev's StrictMode mounts twice, so
	// there the first screen is announced too.)
	announcement = arrivals > 1 ? title : "";
	for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
	listeners.add(listener);
	return () => listeners.delete(listener);
};

/**
 * Names the screen on show in the window title (WCAG 2.4.2): what a screen reader reads on arrival, and
 * what a browser tab, the history list and a bookmark show; and, on arriving, in the route announcer.
 * index.html's plain "CommonCents" stays until the app runs.
 */
export function usePageTitle(title: string) {
	useEffect(() => {
		document.title = `${title} · CommonCents`;
	}, [title]);
	const firstTitle = useRef(title);
	useEffect(() => arrive(firstTitle.current), []);
}

/** The name of the screen just arrived at ("" on the first): the text of the signed-in frame's announcer. */
export function useArrivalAnnouncement() {
	return useSyncExternalStore(subscribe, () => announcement);
}
