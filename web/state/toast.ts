/**
 * One toast at a time (spec §9): a new toast replaces the one on screen. React state at the app's top
 * (ToastProvider, in Root) rather than a jotai atom: toasts show on the landing, whose first-screen script
 * stays free of state libraries.
 */
import {
	createContext,
	createElement,
	type Dispatch,
	type ReactNode,
	type SetStateAction,
	useCallback,
	useContext,
	useState,
} from "react";

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

/** Puts a toast on screen (or takes it away) and numbers the next one: the same for the page's whole life. */
type ToastControl = { set: Dispatch<SetStateAction<Toast | null>>; nextId: () => number };

// Two contexts: whoever shows a toast does not render again each time one comes and goes.
const ControlContext = createContext<ToastControl | null>(null);
const CurrentContext = createContext<Toast | null>(null);

export function ToastProvider({ children }: { children: ReactNode }) {
	const [toast, setToast] = useState<Toast | null>(null);
	const [control] = useState<ToastControl>(() => {
		let last = 0;
		return { set: setToast, nextId: () => ++last };
	});
	return createElement(ControlContext, { value: control }, createElement(CurrentContext, { value: toast }, children));
}

function useControl() {
	const control = useContext(ControlContext);
	if (!control) throw new Error("Toasts need the ToastProvider above them");
	return control;
}

/** The toast on screen, for the Toaster. */
export function useCurrentToast() {
	return useContext(CurrentContext);
}

/** Replaces the toast on screen, or (given null) takes it away. */
export function useSetToast() {
	return useControl().set;
}

export function useToast() {
	const { set, nextId } = useControl();
	return useCallback(
		(toast: Omit<Toast, "id" | "durationMs" | "variant"> & Partial<Pick<Toast, "variant" | "durationMs">>) => {
			const variant = toast.variant ?? "success";
			set({
				...toast,
				variant,
				durationMs: toast.durationMs ?? (variant === "error" ? TOAST_MS.error : TOAST_MS.success),
				id: nextId(),
			});
		},
		[set, nextId],
	);
}
