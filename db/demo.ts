/**
 * The demo database of `commoncents seed` (and so of ./scripts/start): three shoppers on the Westside of Los
 * Angeles, their stores, price and fuel reports, alerts (one met), upvotes and a deal taken, so a first run
 * shows every screen with something in it. They live in real ZIPs a few miles apart (Beverly Hills, West
 * Hollywood, Beverly Grove), each in the others' neighbourhood though far apart by number, so a shopper sees
 * the neighbours' prices with their miles. Everything goes through the app's own services, as if the shoppers
 * had used it.
 */
import { count, eq } from "drizzle-orm";
import * as v from "valibot";
import { alertHits, createAlert, PriceAlertSchema } from "../src/alerts/index.ts";
import type { Db } from "../src/db.ts";
import { createPriceReport, PriceReportSchema, takeDeal, toggleUpvote } from "../src/deals/index.ts";
import { createGasReport, GasReportSchema } from "../src/gas/index.ts";
import { placeLookupKey } from "../src/lib/normalize.ts";
import { DAY_MS, MINUTE_MS } from "../src/lib/time.ts";
import { locToken } from "../src/lib/zip.ts";
import { PriceEvents, PriceModel, type ReportTable, ReportWriter } from "../src/reports/index.ts";
import { productCategories, stores, type User, users } from "./schema.ts";
import { ensureTaxonomy } from "./seed.ts";
import { slugify } from "./taxonomy.ts";

export const DEMO_PASSWORD = "DemoPass1!";
type Shopper = "maria" | "james" | "priya";
const DEMO_USERS: { username: Shopper; firstName: string; lastName: string; zipCode: string }[] = [
	{ username: "maria", firstName: "Maria", lastName: "Lopez", zipCode: "90210" },
	{ username: "james", firstName: "James", lastName: "Chen", zipCode: "90069" },
	{ username: "priya", firstName: "Priya", lastName: "Patel", zipCode: "90048" },
];
const DEMO_STORES = [
	{ name: "FreshMart", address: "250 N Canon Dr", zipCode: "90210", phone: "(310) 555-0101" },
	{ name: "Corner Grocery", address: "8800 Sunset Blvd", zipCode: "90069", phone: "(310) 555-0144" },
	{ name: "Green Valley Market", address: "8500 Beverly Blvd", zipCode: "90048", phone: null },
	{ name: "TechHub Electronics", address: "10250 Santa Monica Blvd", zipCode: "90067", phone: "(310) 555-0199" },
];
const STORE_OF: Record<Shopper, (typeof DEMO_STORES)[number]> = {
	maria: DEMO_STORES[0]!,
	james: DEMO_STORES[1]!,
	priya: DEMO_STORES[2]!,
};

type DemoReport = [Shopper, product: string, price: string, category: string, tags: string[], description?: string];
const PRICE_REPORTS: DemoReport[] = [
	["maria", "Organic Whole Milk", "4.29", "Dairy", ["Organic", "Milk"], "Half gallon"],
	["james", "Organic Whole Milk", "4.79", "Dairy", ["Organic", "Milk"], "Half gallon"],
	["priya", "Organic Whole Milk", "3.99", "Dairy", ["Organic", "Milk"], "Half gallon, on sale this week"],
	["maria", "Large Brown Eggs", "3.49", "Dairy", ["Eggs"], "A dozen"],
	["james", "Large Brown Eggs", "3.99", "Dairy", ["Eggs"], "A dozen"],
	["james", "Greek Yogurt", "5.49", "Dairy", ["Yogurt"], "32 oz tub"],
	["priya", "Aged Cheddar", "4.49", "Dairy", ["Cheese"], "8 oz block"],
	["maria", "Sourdough Bread", "5.99", "Bakery", ["Bread"]],
	["priya", "Sourdough Bread", "6.49", "Bakery", ["Bread"]],
	["maria", "Bananas", "0.59", "Produce", ["Fruit"], "Per pound"],
	["james", "Bananas", "0.69", "Produce", ["Fruit"], "Per pound"],
	["priya", "Hass Avocados", "1.25", "Produce", ["Vegetables"], "Each"],
	["maria", "Ground Coffee", "8.99", "Beverages", ["Coffee"], "12 oz bag, medium roast"],
	["james", "Spaghetti", "1.79", "Groceries", ["Pasta & Rice", "Store Brand"], "1 lb box"],
];
/** Reported by James at the electronics store in Century City, in the store's own zip. */
const TECH_REPORTS: [product: string, price: string, tags: string[], description: string][] = [
	["Wireless Earbuds", "49.99", ["Audio"], "Noise cancelling, last year's model"],
	["USB-C Charger 30W", "19.99", ["Accessories"], "Two ports"],
];
const FUEL_REPORTS: [Shopper, station: string, address: string, fuel: string, price: number, def?: number][] = [
	["maria", "Wilshire Fuel", "9988 Wilshire Blvd", "regular", 3.459],
	["maria", "Wilshire Fuel", "9988 Wilshire Blvd", "premium", 4.159],
	["james", "Sunset Gas", "8480 Sunset Blvd", "regular", 3.399],
	["james", "Sunset Gas", "8480 Sunset Blvd", "diesel", 4.059, 3.49],
	["priya", "Third Street Service", "8300 W 3rd St", "regular", 3.519],
	["priya", "Beverly Center Charging", "8500 Beverly Blvd", "electric", 0.42],
];

