import { Component, type ReactNode } from "react";
import { AlertIcon } from "../components/landingIcons.tsx";

/**
 * What a shopper sees when a screen fails to draw, instead of a blank page. Most often a part of the app
 * could not be fetched: the connection dropped, or a new version was deployed while the tab was open (its
 * files are gone: each build names them by their content). A reload fixes the second, so it happens once
 * by itself when online, as TanStack Router does for its routes; the card stays for what a reload did not fix.
 */

// The three browsers' wordings for a failed dynamic import (the same test as TanStack Router's).
const MODULE_FAILURES = [
	"Failed to fetch dynamically imported module",
	"error loading dynamically imported module",
	"Importing a module script failed",
];
export const isChunkLoadError = (error: unknown) =>
	error instanceof Error && MODULE_FAILURES.some((start) => error.message.startsWith(start));

const RELOADED_AT = "commoncents:reloaded-for-missing-code";
const RELOAD_AGAIN_AFTER_MS = 60_000; // never a reload loop: at most one a minute

/** Reloads the page for a missing chunk, unless offline or already done within the minute; true when it did. */
function reloadForMissingCode(error: unknown): boolean {
	if (!isChunkLoadError(error) || !navigator.onLine) return false;
	try {
		const last = Number(sessionStorage.getItem(RELOADED_AT) ?? 0);
		if (Date.now() - last < RELOAD_AGAIN_AFTER_MS) return false;
		sessionStorage.setItem(RELOADED_AT, String(Date.now()));
	} catch {
		return false; // no storage (a locked-down browser): no way to avoid a loop, so no automatic reload
	}
	window.location.reload();
	return true;
}

/** `inShell`: drawn in the signed-in frame's page area (its header and navigation stay), not on a page of its own. */
export function AppErrorCard({ error, inShell = false }: { error: unknown; inShell?: boolean }) {
	const missingCode = isChunkLoadError(error);
	const offline = !navigator.onLine;
	const text = offline
		? "You are offline. Reconnect, then reload to carry on."
		: missingCode
			? "Part of CommonCents did not load: the connection dropped, or a newer version is out. Reloading fixes both."
			: "Something on this screen failed. Reloading usually fixes it; nothing you saved is lost.";
	const card = (
		<div role="alert" className="card mx-auto w-full max-w-md bg-base-100 shadow-md" data-testid="app-error">
			<div className="card-body gap-3">
				<div className="flex items-center gap-2 text-error">
					<AlertIcon className="size-7" />
					<h1 className="text-2xl font-bold text-base-content">This screen didn't load</h1>
				</div>
				<p className="text-base-content/75">{text}</p>
				<button
					type="button"
					className="btn btn-primary btn-sm mt-2 self-start"
					onClick={() => window.location.reload()}
				>
					Reload
				</button>
			</div>
		</div>
	);
	if (inShell) return card;
	return <main className="flex min-h-screen items-center justify-center bg-base-200 p-4">{card}</main>;
}

/**
 * The router's error screen for its pages (TanStack's default is a developer's "Show Error" box), in the
 * signed-in frame: the navigation stays, and moving to another screen leaves the error behind.
 */
export function RouteError({ error }: { error: unknown }) {
	if (reloadForMissingCode(error)) return null;
	if (isChunkLoadError(error)) document.documentElement.dataset.missingCode = "true";
	return <AppErrorCard error={error} inShell />;
}

/**
 * Chromium keeps a failed import failed for the life of the document, so once a page's code went missing
 * the next move within the app loads the page afresh (online); a new document fetches the code again.
 */
export function loadAfreshAfterMissingCode(href: string): boolean {
	if (document.documentElement.dataset.missingCode !== "true" || !navigator.onLine) return false;
	window.location.assign(href);
	return true;
}

/** Catches what fails to draw outside the router's own boundaries: the landing, the auth gate, the router itself. */
export class AppErrorBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
	override state = { error: undefined as unknown };

	static getDerivedStateFromError(error: unknown) {
		return { error: error ?? new Error("Unknown error") };
	}

	override componentDidCatch(error: unknown) {
		if (!reloadForMissingCode(error)) console.error("CommonCents: a screen failed to draw", error);
	}

	override render() {
		return this.state.error === undefined ? this.props.children : <AppErrorCard error={this.state.error} />;
	}
}
