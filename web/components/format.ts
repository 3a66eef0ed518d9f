/** Money as the spec shows it: US dollars, 2 to 3 decimals. */
export function formatCurrency(value: number, maximumFractionDigits = 2) {
  return new Intl.NumberFormat("en-US", {
    style: "currency",
    currency: "USD",
    minimumFractionDigits: 2,
    maximumFractionDigits,
  }).format(value);
}

export const initialsOf = (first?: string | null, last?: string | null, fallback = "?") =>
  `${first?.[0] ?? ""}${last?.[0] ?? ""}`.toUpperCase() || fallback.slice(0, 2).toUpperCase();
