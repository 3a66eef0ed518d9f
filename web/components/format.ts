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

/** A reporter as the spec shows one: first name and last initial ("Maria G."). */
export function shortName(first?: string | null, last?: string | null, fallback = "A neighbour") {
  const initial = last?.trim()[0];
  const name = [first?.trim(), initial ? `${initial.toUpperCase()}.` : ""].filter(Boolean).join(" ");
  return name || fallback;
}
