import { useEffect } from "react";
import { useCurrentToast, useSetToast } from "../state/toast.ts";
import { CloseIcon } from "./landingIcons.tsx";

const VARIANT_CLASS = { success: "alert-success", error: "alert-error", info: "alert-info" } as const;

export function Toaster() {
	const toast = useCurrentToast();
	const setToast = useSetToast();

	useEffect(() => {
		if (!toast) return;
		const timer = setTimeout(() => setToast((t) => (t?.id === toast.id ? null : t)), toast.durationMs);
		return () => clearTimeout(timer);
	}, [toast, setToast]);

	// Above the bottom navigation (and the phone's home bar), centred on phones and at the right on wider
	// screens, near the bottom edge where the side navigation replaces the bar: at the top right a long alert covered the zip button and the Alerts tab for its 8 s.
	return (
		<div className="toast toast-bottom toast-center z-50 w-full max-w-md px-4 bottom-[calc(5rem+env(safe-area-inset-bottom))] sm:toast-end lg:bottom-4">
			{/* The live region stays mounted so screen readers announce each toast as it appears. daisyUI animates
          every child of .toast; on this empty region that only ran an animation (and its event) at start-up. */}
			<div aria-live={toast?.variant === "error" ? "assertive" : "polite"} aria-atomic="true" className="animate-none">
				{toast && (
					<div
						key={toast.id}
						role={toast.variant === "error" ? "alert" : "status"}
						data-testid="toast"
						className={`alert ${VARIANT_CLASS[toast.variant]} flex items-start gap-3 shadow-lg`}
					>
						<div className="min-w-0 flex-1 text-left wrap-anywhere">
							<p className="font-semibold">{toast.title}</p>
							{toast.description && <p className="text-sm whitespace-pre-line">{toast.description}</p>}
							{toast.link && (
								<a
									href={toast.link.href}
									className="link text-sm font-medium"
									onClick={(event) => {
										// A plain click opens it here, routed in the app; a modified one (new tab) is the browser's.
										if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
										event.preventDefault();
										setToast(null);
										toast.link?.open();
									}}
								>
									{toast.link.label}
								</a>
							)}
						</div>
						<button
							type="button"
							className="btn btn-ghost btn-xs btn-circle shrink-0"
							aria-label="Dismiss notification"
							onClick={() => setToast(null)}
						>
							<CloseIcon />
						</button>
					</div>
				)}
			</div>
		</div>
	);
}
