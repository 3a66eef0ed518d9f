import { useEffect, useSyncExternalStore } from "react";

/**
 * Connectivity as the shopper lives it: the browser's own idea (navigator.onLine) and, since a browser can
 * believe it is online while nothing answers (a reload under a dropped connection, a dead Wi-Fi), whether
 * CommonCents itself could be reached. The mark lives on the document, as long as the page does.
 */
const CHANGED = "commoncents:connectivity";
const PROBE_EVERY_MS = 3_000;

const unreachable = () => document.documentElement.dataset.unreachable === "true";

/** The server could not be reached at all (no answer): the app behaves as offline until it answers again. */
export function noteUnreachable() {
	if (unreachable()) return;
	document.documentElement.dataset.unreachable = "true";
	window.dispatchEvent(new Event(CHANGED));
}

/** Reached again: every listener of the browser's "online" (refetches, the outbox) hears it. */
function noteReachable() {
	if (!unreachable()) return;
	delete document.documentElement.dataset.unreachable;
	window.dispatchEvent(new Event(CHANGED));
	window.dispatchEvent(new Event("online"));
}

const subscribe = (onChange: () => void) => {
	const online = () => {
		delete document.documentElement.dataset.unreachable;
		onChange();
	};
	window.addEventListener("online", online);
	window.addEventListener("offline", onChange);
	window.addEventListener(CHANGED, onChange);
	return () => {
		window.removeEventListener("online", online);
		window.removeEventListener("offline", onChange);
		window.removeEventListener(CHANGED, onChange);
	};
};

export function useOnline() {
	return useSyncExternalStore(
		subscribe,
		() => navigator.onLine && !unreachable(),
		() => true,
	);
}

/** While the browser says online but the server was out of reach, asks the health probe until it answers. */
export function useReachabilityProbe() {
	const online = useOnline();
	useEffect(() => {
		if (online || !navigator.onLine) return;
		const timer = setInterval(() => {
			fetch("/api/health", { cache: "no-store" }).then(
				(res) => res.ok && noteReachable(),
				() => undefined,
			);
		}, PROBE_EVERY_MS);
		return () => clearInterval(timer);
	}, [online]);
}
