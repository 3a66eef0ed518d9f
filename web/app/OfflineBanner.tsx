import { useOnline, useReachabilityProbe } from "./useOnline.ts";

/**
 * Says plainly what works without a connection. The live region stays mounted so screen readers hear the
 * message when the connection drops, not only when a page loads offline.
 */
export function OfflineBanner() {
	const online = useOnline();
	useReachabilityProbe();
	return (
		<div role="status" aria-live="polite" data-testid="offline-banner">
			{!online && (
				<p className="bg-warning px-4 py-2 text-center text-sm text-warning-content">
					You're offline. Showing what was last loaded; reports wait on this device until you're back online.
				</p>
			)}
		</div>
	);
}