/**
 * Earlier prices, each replaced by the same shopper's later one at the same place, so the product and station
 * pages and the Gas page's trend have weeks of history: [shopper, product, price, days ago].
 */
const PAST_PRICE_REPORTS: [Shopper, product: string, price: string, daysAgo: number][] = [
	["maria", "Organic Whole Milk", "4.49", 58],
	["priya", "Organic Whole Milk", "4.19", 50],
	["james", "Organic Whole Milk", "4.99", 45],
	["maria", "Organic Whole Milk", "4.39", 30],
	["james", "Organic Whole Milk", "4.89", 20],
	["priya", "Organic Whole Milk", "4.09", 15],
];
/** Earlier regular prices at the shoppers' stations, replaced in turn: [shopper, station, price, days ago]. */
const PAST_FUEL_REPORTS: [Shopper, station: string, price: number, daysAgo: number][] = [
	["priya", "Third Street Service", 3.599, 27],
	["james", "Sunset Gas", 3.489, 26],
	["priya", "Third Street Service", 3.569, 20],
	["james", "Sunset Gas", 3.459, 19],
	["priya", "Third Street Service", 3.549, 13],
	["james", "Sunset Gas", 3.429, 12],
	["maria", "Wilshire Fuel", 3.529, 10],
	["priya", "Third Street Service", 3.539, 6],
	["james", "Sunset Gas", 3.409, 5],
];
const STATION_ADDRESS = Object.fromEntries(FUEL_REPORTS.map(([, station, address]) => [station, address]));

/** Apart, in reporting order: the newest report is minutes old, the oldest of the sixteen about a day. */
const NEWEST_AGE_MS = 7 * MINUTE_MS;
const PRICE_REPORT_GAP_MS = 97 * MINUTE_MS;
const FUEL_REPORT_GAP_MS = 71 * MINUTE_MS;
const MET_ALERT_LEAD_MS = 30 * MINUTE_MS;
const MEMBER_DAYS: Record<Shopper, number> = { maria: 62, james: 41, priya: 19 };

/**
 * The services stamp everything "now", so a fresh demo would read "just now" on every card. This spreads the
 * reports over the past hours in the order they were made (so "Recent", which is report order, still agrees
 * with their times), puts the earlier prices at their days ago, moves each station's "updated" to its newest price and a met alert's times to its
 * report's, and makes the shoppers members for weeks. Only times change: no column the search index or the
 * gas triggers watch.
 */
function backdateDemo(db: Db, now: number, past: { table: ReportTable; id: number; daysAgo: number }[]) {
	const client = db.$client;
	client
		.transaction(() => {
			const spread = (table: "price_reports" | "gas_price_reports", gapMs: number) => {
				const ids = client.query<{ id: number }, []>(`SELECT id FROM ${table} ORDER BY id DESC`).all();
				const stamp = client.query(`UPDATE ${table} SET created_at = $at, updated_at = $at WHERE id = $id`);
				for (const [newer, { id }] of ids.entries()) stamp.run({ id, at: now - NEWEST_AGE_MS - newer * gapMs });
			};
			spread("price_reports", PRICE_REPORT_GAP_MS);
			spread("gas_price_reports", FUEL_REPORT_GAP_MS);
			for (const { table, id, daysAgo } of past) {
				const at = now - daysAgo * DAY_MS;
				client.query(`UPDATE ${table} SET created_at = $at, updated_at = $at WHERE id = $id`).run({ id, at });
			}
			client.run(`UPDATE gas_stations SET last_updated =
      (SELECT max(created_at) FROM gas_price_reports r WHERE r.station_id = gas_stations.id)`);
			// A met alert was set before the report that met it, and was told at that report's time.
			client.run(`UPDATE price_alert_hits SET created_at =
      (SELECT created_at FROM price_reports r WHERE r.id = price_alert_hits.price_report_id)`);
			client.run(`UPDATE price_alerts SET
      last_notified = (SELECT max(created_at) FROM price_alert_hits h WHERE h.alert_id = price_alerts.id),
      created_at = (SELECT min(created_at) FROM price_reports) - ${MET_ALERT_LEAD_MS}
      WHERE id IN (SELECT alert_id FROM price_alert_hits)`);
			const member = client.query("UPDATE users SET created_at = $at WHERE username = $username");
			for (const [username, days] of Object.entries(MEMBER_DAYS)) member.run({ username, at: now - days * DAY_MS });
		})
		.immediate();
}

export type DemoSeeded = { users: number; stores: number; priceReports: number; fuelReports: number; alerts: number };

