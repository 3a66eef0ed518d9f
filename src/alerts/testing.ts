/**
 * Helpers shared by the alerts API tests: categories by name, reports and alerts made through the API, and
 * the live event stream read over real HTTP.
 */
import { eq } from "drizzle-orm";
import { priceReports, stores } from "../../db/schema.ts";
import { inTransaction } from "../data/transaction.ts";
import type { Db } from "../db.ts";
import type { WrittenPrice } from "../reports/index.ts";
import { expectBody, type TestClient, type TestServer } from "../test/harness.ts";
import { recordHitsFor } from "./matching.ts";

export async function categoryIds(client: TestClient) {
	const list = expectBody(await client.get("/api/categories"), 200);
	const byName = (name: string) => {
		const found = list.find((c) => c.name === name);
		if (!found) throw new Error(`no category ${name}`);
		return found.id;
	};
	return { dairy: byName("Dairy"), produce: byName("Produce"), groceries: byName("Groceries") };
}

/** Reports a price at `zip` (vacation mode, so any reporter can report anywhere); fails the test unless stored. */
export async function reportPrice(
	client: TestClient,
	fields: {
		productName: string;
		price: number;
		categoryId: number;
		zip?: string;
		storeName?: string;
		/** Kept as typed when the quality check asks about a price far from the usual. */
		confirmUnusual?: boolean;
	},
) {
	const res = await client.post("/api/price-reports", {
		productName: fields.productName,
		price: fields.price,
		categoryId: fields.categoryId,
		storeName: fields.storeName ?? `Store ${crypto.randomUUID().slice(0, 8)}`,
		storeAddress: "1 Market St",
		vacationMode: Boolean(fields.zip),
		reportZipCode: fields.zip ?? null,
		...(fields.confirmUnusual && { confirmUnusual: true }),
	});
	if (res.status !== 201) throw new Error(`report failed: ${res.status} ${JSON.stringify(res.data)}`);
	return res.data;
}

export async function createAlert(client: TestClient, body: Record<string, unknown>) {
	const res = await client.post("/api/price-alerts", body);
	if (res.status !== 201) throw new Error(`alert failed: ${res.status} ${JSON.stringify(res.data)}`);
	return res.data;
}

type Event = { event?: string; id?: string; data: string; retry?: string };

/** GET /api/events over real HTTP, its body read as it arrives and parsed as text/event-stream. */
export async function openEvents(
	server: TestServer,
	client: TestClient | null,
	headers: Record<string, string> = {},
	query = "",
) {
	const abort = new AbortController();
	const cookie: Record<string, string> = client?.cookie ? { cookie: client.cookie } : {};
	const res = await fetch(`${server.origin}/api/events${query}`, {
		headers: { ...cookie, ...headers },
		signal: abort.signal,
	});
	const events: Event[] = [];
	const comments: string[] = [];
	let lastEventId: string | undefined; // as EventSource keeps it: set by any block with an id, data or not
	let ended = false;
	const decoder = new TextDecoder();
	const done = (async () => {
		if (!res.ok || !res.body) return;
		const reader = res.body.getReader();
		let buffer = "";
		try {
			for (;;) {
				const { done, value } = await reader.read();
				if (done) break;
				buffer += decoder.decode(value, { stream: true });
				let cut = buffer.indexOf("\n\n");
				while (cut >= 0) {
					const block = buffer.slice(0, cut);
					buffer = buffer.slice(cut + 2);
					const event: Event = { data: "" };
					for (const line of block.split("\n")) {
						if (line.startsWith(":")) comments.push(line.slice(1).trim());
						else {
							const [field, ...rest] = line.split(": ");
							(event as Record<string, string>)[field ?? ""] = rest.join(": ");
						}
					}
					if (event.id !== undefined) lastEventId = event.id;
					if (event.data || event.retry) events.push(event);
					cut = buffer.indexOf("\n\n");
				}
			}
		} catch {
			// aborted by the test
		}
		ended = true;
	})();
	const waitFor = async (what: () => boolean, ms = 3000) => {
		const until = Date.now() + ms;
		while (!what()) {
			if (Date.now() > until) throw new Error(`timed out; events: ${JSON.stringify(events)}`);
			await Bun.sleep(20);
		}
	};
	return {
		res,
		events,
		comments,
		hits: () => events.filter((e) => e.event === "price-alert").map((e) => ({ id: e.id, ...JSON.parse(e.data) })),
		lastEventId: () => lastEventId,
		waitFor,
		ended: () => ended,
		close: async () => {
			abort.abort();
			await done;
		},
	};
}

/** recordHitsFor a stored product report, read by id, in its own IMMEDIATE transaction (matching it again). */
export function recordHits(db: Db, reportId: number, now = Date.now()) {
	const found = db
		.select({
			id: priceReports.id,
			userId: priceReports.userId,
			productName: priceReports.productName,
			priceCents: priceReports.priceCents,
			categoryId: priceReports.categoryId,
			zipCode: priceReports.zipCode,
			locToken: priceReports.locToken,
			isActive: priceReports.isActive,
			isExpired: priceReports.isExpired,
			storeId: stores.id,
			storeName: stores.name,
			storeAddress: stores.address,
		})
		.from(priceReports)
		.innerJoin(stores, eq(stores.id, priceReports.storeId))
		.where(eq(priceReports.id, reportId))
		.get();
	if (!found?.isActive || found.isExpired) return [];
	const price: WrittenPrice = {
		market: "product",
		id: found.id,
		userId: found.userId,
		productName: found.productName,
		categoryId: found.categoryId,
		price: found.priceCents,
		place: {
			id: found.storeId,
			name: found.storeName,
			address: found.storeAddress,
			zipCode: found.zipCode,
			locToken: found.locToken,
		},
		zip: found.zipCode,
		replaces: [],
	};
	return inTransaction(db, (tx) => recordHitsFor(tx, price, now), "immediate");
}
