/**
 * The basket's plan (decision 0092): the cheapest single store and the cheapest pair of stores for a list, each
 * item at the store of the two where it costs less, with the trip counted. Pure: it is handed each item's
 * offers and what a mile costs. The pair search tries every pair, so it is exact.
 */
import type { SizeUnit } from "../../db/enums.ts";
import { baseUnitsOf, dimensionOf, pricePerBase } from "../lib/unit-price.ts";

export type Size = { quantity: number; unit: SizeUnit };
export type PlanItem = { id: number; name: string; quantity: number; size: Size | null };
export type Offer = {
	storeId: number;
	reportId: number;
	/** The offer's price in cents for its own size (or each). */
	priceCents: number;
	size: Size | null;
	reportedAt: number;
	confidence: number | null;
	confirmations: number;
};
export type PlanStore = { id: number; name: string; address: string; milesFromHome: number };
/** What driving costs: dollars a mile, and the miles between two stores (null when unknown). */
export type Trip = { dollarsPerMile: number | null; milesBetween: (a: number, b: number) => number | null };

/** An item's cost at a store: the offer's price for the quantity (and size) wanted. */
export type Priced = { itemId: number; storeId: number; cents: number; offer: Offer };

/**
 * What the item costs with this offer: the quantity times the price, compared like with like when the item
 * (or, without its own, the size most offered) has a size the offer's can be measured in.
 */
export function costOf(item: PlanItem, offer: Offer, reference: Size | null): number {
	const wanted = item.size ?? reference;
	if (wanted && offer.size && dimensionOf(wanted.unit) === dimensionOf(offer.size.unit)) {
		return Math.round(pricePerBase(offer.priceCents, offer.size) * baseUnitsOf(wanted) * item.quantity);
	}
	return offer.priceCents * item.quantity;
}

/** The size the offers give most (the first such, on a tie): what items without their own are compared at. */
export function usualSize(offers: readonly Offer[]): Size | null {
	const counts = new Map<string, { size: Size; n: number }>();
	for (const { size } of offers) {
		if (!size) continue;
		const key = `${size.quantity}${size.unit}`;
		const seen = counts.get(key);
		if (seen) seen.n++;
		else counts.set(key, { size, n: 1 });
	}
	let best: { size: Size; n: number } | null = null;
	for (const entry of counts.values()) if (!best || entry.n > best.n) best = entry;
	return best?.size ?? null;
}

export type Choice = {
	stores: number[];
	/** Per item: where it is bought and what it costs; items no store of the choice has are in `missing`. */
	bought: Priced[];
	missing: number[];
	totalCents: number;
	tripMiles: number | null;
	tripCents: number | null;
};

const tripOf = (stores: readonly PlanStore[], trip: Trip): { miles: number | null; cents: number | null } => {
	let miles: number | null = null;
	if (stores.length === 1) miles = 2 * (stores[0] as PlanStore).milesFromHome;
	else {
		const [a, b] = stores as [PlanStore, PlanStore];
		const between = trip.milesBetween(a.id, b.id);
		miles = between === null ? null : a.milesFromHome + between + b.milesFromHome;
	}
	const cents = miles === null || trip.dollarsPerMile === null ? null : Math.round(miles * trip.dollarsPerMile * 100);
	return { miles, cents };
};

/** Better: more items covered, then less paid with the trip, then fewer miles, then the lower store ids. */
function better(a: Choice, b: Choice): boolean {
	if (a.bought.length !== b.bought.length) return a.bought.length > b.bought.length;
	const paid = (c: Choice) => c.totalCents + (c.tripCents ?? 0);
	if (paid(a) !== paid(b)) return paid(a) < paid(b);
	if ((a.tripMiles ?? 0) !== (b.tripMiles ?? 0)) return (a.tripMiles ?? 0) < (b.tripMiles ?? 0);
	return a.stores.join() < b.stores.join();
}

/** The cheapest single store and the cheapest pair for the items; null where there is no store (or no pair). */
export function planBasket(
	items: readonly PlanItem[],
	prices: ReadonlyMap<number, ReadonlyMap<number, Priced>>,
	stores: readonly PlanStore[],
	trip: Trip,
): { single: Choice | null; pair: Choice | null } {
	const byItem = items.map((item) => ({ item, at: prices.get(item.id) ?? new Map<number, Priced>() }));
	const choose = (chosen: readonly PlanStore[]): Choice => {
		const bought: Priced[] = [];
		const missing: number[] = [];
		let totalCents = 0;
		for (const { item, at } of byItem) {
			let best: Priced | undefined;
			for (const store of chosen) {
				const priced = at.get(store.id);
				if (priced && (!best || priced.cents < best.cents)) best = priced;
			}
			if (best) {
				bought.push(best);
				totalCents += best.cents;
			} else missing.push(item.id);
		}
		const { miles, cents } = tripOf(chosen, trip);
		return { stores: chosen.map((s) => s.id), bought, missing, totalCents, tripMiles: miles, tripCents: cents };
	};
	let single: Choice | null = null;
	for (const store of stores) {
		const choice = choose([store]);
		if (!single || better(choice, single)) single = choice;
	}
	let pair: Choice | null = null;
	for (let i = 0; i < stores.length; i++) {
		for (let j = i + 1; j < stores.length; j++) {
			const choice = choose([stores[i] as PlanStore, stores[j] as PlanStore]);
			// A pair where one store sells nothing the other does not sell cheaper is the single store again.
			if (new Set(choice.bought.map((p) => p.storeId)).size < 2) continue;
			if (!pair || better(choice, pair)) pair = choice;
		}
	}
	return { single, pair };
}
