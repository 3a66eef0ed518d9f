/**
 * A generated neighbourhood of price reports for tests that need thousands of matches per word: stores at each
 * of a zip's nearest places and at places beyond, products whose multi-word names share words and prefixes,
 * prices with many ties, confirmations, flags, and reports that left the live set (hidden, withdrawn, expired,
 * judged wrong, repriced). Written straight into the tables in one transaction, so the search index's triggers
 * index them as the report path's writes do, without a request per report.
 */
import { eq, inArray } from "drizzle-orm";
import { priceReports, productCategories, stores } from "../../db/schema.ts";
import { inTransaction } from "../data/transaction.ts";
import type { Db } from "../db.ts";
import { normalizeText } from "../lib/normalize.ts";
import { seededRandom } from "../lib/seeded-random.ts";
import { locToken, neighbourhood } from "../lib/zip.ts";
import { searchText } from "../reports/search-text.ts";

/** A product as shoppers name it, its category's slug, and how often it is reported (relative weight). */
const CATALOGUE: [name: string, category: string, weight: number][] = [
	["Whole Milk", "dairy", 6],
	["whole  MILK", "dairy", 2],
	["Organic Whole Milk", "dairy", 3],
	["Chocolate Milk", "dairy", 2],
	["Milk Chocolate", "dairy", 1],
	["Milk Chocolate", "groceries", 2],
	["Milk Chocolate Bar", "groceries", 2],
	["Cheddar Cheese", "dairy", 3],
	["Cream Cheese", "dairy", 2],
	["Oat Milk", "beverages", 3],
	["Milkshake Mix", "beverages", 1],
	["Chai Latte", "beverages", 2],
	["Cherry Soda", "beverages", 2],
	["Kombucha Ginger", "beverages", 0.15],
	["Organic Oranges", "produce", 3],
	["Cherry Tomatoes", "produce", 2],
	["Chocolate Chip Cookies", "bakery", 2],
	["Milk Bread", "bakery", 1],
	["Chicken Breast", "meat-seafood", 3],
	["Chickpeas", "groceries", 2],
	["Clam Chowder", "groceries", 1],
	["Wireless Earbuds", "electronics", 2],
	["Phone Charger", "electronics", 2],
	["Milk Frother", "electronics", 1],
	["Chromebook", "electronics", 1],
	["Cheese Pizza", "restaurants", 3],
	["Chicken Burrito", "restaurants", 2],
	["Milkshake", "restaurants", 2],
	["Dish Soap", "household", 2],
	["Chlorine Bleach", "household", 1],
	["Chapstick", "personal-care", 1],
];
const DESCRIPTIONS = [
	null,
	null,
	null,
	"Great with milk",
	"Chunky and chewy",
	"Chilled, back shelf",
	"Cheap this week",
	"Chef's choice",
	"Organic, local farm",
	"Check the end cap",
];
const TAGS = ["organic", "milk", "store brand", "local", "chocolate", "bulk", "cherry"];

export type GeneratedReports = { reports: number; stores: number };

/**
 * `count` reports by `reporters` (user ids) at three stores per place of `home`'s neighbourhood (and, for a
 * fifth of them, at places beyond it and abroad), made over the last few days in id order, then some of them
 * taken out of the live set or changed the way moderation, expiry and a new price do.
 */
