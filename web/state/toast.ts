/**
 * One toast at a time (spec §9): a new toast replaces the one on screen. A tiny store of its own rather than
 * a jotai atom: toasts show on the landing, whose first-screen script stays free of state libraries.
 */
import { useCallback, useSyncExternalStore } from "react";

/** Display times; `upload` is spec §9's "notification display time in uploader" (a photo that failed). */
export const TOAST_MS = { success: 4000, expiry: 8000, welcome: 6000, error: 6000, upload: 5000 } as const;

export type Toast = {
	id: number;
	title: string;
	description?: string;
	variant: "success" | "error" | "info";
	durationMs: number;
	/** A page of the app the toast is about (an alert's deal); `open` shows it without a reload. */
	link?: { label: string; href: string; open: () => void };
};

let current: Toast | null = null;
const listeners = new Set<() => void>();
let nextId = 1;

export function setToast(next: Toast | null | ((toast: Toast | null) => Toast | null)) {
	current = typeof next === "function" ? next(current) : next;
	for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
	listeners.add(listener);
	return () => listeners.delete(listener);
};

/** The toast on screen, for the Toaster. */
export function useCurrentToast() {
	return useSyncExternalStore(
		subscribe,
		() => current,
		() => null,
	);
}

export function useToast() {
	return useCallback(
		(toast: Omit<Toast, "id" | "durationMs" | "variant"> & Partial<Pick<Toast, "variant" | "durationMs">>) => {
			const variant = toast.variant ?? "success";
			setToast({
				...toast,
				variant,
				durationMs: toast.durationMs ?? (variant === "error" ? TOAST_MS.error : TOAST_MS.success),
				id: nextId++,
			});
		},
		[],
	);
}
