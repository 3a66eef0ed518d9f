/** One toast at a time (spec §9): a new toast replaces the one on screen. */
import { atom, useSetAtom } from "jotai";
import { useCallback } from "react";

export const TOAST_MS = { success: 4000, expiry: 8000, welcome: 6000, error: 6000 } as const;

export type Toast = {
  id: number;
  title: string;
  description?: string;
  variant: "success" | "error" | "info";
  durationMs: number;
};

export const toastAtom = atom<Toast | null>(null);

let nextId = 1;

export function useToast() {
  const set = useSetAtom(toastAtom);
  return useCallback(
    (toast: Omit<Toast, "id" | "durationMs" | "variant"> & Partial<Pick<Toast, "variant" | "durationMs">>) => {
      const variant = toast.variant ?? "success";
      set({
        ...toast,
        variant,
        durationMs: toast.durationMs ?? (variant === "error" ? TOAST_MS.error : TOAST_MS.success),
        id: nextId++,
      });
    },
    [set],
  );
}