export function generateReports(
	db: Db,
	{ home, reporters, count, seed = 54 }: { home: string; reporters: string[]; count: number; seed?: number },
): GeneratedReports {
	// Seeded: the same database on every run.
	const rand = seededRandom(seed);
	const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;
	const categories = db.select().from(productCategories).all();
	const bySlug = new Map(categories.map((c) => [c.slug, c]));
	const groupOf = (id: number | null) => categories.find((c) => c.id === id)?.slug ?? null;
	const near = neighbourhood(home).map((p) => p.token.slice(1));
	const beyond = [
		...neighbourhood(home, 40)
			.slice(24)
			.map((p) => p.token.slice(1)),
		"SW1A 1AA",
		"10001",
	];
	const totalWeight = CATALOGUE.reduce((sum, [, , w]) => sum + w, 0);
	const product = () => {
		let left = rand() * totalWeight;
		for (const entry of CATALOGUE) {
			left -= entry[2];
			if (left <= 0) return entry;
		}
		return CATALOGUE[0]!;
	};
	const now = Date.now();
	const start = now - 4 * 24 * 3_600_000;

	return inTransaction(db, (tx) => {
		const placed = (zips: string[]) =>
			tx
				.insert(stores)
				.values(
					zips.flatMap((zip) =>
						[1, 2, 3].map((n) => ({
							name: `Market ${n} ${zip}`,
							address: `${n} Main St`,
							zipCode: zip,
							lookupKey: `market ${n} ${zip}|${n} main st`,
							locToken: locToken(zip),
						})),
					),
				)
				.returning({ id: stores.id, zip: stores.zipCode, loc: stores.locToken })
				.all();
		const nearStores = placed(near);
		const farStores = placed(beyond);
		const rows = Array.from({ length: count }, (_, i) => {
			const [name, slug] = product();
			const category = bySlug.get(slug)!;
			const store = rand() < 0.8 ? pick(nearStores) : pick(farStores);
			const tags = [...new Set(Array.from({ length: Math.floor(rand() * 3) }, () => pick(TAGS)))];
			const description = pick(DESCRIPTIONS);
			const createdAt = new Date(start + Math.floor(i / 3) * 60_000);
			const confirmCount = rand() < 0.12 ? 1 + Math.floor(rand() * 3) : 0;
			const flagged = rand() < 0.05;
			return {
				userId: pick(reporters),
				storeId: store.id,
				productName: name,
				normalizedName: normalizeText(name),
				// Tenths of a dollar over a narrow band: many reports of a word share a price.
				priceCents: 99 + 10 * Math.floor(rand() * 40) + (slug === "electronics" ? 2_000 : 0),
				categoryId: category.id,
				tags,
				description,
				zipCode: store.zip!,
				locToken: store.loc,
				searchText: searchText({
					productName: name,
					tags,
					categoryName: category.name,
					categorySlug: category.slug,
					groupSlug: groupOf(category.parentCategoryId),
					description,
				}),
				confirmCount,
				confirmedAt: confirmCount > 0 ? new Date(createdAt.getTime() + 3_600_000) : null,
				flagCount: flagged ? 1 : 0,
				flagWeight: flagged ? 0.5 : 0,
				isUnusual: rand() < 0.05,
				unavailableCount: rand() < 0.03 ? 1 : 0,
				availability: rand() < 0.05 ? ("out-of-stock" as const) : ("in-stock" as const),
				// Some leave the live set before they are ever indexed.
				isExpired: rand() < 0.02,
				createdAt,
				updatedAt: createdAt,
			};
		});
		const ids: number[] = [];
		for (let i = 0; i < rows.length; i += 500)
			for (const r of tx
				.insert(priceReports)
				.values(rows.slice(i, i + 500))
				.returning({ id: priceReports.id })
				.all())
				ids.push(r.id);

		// Reports leaving the live set after they were indexed, as moderation, suspension and expiry make them.
		const some = (share: number) => ids.filter(() => rand() < share);
		const update = (chosen: number[], set: Partial<typeof priceReports.$inferInsert>) => {
			for (let i = 0; i < chosen.length; i += 500)
				tx.update(priceReports)
					.set(set)
					.where(inArray(priceReports.id, chosen.slice(i, i + 500)))
					.run();
		};
		update(some(0.05), { isActive: false, withdrawnReason: "flagged", flagCount: 3, flagWeight: 3 });
		update(some(0.02), { isActive: false, withdrawnReason: "suspended" });
		update(some(0.05), { isExpired: true, expiredAt: new Date(now), expiredReason: "age" });
		update(some(0.02), { isExpired: true, isDiscredited: true, expiredAt: new Date(now), expiredReason: "outlier" });
		// A new price on some (the index moves them to their new price's place in its order).
		for (const id of some(0.03))
			tx.update(priceReports)
				.set({ priceCents: 99 + 10 * Math.floor(rand() * 40) })
				.where(eq(priceReports.id, id))
				.run();
		return { reports: ids.length, stores: nearStores.length + farStores.length };
	});
}
