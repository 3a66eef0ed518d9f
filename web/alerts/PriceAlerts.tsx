import { useState } from "react";
import { AlertForm } from "./AlertForm.tsx";
import { AlertList } from "./AlertList.tsx";
import { NotificationBanner } from "./NotificationBanner.tsx";

/** The Alerts tab (spec §2); the live stream itself stays open on every signed-in screen (AppShell). */
export function PriceAlerts({ shown }: { shown: boolean }) {
  const [formOpen, setFormOpen] = useState(false);
  if (!shown) return null;
  return (
    <div className="flex flex-col gap-4">
      <NotificationBanner />
      <div className="flex items-center justify-between gap-2">
        <h2 className="text-lg font-semibold">Your price alerts</h2>
        <button
          type="button"
          className={`btn btn-sm ${formOpen ? "btn-ghost" : "btn-primary"}`}
          aria-expanded={formOpen}
          aria-controls="create-alert-form"
          onClick={() => setFormOpen((open) => !open)}
        >
          {formOpen ? "Close" : "New Alert"}
        </button>
      </div>
      {formOpen && (
        <div id="create-alert-form">
          <AlertForm onDone={() => setFormOpen(false)} />
        </div>
      )}
      <AlertList />
    </div>
  );
}
