/**
 * GET /api/lists/{id}/plan: each item's offers near the shopper (what it is: its barcode's product, or the
 * product its words mean, as the read API reads a name), priced for the quantity and size wanted, then the
 * cheapest single store and pair (plan.ts) with the trip from the shopper's car and the area's fuel price.
 */
import type { ShoppingListItem, User } from "../../db/schema.ts";
import { planStores, storeOffers } from "../data/list-offers.ts";
import { type CategoryRow, categoryRows } from "../data/product-prices.ts";
import { itemRowsOf } from "../data/shopping-lists.ts";
import { memberStoreIds } from "../data/store-memberships.ts";
import type { Db } from "../db.ts";
import { matchProduct } from "../deals/index.ts";
import { fillUpOf, nearbySummary } from "../gas/index.ts";
import { carOf } from "../lib/car.ts";
import { centsToNumber } from "../lib/money.ts";
import { MAX_AREAS, milesBetween, NEAREST_AREAS, type NearPlace, neighbourhood, roundMiles } from "../lib/zip.ts";
import { median } from "../reports/index.ts";
import { type Choice, type Offer, type PlanItem, type PlanStore, type Priced, planBasket, pricesAt } from "./plan.ts";
import { ownList } from "./queries.ts";

type Matched = { item: PlanItem; matchedName: string | null; offers: Offer[] };

const sizeOf = (milli: number | null, unit: ShoppingListItem["sizeUnit"]) =>
	milli !== null && unit !== null ? { quantity: milli / 1000, unit } : null;

/** One item's product near the places, and each store's offer of it. */
async function itemOffers(
	db: Db,
	row: ShoppingListItem,
	where: { zip: string; near: readonly NearPlace[]; places: string; categories: ReadonlyMap<number, CategoryRow> },
) {
	const { zip, near, places } = where;
	const category = row.categoryId === null ? undefined : where.categories.get(row.categoryId);
	const match = await matchProduct(
		db,
		{ name: row.name, barcode: row.barcode, zip, ...(category ? { category } : {}) },
		near,
		places,
		{ candidates: false },
	);
	const item = { id: row.id, name: row.name, quantity: row.quantity, size: sizeOf(row.sizeMilli, row.sizeUnit) };
	if (!match.category || !match.match) return { item, matchedName: null, offers: [] };
	const offers = storeOffers(db, { name: match.name, category: match.category.id, places }).map((o) => ({
		storeId: o.storeId,
		reportId: o.reportId,
		size: sizeOf(o.sizeMilli, o.sizeUnit),
		reportedAt: Math.max(o.createdAt, o.confirmedAt ?? 0),
		confidence: o.confidence,
		confirmations: o.confirmations,
		priceType: o.priceType,
		saleEnds: o.saleEnds,
		multiBuy:
			o.multiQuantity !== null && o.multiPriceCents !== null
				? { quantity: o.multiQuantity, cents: o.multiPriceCents }
				: null,
		// A multi-buy's one is its exact share, so a whole bundle costs what the shelf says.
		priceCents:
			o.multiQuantity !== null && o.multiPriceCents !== null ? o.multiPriceCents / o.multiQuantity : o.priceCents,
	}));
	return { item, matchedName: match.matchedName, offers };
}

async function matchAll(db: Db, rows: readonly ShoppingListItem[], zip: string, areas: number) {
	const near = neighbourhood(zip, areas);
	const places = JSON.stringify(near.map((p) => p.token));
	// Every category once, rather than one read per item.
	const categories = new Map(categoryRows(db).map((c) => [c.id, c]));
	const matched: Matched[] = [];
	for (const row of rows) matched.push(await itemOffers(db, row, { zip, near, places, categories }));
	return { near, matched };
}

/** What a mile costs in the shopper's car at the area's price of their fuel; null without a price nearby. */
async function dollarsPerMile(db: Db, user: User, zip: string) {
	const fuel = user.preferredFuelType;
	const price = (await nearbySummary(db, zip)).averages[fuel];
	const { milesPerUnit } = fillUpOf(carOf(user), fuel);
	return price === null || !(milesPerUnit > 0) ? null : { fuel, price, milesPerUnit, perMile: price / milesPerUnit };
}

