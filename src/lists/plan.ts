/**
 * The basket's plan (decision 0092): the cheapest single store and the cheapest pair of stores for a list, each
 * item at the store of the two where it costs less, with the trip counted. Pure: it is handed each item's
 * offers and what a mile costs. The pair search tries every pair, so it is exact.
 */
import type { PriceType, SizeUnit } from "../../db/enums.ts";
import { baseUnitsOf, dimensionOf, pricePerBase } from "../lib/unit-price.ts";

export type Size = { quantity: number; unit: SizeUnit };
export type PlanItem = { id: number; name: string; quantity: number; size: Size | null };
export type Offer = {
	storeId: number;
	reportId: number;
	/** The offer's price in cents for its own size (or each); a multi-buy's is one's exact share of the bundle. */
	priceCents: number;
	priceType: PriceType;
	saleEnds: string | null;
	/** A multi-buy's bundle: how many for how many cents. */
	multiBuy: { quantity: number; cents: number } | null;
	size: Size | null;
	reportedAt: number;
	confidence: number | null;
	confirmations: number;
};
export type PlanStore = { id: number; name: string; address: string; milesFromHome: number; place: string };
/** What driving costs: dollars a mile, and the miles between two places (null when unknown). */
export type Trip = { dollarsPerMile: number | null; milesBetween: (a: string, b: string) => number | null };

/** What a missing item weighs in a pair's score: more than any list could cost, so coverage comes first. */
const MISSING_CENTS = 1e12;

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
	return Math.round(offer.priceCents * item.quantity);
}

/**
 * Whether the shopper can pay the offer for this item: a member price only at a store they are a member of,
 * a multi-buy only for at least its quantity.
 */
export function canPay(item: PlanItem, offer: Offer, memberOf: ReadonlySet<number>): boolean {
	if (offer.priceType === "member") return memberOf.has(offer.storeId);
	if (offer.multiBuy) return item.quantity >= offer.multiBuy.quantity;
	return true;
}

/**
 * Each store's cheapest offer the shopper can pay for the item, and the stores whose member prices were left
 * out because the shopper is no member there.
 */
