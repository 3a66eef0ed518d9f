const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["day", 86_400_000],
  ["hour", 3_600_000],
  ["minute", 60_000],
];

/** "just now", "5 minutes ago", "yesterday", "3 days ago"; older than a week shows the date. */
export function timeAgo(iso: string, now = Date.now()): string {
  const ms = now - new Date(iso).getTime();
  if (!Number.isFinite(ms)) return "";
  if (ms < 60_000) return "just now";
  if (ms > 7 * 86_400_000) return new Date(iso).toLocaleDateString("en-US", { month: "short", day: "numeric" });
  const format = new Intl.RelativeTimeFormat("en-US", { numeric: "auto" });
  for (const [unit, size] of UNITS) if (ms >= size) return format.format(-Math.floor(ms / size), unit);
  return "just now";
}
