import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect } from "react";
import { authKeys } from "../auth/queries.ts";
import { useToast } from "../state/toast.ts";
import { subscribeLive } from "./live.ts";
import { showBrowserNotification } from "./notify.ts";
import { alertKeys } from "./queries.ts";

export const ALERT_TOAST_MS = 8000;

/** Shows a notification, or a toast when notifications are not allowed or not possible here. */
export function useDeliver() {
  const toast = useToast();
  return useCallback(
    (title: string, body: string, tag?: string) => {
      if (showBrowserNotification(title, body, tag)) return "notification" as const;
      toast({ title, description: body, variant: "info", durationMs: ALERT_TOAST_MS });
      return "toast" as const;
    },
    [toast],
  );
}

/** Keeps the live stream open while mounted: each hit is shown and the alert list learns its last hit. */
export function useLiveAlerts() {
  const queryClient = useQueryClient();
  const deliver = useDeliver();

  useEffect(
    () =>
      subscribeLive({
        onHit: (hit) => {
          deliver(hit.title, hit.body, `price-alert-${hit.reportId}`);
          void queryClient.invalidateQueries({ queryKey: alertKeys.all });
        },
        // The server refused the stream: if the session ended, asking who is signed in shows the sign-in view.
        onRefused: () => void queryClient.invalidateQueries({ queryKey: authKeys.user }),
      }),
    [queryClient, deliver],
  );
}