export function pricesAt(item: PlanItem, offers: readonly Offer[], memberOf: ReadonlySet<number>) {
	const reference = usualSize(offers);
	const at = new Map<number, Priced>();
	const memberOnly = new Set<number>();
	for (const offer of offers) {
		if (!canPay(item, offer, memberOf)) {
			if (offer.priceType === "member") memberOnly.add(offer.storeId);
			continue;
		}
		const cents = costOf(item, offer, reference);
		const best = at.get(offer.storeId);
		if (!best || cents < best.cents) at.set(offer.storeId, { itemId: item.id, storeId: offer.storeId, cents, offer });
	}
	return { at, memberOnly };
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

/** The miles between the stores' places, each pair of places asked once. */
function placeMiles(stores: readonly PlanStore[], trip: Trip) {
	const places = [...new Set(stores.map((s) => s.place))];
	const index = new Map(places.map((p, i) => [p, i]));
	const at = Int32Array.from(stores, (s) => index.get(s.place) as number);
	const between = new Float64Array(places.length * places.length);
	places.forEach((a, i) => {
		places.forEach((b, j) => {
			between[i * places.length + j] = trip.milesBetween(a, b) ?? Number.NaN;
		});
	});
	/** Home, the two stores, home (either order is as long); NaN when a place is not on the map. */
	return (a: number, b: number) =>
		(stores[a] as PlanStore).milesFromHome +
		(between[(at[a] as number) * places.length + (at[b] as number)] as number) +
		(stores[b] as PlanStore).milesFromHome;
}

const centsOf = (miles: number, trip: Trip) =>
	Number.isNaN(miles) || trip.dollarsPerMile === null ? null : Math.round(miles * trip.dollarsPerMile * 100);

/**
 * The cheapest single store and the cheapest pair for the items; null where there is no store (or no pair). Every
 * pair is scored over a table of costs (store by item) before the best one is built in full: the search is
 * exact, and a hundred stores are some five thousand pairs.
 */
export function planBasket(
	items: readonly PlanItem[],
	prices: ReadonlyMap<number, ReadonlyMap<number, Priced>>,
	stores: readonly PlanStore[],
	trip: Trip,
): { single: Choice | null; pair: Choice | null } {
	const n = items.length;
	const pairMiles = placeMiles(stores, trip);
	const cost = new Float64Array(stores.length * n).fill(Number.POSITIVE_INFINITY);
	stores.forEach((store, s) => {
		items.forEach((item, i) => {
			const priced = prices.get(item.id)?.get(store.id);
			if (priced) cost[s * n + i] = priced.cents;
		});
	});
	/** The choice of these stores (indices), built in full: each item where it costs least among them. */
	const choose = (indices: readonly number[]): Choice => {
		const chosen = indices.map((s) => stores[s] as PlanStore);
		const bought: Priced[] = [];
		const missingItems: number[] = [];
		let totalCents = 0;
		for (const item of items) {
			let cheapest: Priced | undefined;
			for (const store of chosen) {
				const priced = prices.get(item.id)?.get(store.id);
				if (priced && (!cheapest || priced.cents < cheapest.cents)) cheapest = priced;
			}
			if (cheapest) {
				bought.push(cheapest);
				totalCents += cheapest.cents;
			} else missingItems.push(item.id);
		}
		const miles =
			indices.length === 1
				? 2 * (chosen[0] as PlanStore).milesFromHome
				: pairMiles(indices[0] as number, indices[1] as number);
		const known = Number.isNaN(miles) ? null : miles;
		return {
			stores: chosen.map((s) => s.id),
			bought,
			missing: missingItems,
			totalCents,
			tripMiles: known,
			tripCents: known === null ? null : centsOf(known, trip),
		};
	};
	// The pairs by their score alone: a missing item outweighs any price, so items covered come first, then what
	// is paid with the drive, then miles, then the lower ids. Items go dearest first, and a pair whose sum so far
	// with the cheapest of the rest is past the best pair's stops there: the best is found exactly, and most
	// pairs are left after a few items.
	const missing = MISSING_CENTS;
	const table = new Float64Array(cost.length);
	for (let k = 0; k < cost.length; k++) table[k] = cost[k] === Number.POSITIVE_INFINITY ? missing : (cost[k] as number);
	const lowest = items.map((_, i) => Math.min(...stores.map((_, s) => table[s * n + i] as number)));
	const sold = items
		.map((_, i) => i)
		.filter((i) => (lowest[i] as number) < missing)
		.sort((x, y) => (lowest[y] as number) - (lowest[x] as number));
	const rest = new Float64Array(sold.length + 1);
	for (let k = sold.length - 1; k >= 0; k--) rest[k] = (rest[k + 1] as number) + (lowest[sold[k] as number] as number);
	// Stores that carry more of the list first: a pair covers at most what its two stores carry together, so once
	// that is less than the best pair covers, no later pair can be better.
	const carried = stores.map((_, s) => sold.filter((i) => (table[s * n + i] as number) < missing).length);
	const singleScore = stores.map((_, s) => sold.reduce((sum, i) => sum + (table[s * n + i] as number), 0));
	const order = stores
		.map((_, s) => s)
		.sort(
			(x, y) =>
				(carried[y] as number) - (carried[x] as number) || (singleScore[x] as number) - (singleScore[y] as number),
		);
	let best: { a: number; b: number; score: number; miles: number; covered: number } | null = null;
	for (let x = 0; x < order.length; x++) {
		const a = order[x] as number;
		if (best && (carried[a] as number) + (carried[order[x + 1] as number] ?? 0) < best.covered) break;
		for (let y = x + 1; y < order.length; y++) {
			const b = order[y] as number;
			if (best && (carried[a] as number) + (carried[b] as number) < best.covered) break;
			const bound = best?.score ?? Number.POSITIVE_INFINITY;
			let total = 0;
			let covered = 0;
			let fromA = false;
			let fromB = false;
			let k = 0;
			for (; k < sold.length; k++) {
				const i = sold[k] as number;
				const ca = table[a * n + i] as number;
				const cb = table[b * n + i] as number;
				if (ca <= cb) {
					total += ca;
					if (ca < missing) {
						fromA = true;
						covered++;
					}
				} else {
					total += cb;
					fromB = true;
					covered++;
				}
				if (total + (rest[k + 1] as number) > bound) break;
			}
			// A pair where one store sells nothing the other does not sell as cheaply is the single store again.
			if (k < sold.length || !fromA || !fromB) continue;
			const driven = pairMiles(a, b);
			const miles = Number.isNaN(driven) ? 0 : driven;
			const score = total + (centsOf(driven, trip) ?? 0);
			const ids = (p: { a: number; b: number }) =>
				[stores[p.a]?.id ?? 0, stores[p.b]?.id ?? 0].sort((m, o) => m - o).join();
			if (
				!best ||
				score < best.score ||
				(score === best.score && (miles < best.miles || (miles === best.miles && ids({ a, b }) < ids(best))))
			)
				best = { a, b, score, miles, covered };
		}
	}
	const pair = best ? choose([best.a, best.b]) : null;
	// The single store by the same score: items carried, then paid with the drive there and back, then miles, ids.
	let alone: { s: number; score: number; miles: number } | null = null;
	for (let s = 0; s < stores.length; s++) {
		// A store with nothing of the list the shopper can buy is no plan, however little it costs.
		if (carried[s] === 0) continue;
		const miles = 2 * (stores[s] as PlanStore).milesFromHome;
		const score = (singleScore[s] as number) + (centsOf(miles, trip) ?? 0);
		const id = (stores[s] as PlanStore).id;
		if (
			!alone ||
			score < alone.score ||
			(score === alone.score &&
				(miles < alone.miles || (miles === alone.miles && id < (stores[alone.s] as PlanStore).id)))
		)
			alone = { s, score, miles };
	}
	const single = alone ? choose([alone.s]) : null;
	return { single, pair };
}
