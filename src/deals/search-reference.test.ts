import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { priceReports, productCategories } from "../../db/schema.ts";
import { neighbourhood } from "../lib/zip.ts";
import { generateReports } from "../test/generate-reports.ts";
import { expectBody, registerUser, startTestServer, type TestClient, type TestServer } from "../test/harness.ts";

// Search against a reference that sorts every match and cuts the page, on a generated neighbourhood with
// thousands of matches per word: the first three pages of every sort, chip and kind of query are the same.
// The reference works from the stored reports and what search means (decisions 0045, 0046, 0061, 0064), never
// from the search index.
const HOME = "90210";
const PAGE = 25;
const PAGES = 3;
const SORTS = ["price", "distance", "recent"] as const;
const FILTERS = [null, "groceries", "electronics", "restaurants", "dairy"] as const;
// A common word (and its continuations: milk finds milkshake), a rare one, two words, a short prefix with many
// continuations, two prefixes, and a chip alone.
const QUERIES = ["milk", "kombucha", "organic milk", "ch", "chi ch", ""];

type Sort = (typeof SORTS)[number];
type Stored = {
	id: number;
	store: number;
	/** The same product at the same store: name (lower-cased, spaces collapsed) and category. */
	card: string;
	words: string[];
	/** The category's slug and its group's. */
	filters: string[];
	price: number;
	/** Its store's place (location token). */
	loc: string;
	live: boolean;
	/** The shoppers who spoke of the price: the reporter and those who confirmed it. */
	voices: number;
	latestAt: number;
};
type Card = {
	id: number;
	distanceMiles: number | null;
	storeReports: { reports: number; agreeing: number; latestAt: string } | null;
};

let server: TestServer;
let searcher: TestClient;
let stored: Stored[] = [];
/** The live reports of each store's product. */
const liveByCard = new Map<string, Stored[]>();
const wordsOf = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/** Every report as stored, with what the reference needs of it. */
function readStored(): Stored[] {
	const categories = server.db.select().from(productCategories).all();
	const category = new Map(categories.map((c) => [c.id, c]));
	return server.db
		.select()
		.from(priceReports)
		.all()
		.map((r) => {
			const own = category.get(r.categoryId)!;
			const group = own.parentCategoryId === null ? null : category.get(own.parentCategoryId)!;
			return {
				id: r.id,
				store: r.storeId,
				card: JSON.stringify([r.storeId, r.productName.toLowerCase().replace(/\s+/g, " ").trim(), r.categoryId]),
				words: wordsOf([r.productName, ...r.tags, own.name, r.description ?? ""].join(" ")),
				filters: [own.slug, ...(group ? [group.slug] : [])],
				price: r.priceCents,
				loc: r.locToken,
				live: r.isActive && !r.isExpired,
				voices: 1 + r.confirmCount,
				latestAt: Math.max(r.createdAt.getTime(), r.confirmedAt?.getTime() ?? 0),
			};
		});
}

/** Cheapest first, then newest (ids are given in the order reports are made). */
const byPrice = (a: Stored, b: Stored) => a.price - b.price || b.id - a.id;
/** The orders of a search whose places are ranked nearest first by `rank` (a report's place's index). */
const orders = (rank: (r: Stored) => number): Record<Sort, (a: Stored, b: Stored) => number> => ({
	price: byPrice,
	distance: (a, b) => rank(a) - rank(b) || byPrice(a, b),
	recent: (a, b) => b.id - a.id,
});

/**
 * Every card of a search, in order: the live reports at HOME's `areas` nearest places (and its own) where each query word begins a word of the
 * report's product name, tags, category name or description, in the chip's category or group; sorted; the
 * first report of each store's product leads its card, which counts that store's live reports of the product.
 */
function reference(q: string, filter: string | null, sort: Sort, areas = 20): Card[] {
	const near = neighbourhood(HOME, areas);
	const places = new Map(near.map((p, i) => [p.token, i]));
	const rank = (r: Stored) => places.get(r.loc) ?? -1;
	const query = wordsOf(q);
	const matches = stored.filter(
		(r) =>
			r.live &&
			rank(r) >= 0 &&
			(filter === null || r.filters.includes(filter)) &&
			query.every((w) => r.words.some((word) => word.startsWith(w))),
	);
	matches.sort(orders(rank)[sort]);
	const seen = new Set<string>();
	const cards: Card[] = [];
	for (const r of matches) {
		if (seen.has(r.card)) continue;
		seen.add(r.card);
		const store = liveByCard.get(r.card)!;
		const reports = store.reduce((sum, s) => sum + s.voices, 0);
		cards.push({
			id: r.id,
			distanceMiles: Math.round(near[rank(r)]!.miles * 10) / 10,
			storeReports:
				reports > 1
					? {
							reports,
							agreeing: store.filter((s) => s.price === r.price).reduce((sum, s) => sum + s.voices, 0),
							latestAt: new Date(Math.max(...store.map((s) => s.latestAt))).toISOString(),
						}
					: null,
		});
	}
	return cards;
}

