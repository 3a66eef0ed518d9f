/**
 * Registers /sw.js (the offline app shell) in production builds only: in development Bun serves fresh
 * modules on every change, and a cache in front of them would hide the changes.
 */
export function registerServiceWorker() {
	if (process.env.NODE_ENV !== "production" || !("serviceWorker" in navigator)) return;
	const register = () => {
		navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch((error: unknown) => {
			// The app works without it (private windows, some browsers): only offline starts are lost.
			console.warn("CommonCents: the offline app shell is unavailable", error);
		});
	};
	// After the load event, so precaching never competes with the first screen for the network.
	if (document.readyState === "complete") register();
	else window.addEventListener("load", register, { once: true });
}
