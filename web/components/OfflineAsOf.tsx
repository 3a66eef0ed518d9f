import { onlineManager, type Query, type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useCallback, useSyncExternalStore } from "react";
import { failureStatus } from "../api/failure.ts";
import { copyTimeOf } from "./offlineCache.ts";

/** Queries whose data came from the service worker's kept copy, with when that copy was fetched. */
const copied = new WeakMap<object, number>();

/** Heard on each query's success (main.tsx's QueryCache): whether its answer was a kept copy. */
export function noteQueryAnswer(data: unknown, query: object) {
	const at = copyTimeOf(data);
	if (at === null) copied.delete(query);
	else copied.set(query, at);
}

const shown = (query: Query) => query.getObserversCount() > 0 && query.state.data !== undefined;

/**
 * Back online: what was shown from a kept copy, or failed for want of a network, is asked again (only those:
 * data from the server stays until something changes it). Copies not on screen are asked again when next shown.
 */
export function refreshAfterReconnect(queryClient: QueryClient) {
	return onlineManager.subscribe((online) => {
		if (!online) return;
		// The page may hear of the connection before its service worker can use it: what failed on the way, or
		// was answered by a copy again (and only that), is asked once more a moment later.
		void refreshCopies(queryClient).then(() => {
			const unanswered = { type: "active", predicate: notFromServer } as const;
			if (queryClient.getQueryCache().findAll(unanswered).length === 0) return;
			setTimeout(() => void queryClient.invalidateQueries(unanswered), RECONNECT_SETTLE_MS);
		});
	});
}

const RECONNECT_SETTLE_MS = 1500;
const failedOnTheWay = (query: Query) => query.state.status === "error" && failureStatus(query.state.error) === null;

const notFromServer = (query: Query) => copied.has(query) || failedOnTheWay(query);

/** Asks again what was shown from a kept copy or failed for want of a network; a copy answers again offline. */
const refreshCopies = (queryClient: QueryClient) => queryClient.invalidateQueries({ predicate: notFromServer });

/** The oldest time the screen's data is as of, and whether any of it is a kept copy; "" when none is shown. */
function snapshot(queryClient: QueryClient) {
	const queries = queryClient.getQueryCache().getAll().filter(shown);
	if (queries.length === 0) return "";
	const times = queries.map((q) => copied.get(q) ?? q.state.dataUpdatedAt);
	return `${Math.min(...times)}:${queries.some((q) => copied.has(q))}`;
}

const subscribeOnline = (onChange: () => void) => onlineManager.subscribe(onChange);

/** "10:42": a time of today as the shopper's clock shows it, hours and minutes. */
const clockTime = (at: number) =>
	new Date(at).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit", hourCycle: "h23" });

/**
 * "Offline: as of 10:42" above a screen shown without a connection, or shown from the kept copies of its
 * answers: how old what it shows is (its oldest part). Nothing when online and fresh.
 */
export function OfflineAsOf() {
	const queryClient = useQueryClient();
	const online = useSyncExternalStore(subscribeOnline, () => onlineManager.isOnline());
	const subscribe = useCallback(
		(onChange: () => void) => queryClient.getQueryCache().subscribe(onChange),
		[queryClient],
	);
	const state = useSyncExternalStore(subscribe, () => snapshot(queryClient));
	const [at, fromCopy] = state.split(":");
	if (!state || (online && fromCopy !== "true")) return null;
	return (
		<div className="mb-3 flex items-center justify-between gap-2 rounded-box bg-base-100 px-3 py-1 text-sm">
			<p className="text-base-content/80" data-testid="offline-as-of">
				Offline: as of <time dateTime={new Date(Number(at)).toISOString()}>{clockTime(Number(at))}</time>
			</p>
			{/* The browser does not always say when the connection is back: the shopper may ask. */}
			<button type="button" className="btn btn-ghost btn-sm" onClick={() => void refreshCopies(queryClient)}>
				Refresh
			</button>
		</div>
	);
}