/** The first pages as GET /api/search answers them, each card's id and what the comparison reads of it. */
async function searched(q: string, filter: string | null, sort: Sort, areas = 20): Promise<Card[][]> {
	return Promise.all(
		Array.from({ length: PAGES }, async (_, page) => {
			const params = new URLSearchParams({ q, sort, limit: String(PAGE), offset: String(page * PAGE) });
			if (filter) params.set("category", filter);
			if (areas !== 20) params.set("areas", String(areas));
			const res = await searcher.get(`/api/search?${params}`);
			return expectBody(res, 200).map((r) => ({
				id: r.id,
				distanceMiles: r.distanceMiles,
				storeReports: r.storeReports,
			}));
		}),
	);
}

const pagesOf = (cards: Card[]) =>
	Array.from({ length: PAGES }, (_, page) => cards.slice(page * PAGE, (page + 1) * PAGE));

beforeAll(async () => {
	server = await startTestServer({ OLLAMA_HOST: "off" });
	const reporters = await Promise.all([1, 2, 3].map(() => registerUser(server, { zipCode: HOME })));
	searcher = (await registerUser(server, { zipCode: HOME })).client;
	generateReports(server.db, { home: HOME, reporters: reporters.map((r) => r.user.id), count: 14_000 });
	stored = readStored();
	for (const r of stored.filter((s) => s.live)) liveByCard.set(r.card, [...(liveByCard.get(r.card) ?? []), r]);
});
afterAll(() => server.stop());

describe("search against the reference", () => {
	test("the generated neighbourhood has thousands of matches per word, stores of many reports, and dead reports", () => {
		const milk = reference("milk", null, "price");
		const near = new Set(neighbourhood(HOME).map((p) => p.token));
		const live = stored.filter((r) => r.live && near.has(r.loc));
		expect(live.filter((r) => r.words.some((w) => w.startsWith("milk"))).length).toBeGreaterThan(3_000);
		expect(live.filter((r) => r.words.some((w) => w.startsWith("ch"))).length).toBeGreaterThan(3_000);
		// More words begin with "ch" than search expands one by one, so it is also searched as a bare prefix.
		expect(new Set(live.flatMap((r) => r.words.filter((w) => w.startsWith("ch")))).size).toBeGreaterThan(16);
		expect(milk.length).toBeGreaterThan(PAGE * PAGES);
		expect(milk.filter((c) => c.storeReports).length).toBeGreaterThan(PAGE);
		expect(stored.filter((r) => !r.live).length).toBeGreaterThan(1_000);
		expect(stored.filter((r) => !near.has(r.loc)).length).toBeGreaterThan(1_000);
		const rare = reference("kombucha", null, "price").length;
		expect(rare).toBeGreaterThan(0);
		expect(rare).toBeLessThan(PAGE * PAGES);
	});

	for (const q of QUERIES)
		test(`"${q}": the first ${PAGES} pages of every sort and chip are the reference's`, async () => {
			for (const filter of FILTERS) {
				if (q === "" && filter === null) continue;
				for (const sort of SORTS) {
					const search = { q, filter, sort };
					expect({ search, pages: await searched(q, filter, sort) }).toEqual({
						search,
						pages: pagesOf(reference(q, filter, sort)),
					});
				}
			}
		});

	test("a widened search reaches the places beyond the neighbourhood, in the same orders", async () => {
		expect(reference("kombucha", null, "price", 40).length).toBeGreaterThan(
			reference("kombucha", null, "price").length,
		);
		for (const q of ["milk", "kombucha"])
			for (const sort of SORTS) {
				const search = { q, sort, areas: 40 };
				const pages = pagesOf(reference(q, null, sort, 40));
				expect({ search, pages: await searched(q, null, sort, 40) }).toEqual({ search, pages });
			}
	});
});
