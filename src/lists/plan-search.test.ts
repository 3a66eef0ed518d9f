import { describe, expect, test } from "bun:test";
import { seededRandom } from "../lib/seeded-random.ts";
import { type Offer, type PlanItem, type PlanStore, type Priced, planBasket, type Trip } from "./plan.ts";

/**
 * The pair search prunes; this checks it against every pair tried in full, on made-up towns: stores in a few
 * places, each carrying part of the list at its own prices.
 */
function town(seed: number, storeCount: number, itemCount: number) {
	const random = seededRandom(seed);
	const places = ["z1", "z2", "z3", "z4"];
	const away = [0, 2.5, 6, 11];
	const stores: PlanStore[] = Array.from({ length: storeCount }, (_, s) => {
		const p = Math.floor(random() * places.length);
		return { id: s + 1, name: `S${s + 1}`, address: "", place: places[p] as string, milesFromHome: away[p] as number };
	});
	const items: PlanItem[] = Array.from({ length: itemCount }, (_, i) => ({
		id: i + 1,
		name: `I${i + 1}`,
		quantity: 1,
		size: null,
	}));
	const prices = new Map<number, Map<number, Priced>>();
	for (const item of items) {
		const at = new Map<number, Priced>();
		for (const store of stores) {
			if (random() < 0.4) continue;
			const offer: Offer = {
				storeId: store.id,
				reportId: 0,
				priceCents: 100 + Math.floor(random() * 400),
				size: null,
				reportedAt: 0,
				confidence: null,
				confirmations: 0,
				priceType: "regular",
				saleEnds: null,
				multiBuy: null,
			};
			at.set(store.id, { itemId: item.id, storeId: store.id, cents: offer.priceCents, offer });
		}
		prices.set(item.id, at);
	}
	const miles = (a: string, b: string) => (a === b ? 0 : Math.abs(places.indexOf(a) - places.indexOf(b)) * 3);
	const trip: Trip = { dollarsPerMile: 0.16, milesBetween: miles };
	return { stores, items, prices, trip, miles };
}

/** Every pair in full: covered, then paid with the drive, then miles, then the lower ids. */
function bruteForce({ stores, items, prices, trip, miles }: ReturnType<typeof town>) {
	let best: { key: number[]; ids: number[] } | null = null;
	for (let a = 0; a < stores.length; a++) {
		for (let b = a + 1; b < stores.length; b++) {
			const [sa, sb] = [stores[a] as PlanStore, stores[b] as PlanStore];
			let covered = 0;
			let total = 0;
			const from = new Set<number>();
			for (const item of items) {
				const ca = prices.get(item.id)?.get(sa.id)?.cents;
				const cb = prices.get(item.id)?.get(sb.id)?.cents;
				if (ca === undefined && cb === undefined) continue;
				covered++;
				if (cb === undefined || (ca !== undefined && ca <= cb)) {
					total += ca as number;
					from.add(sa.id);
				} else {
					total += cb;
					from.add(sb.id);
				}
			}
			if (from.size < 2) continue;
			const driven = sa.milesFromHome + miles(sa.place, sb.place) + sb.milesFromHome;
			const paid = total + Math.round(driven * (trip.dollarsPerMile as number) * 100);
			const key = [-covered, paid, driven];
			const ids = [sa.id, sb.id].sort((x, y) => x - y);
			const less = (k: number[], i: number[], o: { key: number[]; ids: number[] }) => {
				for (let n = 0; n < k.length; n++) if (k[n] !== o.key[n]) return (k[n] as number) < (o.key[n] as number);
				return i.join() < o.ids.join();
			};
			if (!best || less(key, ids, best)) best = { key, ids };
		}
	}
	return best;
}

describe("the pair search", () => {
	for (const [seed, storeCount, itemCount] of [
		[1, 12, 6],
		[2, 40, 15],
		[3, 80, 30],
		[4, 25, 40],
		[5, 3, 2],
	] as const) {
		test(`finds the same best pair as trying every pair in full (${storeCount} stores, ${itemCount} items)`, () => {
			const made = town(seed, storeCount, itemCount);
			const { pair } = planBasket(made.items, made.prices, made.stores, made.trip);
			const expected = bruteForce(made);
			expect(pair ? [...pair.stores].sort((x, y) => x - y) : null).toEqual(expected?.ids ?? null);
			if (pair && expected) expect(pair.bought.length).toBe(-(expected.key[0] as number));
		});
	}
});
