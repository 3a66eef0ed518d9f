import { useRef, useState } from "react";
import { AlertForm } from "./AlertForm.tsx";
import { AlertList, NEW_ALERT_BUTTON_ID } from "./AlertList.tsx";
import { NotificationBanner } from "./NotificationBanner.tsx";

/** The Alerts tab (spec §2); the live stream itself stays open on every signed-in screen (AppShell). */
export function PriceAlerts({ shown }: { shown: boolean }) {
	const [formOpen, setFormOpen] = useState(false);
	const toggle = useRef<HTMLButtonElement>(null);
	if (!shown) return null;
	return (
		<div className="flex flex-col gap-4">
			<NotificationBanner />
			<div className="flex items-center justify-between gap-2">
				<h2 className="text-lg font-semibold">Your price alerts</h2>
				<button
					ref={toggle}
					id={NEW_ALERT_BUTTON_ID}
					type="button"
					className={`btn btn-sm ${formOpen ? "btn-ghost" : "btn-primary"}`}
					aria-expanded={formOpen}
					aria-controls="create-alert-form"
					onClick={() => setFormOpen((open) => !open)}
				>
					{formOpen ? (
						<>
							Close<span className="sr-only"> new alert form</span>
						</>
					) : (
						"New Alert"
					)}
				</button>
			</div>
			{formOpen && (
				<div id="create-alert-form">
					<AlertForm
						onDone={() => {
							setFormOpen(false);
							// The form and the focus in it go: back to the button that opened it, not the top of the page.
							toggle.current?.focus();
						}}
					/>
				</div>
			)}
			<AlertList />
		</div>
	);
}