/** Fills a database that has no users yet with the demo; answers what it added (all zeros when it had users). */
export async function seedDemo(db: Db): Promise<DemoSeeded> {
	ensureTaxonomy(db);
	const none = { users: 0, stores: 0, priceReports: 0, fuelReports: 0, alerts: 0 };
	if ((db.select({ n: count() }).from(users).get()?.n ?? 0) > 0) return none;
	const password = await Bun.password.hash(DEMO_PASSWORD, { algorithm: "argon2id" });
	db.transaction(
		(tx) => {
			tx.insert(users)
				.values(DEMO_USERS.map((u) => ({ ...u, password })))
				.run();
			tx.insert(stores)
				.values(
					DEMO_STORES.map((s) => ({
						...s,
						lookupKey: placeLookupKey(s.name, s.address),
						locToken: locToken(s.zipCode),
					})),
				)
				.onConflictDoNothing()
				.run();
		},
		{ behavior: "immediate" },
	);
	const shopper = Object.fromEntries(
		DEMO_USERS.map((u) => [u.username, db.select().from(users).where(eq(users.username, u.username)).get()!]),
	) as Record<Shopper, User>;
	const categoryId = (name: string) =>
		db.select({ id: productCategories.id }).from(productCategories).where(eq(productCategories.name, name)).get()!.id;
	// The demo is ours: no model is asked about it, whatever OLLAMA_HOST says; no server runs, so nobody listens
	// live, and no device has subscribed to push yet.
	const quiet = {
		db,
		model: new PriceModel({ host: "off", model: "", timeoutMs: 0 }),
		reports: new ReportWriter(db),
		// The alerts record the hits the demo's prices set off; nobody is there to deliver them to.
		prices: new PriceEvents().on(alertHits()),
	};

	// Before the reports, so James's yogurt matches it: the Alerts tab shows one alert met and one waiting.
	const alert = (productName: string, targetPrice: string) =>
		createAlert(db, shopper.maria, v.parse(PriceAlertSchema, { productName, targetPrice, categoryId: null }));
	await alert("Greek Yogurt", "6.00");

	const reported: Record<string, number> = {};
	const report = async (who: Shopper, raw: Record<string, unknown>) => {
		const input = v.parse(PriceReportSchema, raw);
		const answer = await createPriceReport(quiet, shopper[who], input, null);
		reported[`${who}:${input.productName}`] = answer.body.id;
		return answer.body.id;
	};
	const fuelReport = async (who: Shopper, raw: Record<string, unknown>) => {
		// Each shopper's stations are in their own zip.
		const input = v.parse(GasReportSchema, { ...raw, stationZipCode: shopper[who].zipCode });
		return (await createGasReport(quiet, shopper[who], input)).body.id;
	};
	const past: { table: ReportTable; id: number; daysAgo: number }[] = [];
	for (const [who, productName, price, daysAgo] of PAST_PRICE_REPORTS) {
		const { name: storeName, address: storeAddress, zipCode: storeZipCode } = STORE_OF[who];
		const fields = { productName, price, categoryId: categoryId("Dairy"), tags: ["Organic", "Milk"].map(slugify) };
		const id = await report(who, { ...fields, description: "Half gallon", storeName, storeAddress, storeZipCode });
		past.push({ table: "price_reports", id, daysAgo });
	}
	for (const [who, stationName, price, daysAgo] of PAST_FUEL_REPORTS) {
		const fields = { stationName, stationAddress: STATION_ADDRESS[stationName], fuelType: "regular", price };
		past.push({ table: "gas_price_reports", id: await fuelReport(who, fields), daysAgo });
	}
	for (const [who, productName, price, category, tags, description] of PRICE_REPORTS) {
		const { name: storeName, address: storeAddress, zipCode: storeZipCode } = STORE_OF[who];
		const fields = { productName, price, categoryId: categoryId(category), tags: tags.map(slugify), description };
		await report(who, { ...fields, storeName, storeAddress, storeZipCode });
	}
	const tech = DEMO_STORES[3]!;
	for (const [productName, price, tags, description] of TECH_REPORTS) {
		await report("james", {
			productName,
			price,
			categoryId: categoryId("Electronics"),
			tags: tags.map(slugify),
			description,
			storeName: tech.name,
			storeAddress: tech.address,
			storeZipCode: tech.zipCode,
		});
	}
	for (const [who, stationName, stationAddress, fuelType, price, defPrice] of FUEL_REPORTS) {
		await fuelReport(who, { stationName, stationAddress, fuelType, price, defPrice });
	}

	const milk = reported["priya:Organic Whole Milk"]!;
	await toggleUpvote(db, shopper.maria.id, milk);
	await toggleUpvote(db, shopper.james.id, milk);
	await toggleUpvote(db, shopper.priya.id, reported["maria:Bananas"]!);
	await takeDeal(db, shopper.maria, milk);
	await alert("Ground Coffee", "7.50");
	backdateDemo(db, Date.now(), past);

	return {
		users: DEMO_USERS.length,
		stores: DEMO_STORES.length,
		priceReports: PAST_PRICE_REPORTS.length + PRICE_REPORTS.length + TECH_REPORTS.length,
		fuelReports: PAST_FUEL_REPORTS.length + FUEL_REPORTS.length,
		alerts: 2,
	};
}
