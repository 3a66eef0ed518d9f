/**
 * A list alert's look at its list's plan, pure: what the plan recommends (its stores and their total, items
 * only), what of that is news against the last look, the alert as its list's answer carries it, and what its
 * notification says.
 */
import type { ListAlertKind, ShoppingListAlert } from "../../db/schema.ts";
import type { ListLook } from "../data/list-alerts.ts";
import { centsToNumber, formatCents } from "../lib/money.ts";
import { plural } from "../lib/plural.ts";

/** The parts of a plan (list-plan.ts) a look reads. */
type PlanChoice = { stores: readonly { id: number; name: string }[]; total: number; missing: readonly number[] };
export type PlanSeen = { recommended: "single" | "pair" | null; single: PlanChoice | null; pair: PlanChoice | null };

export type Seen = { totalCents: number; storeIds: string; storeNames: string; missing: number };

const namesText = (names: readonly string[]) =>
	names.length <= 2 ? names.join(" and ") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;

/** What the plan recommends, or null when nothing on the list is priced near the zip. */
export function seenOf(plan: PlanSeen): Seen | null {
	const choice = plan.recommended === "pair" ? plan.pair : plan.recommended === "single" ? plan.single : null;
	if (!choice) return null;
	return {
		totalCents: Math.round(choice.total * 100),
		// Sorted, so that the same pair is the same pair whichever store the plan names first.
		storeIds: choice.stores
			.map((s) => s.id)
			.sort((a, b) => a - b)
			.join(","),
		storeNames: namesText(choice.stores.map((s) => s.name)),
		missing: choice.missing.length,
	};
}

/** The first look, when the alert is set: it only records, and a total already under the target counts as told. */
export function firstLook(targetCents: number | null, seen: Seen | null, now: Date): ListLook {
	const under = seen !== null && targetCents !== null && seen.totalCents <= targetCents;
	return {
		seenTotalCents: seen?.totalCents ?? null,
		seenStoreIds: seen?.storeIds ?? null,
		seenStoreNames: seen?.storeNames ?? null,
		seenAt: now,
		underFired: under,
		underNotifiedAt: under ? now : null,
	};
}

/**
 * What a later look found, before the notices' rules: whether the total is at or under the target, and the
 * stores it was cheapest at before when they changed (a look without a plan keeps the last stores seen, so
 * prices that lapse and come back at the same store are no change). The look to store, less what the notice
 * decides ("under" having fired).
 */
export function newsOf(alert: ShoppingListAlert, seen: Seen | null, now: Date) {
	const under = seen !== null && alert.targetCents !== null && seen.totalCents <= alert.targetCents;
	const changed =
		seen !== null && alert.onCheapestChange && alert.seenStoreIds !== null && seen.storeIds !== alert.seenStoreIds;
	const look: Partial<ListLook> = seen
		? { seenTotalCents: seen.totalCents, seenStoreIds: seen.storeIds, seenStoreNames: seen.storeNames, seenAt: now }
		: { seenTotalCents: null, seenAt: now };
	// Back above the target (or no longer priced): armed again, as a price alert is once its price is gone.
	if (!under) look.underFired = false;
	return { under, changedFrom: changed ? alert.seenStoreNames : null, look };
}

export const listPath = (listId: number) => `/lists/${listId}`;
/** One tag per list, so a newer notification about it replaces the older one on the device. */
export const listAlertTag = (listId: number) => `list-${listId}`;

export const kindOf = (under: boolean, changed: boolean): ListAlertKind =>
	under && changed ? "both" : under ? "under" : "cheapest";

/** What a list alert's notification says: the total and where, the stores it was cheapest at before. */
export function noteText(n: {
	listName: string;
	zipCode: string;
	targetCents: number | null;
	seen: Seen;
	under: boolean;
	changedFrom: string | null;
	alsoHeld: number;
}) {
	const total = formatCents(n.seen.totalCents);
	const list = `Your list “${n.listName}”`;
	const lead =
		n.under || n.changedFrom === null
			? `${list} now costs ${total} at ${n.seen.storeNames} near ${n.zipCode}${n.changedFrom ? ` (it was cheapest at ${n.changedFrom})` : ""}.`
			: `${list} is now cheapest at ${n.seen.storeNames} (was ${n.changedFrom}): ${total} near ${n.zipCode}.`;
	const target = n.under && n.targetCents !== null ? ` Your target: ${formatCents(n.targetCents)}.` : "";
	const missing = n.seen.missing
		? ` ${plural(n.seen.missing, "item")} ${n.seen.missing === 1 ? "is" : "are"} not priced there.`
		: "";
	const more = n.alsoHeld ? ` And ${plural(n.alsoHeld, "more alert")} since your last notification.` : "";
	return { title: `List alert: ${n.listName}`, body: `${lead}${target}${missing}${more}` };
}

/** The list's alert as the list's answer carries it: its settings, and what the last look saw. */
export function alertJson(alert: ShoppingListAlert) {
	return {
		zipCode: alert.zipCode,
		underPrice: alert.targetCents === null ? null : centsToNumber(alert.targetCents),
		onCheapestChange: alert.onCheapestChange,
		seen:
			alert.seenTotalCents === null || alert.seenAt === null
				? null
				: {
						total: centsToNumber(alert.seenTotalCents),
						stores: alert.seenStoreNames ?? "",
						at: alert.seenAt.toISOString(),
					},
	};
}
export type ListAlertJson = ReturnType<typeof alertJson>;