export async function listPlan(db: Db, user: User, listId: number, zipCode: string) {
	await ownList(db, user.id, listId);
	const rows = await itemRowsOf(db, listId);
	// A quiet neighbourhood widens, as search does, before it says nothing is priced.
	let { near, matched } = await matchAll(db, rows, zipCode, NEAREST_AREAS);
	const widened = rows.length > 0 && matched.every((m) => m.offers.length === 0);
	if (widened) ({ near, matched } = await matchAll(db, rows, zipCode, MAX_AREAS));

	const memberOf = await memberStoreIds(db, user.id);
	const prices = new Map<number, Map<number, Priced>>();
	const typical = new Map<number, number>();
	const memberOnly = new Map<number, number>();
	for (const { item, offers } of matched) {
		const priced = pricesAt(item, offers, memberOf);
		const at = priced.at;
		for (const id of priced.memberOnly) memberOnly.set(id, (memberOnly.get(id) ?? 0) + 1);
		prices.set(item.id, at);
		if (at.size > 0) typical.set(item.id, Math.round(median([...at.values()].map((p) => p.cents))));
	}
	const storeIds = [...new Set([...prices.values()].flatMap((at) => [...at.keys()]).concat([...memberOnly.keys()]))];
	const rowsOfStores = storeIds.length > 0 ? planStores(db, JSON.stringify(storeIds)) : [];
	const milesOf = new Map(near.map((p) => [p.token, p.miles]));
	const stores: PlanStore[] = rowsOfStores.map((s) => ({
		...s,
		place: s.locToken,
		milesFromHome: milesOf.get(s.locToken) ?? 0,
	}));
	const driving = await dollarsPerMile(db, user, zipCode);
	const trip = {
		dollarsPerMile: driving?.perMile ?? null,
		milesBetween,
	};
	// Only the stores with something the shopper can pay: a store of member prices alone is named, not planned.
	const payable = new Set([...prices.values()].flatMap((at) => [...at.keys()]));
	const { single, pair } = planBasket(
		matched.map((m) => m.item),
		prices,
		stores.filter((s) => payable.has(s.id)),
		trip,
	);
	const storeById = new Map(stores.map((s) => [s.id, s]));
	const choiceJson = (choice: Choice | null) => {
		if (!choice) return null;
		const typicalCents = choice.bought.reduce((sum, p) => sum + (typical.get(p.itemId) ?? p.cents), 0);
		const saving = typicalCents - choice.totalCents;
		return {
			stores: choice.stores.map((id) => {
				const store = storeById.get(id) as PlanStore;
				return {
					id,
					name: store.name,
					address: store.address,
					distanceMiles: roundMiles(store.milesFromHome),
					member: memberOf.has(id),
				};
			}),
			items: choice.bought.map((p) => ({
				itemId: p.itemId,
				storeId: p.storeId,
				reportId: p.offer.reportId,
				price: centsToNumber(p.cents),
				priceType: p.offer.priceType,
				saleEnds: p.offer.saleEnds,
				multiBuy: p.offer.multiBuy && {
					quantity: p.offer.multiBuy.quantity,
					price: centsToNumber(p.offer.multiBuy.cents),
				},
				reportedAt: new Date(p.offer.reportedAt).toISOString(),
				confidence: p.offer.confidence,
				confirmations: p.offer.confirmations,
			})),
			missing: choice.missing,
			total: centsToNumber(choice.totalCents),
			typical: centsToNumber(typicalCents),
			saving: centsToNumber(saving),
			trip:
				choice.tripMiles === null
					? null
					: {
							miles: roundMiles(choice.tripMiles),
							cost: choice.tripCents === null ? null : centsToNumber(choice.tripCents),
						},
			savingAfterTrip: choice.tripCents === null ? null : centsToNumber(saving - choice.tripCents),
		};
	};
	const pays = (c: Choice) => c.totalCents + (c.tripCents ?? 0);
	const pairWins =
		pair !== null &&
		single !== null &&
		(pair.bought.length > single.bought.length ||
			(pair.bought.length === single.bought.length && pays(pair) < pays(single)));
	return {
		listId,
		zipCode,
		widened,
		items: matched.map(({ item, matchedName }) => ({
			id: item.id,
			name: item.name,
			quantity: item.quantity,
			size: item.size,
			matchedName,
			// The stores with a price of it the shopper can pay.
			stores: prices.get(item.id)?.size ?? 0,
		})),
		driving: driving && {
			fuelType: driving.fuel,
			fuelPrice: driving.price,
			milesPerUnit: driving.milesPerUnit,
			costPerMile: Math.round(driving.perMile * 1000) / 1000,
		},
		// Stores with member prices of the list the shopper cannot pay until they say they are a member there.
		memberPricesAt: [...memberOnly].map(([id, items]) => {
			const store = storeById.get(id) as PlanStore;
			return { id, name: store.name, address: store.address, items };
		}),
		single: choiceJson(single),
		pair: choiceJson(pair),
		recommended: single === null ? null : pairWins ? ("pair" as const) : ("single" as const),
	};
}
