import { useEffect } from "react";

/**
 * The window's title for the screen on show (WCAG 2.4.2): what a screen reader reads on arrival, and what a
 * browser tab, the history list and a bookmark show. index.html's plain "CommonCents" stays until the app runs.
 */
export function usePageTitle(title: string) {
  useEffect(() => {
    document.title = `${title} · CommonCents`;
  }, [title]);
}
