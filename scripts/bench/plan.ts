/**
 * A shopping list's plan in the server alone, on the bench database (scripts/bench/seed): GET /api/lists/{id}/plan
 * as its route runs it, without HTTP, for a list of the 40 products most reported in the densest neighbourhood
 * (the ZIP whose neighbourhood has the most stores with live prices). Budget: p99 ≤ 50 ms.
 *   bun scripts/bench/plan.ts [--db bench-data/commoncents.db] [--rounds 100] [--items 40]
 * The database is migrated first and gets a list of the bench's own, so pass a copy if the file must stay as it is.
 */
import { existsSync } from "node:fs";
import { parseArgs } from "node:util";
import { isNotNull } from "drizzle-orm";
import { type User, users } from "../../db/schema.ts";
import { insertItem, insertList } from "../../src/data/shopping-lists.ts";
import { transaction } from "../../src/data/transaction.ts";
import { migrate, openDb } from "../../src/db.ts";
import { nearTokens } from "../../src/lib/zip.ts";
import { listPlan } from "../../src/lists/list-plan.ts";
import { atMost, figures, section, unavailable } from "./lib/report.ts";
import { percentile } from "./lib/util.ts";

export const PLAN_BUDGET = { p99Ms: 50 };

export type PlanBench = {
	zip: string;
	items: number;
	stores: number;
	p50: number;
	p99: number;
	samples: number;
	pass: boolean;
	recommended: string | null;
};

export async function benchPlanDb(
	dbPath: string,
	options: { rounds?: number; items?: number; log?: (line: string) => void } = {},
): Promise<PlanBench> {
	const rounds = options.rounds ?? 100;
	const count = options.items ?? 40;
	const log = options.log ?? console.log;
	if (!existsSync(dbPath)) throw new Error(`${dbPath} does not exist; make it with scripts/bench/seed`);
	const { sqlite, db } = openDb(dbPath);
	try {
		migrate(sqlite);
		// The densest neighbourhood: the most stores with live prices over its places.
		const storesAt = new Map(
			(
				sqlite
					.query(
						`SELECT loc_token AS token, count(DISTINCT store_id) AS n FROM price_reports
             WHERE is_active = 1 AND is_expired = 0 GROUP BY loc_token`,
					)
					.all() as { token: string; n: number }[]
			).map((r) => [r.token, r.n]),
		);
		const candidates = [...storesAt.entries()].sort((a, b) => b[1] - a[1]).slice(0, 100);
		const total = (zip: string) => nearTokens(zip).reduce((sum, t) => sum + (storesAt.get(t) ?? 0), 0);
		const zip = candidates.map(([t]) => t.slice(1)).sort((a, b) => total(b) - total(a))[0];
		if (!zip) throw new Error(`${dbPath} has no live prices`);
		const places = JSON.stringify(nearTokens(zip));
		const products = sqlite
			.query(
				`SELECT min(product_name) AS name, category_id AS category, count(*) AS n FROM price_reports
         WHERE loc_token IN (SELECT value FROM json_each(?1)) AND is_active = 1 AND is_expired = 0
         GROUP BY normalized_name, category_id ORDER BY n DESC LIMIT ?2`,
			)
			.all(places, count) as { name: string; category: number }[];
		const shopper = db.select().from(users).where(isNotNull(users.zipCode)).limit(1).get() as User;
		const list = await transaction(
			db,
			(tx) => {
				const made = insertList(tx, shopper.id, "Bench basket");
				for (const p of products)
					insertItem(tx, made.id, { name: p.name, barcode: null, categoryId: p.category, quantity: 1, size: null });
				return made;
			},
			"immediate",
		);
		const run = () => listPlan(db, shopper, list.id, zip);
		for (let i = 0; i < 20; i++) await run();
		const times: number[] = [];
		let last = await run();
		for (let i = 0; i < rounds; i++) {
			const start = performance.now();
			last = await run();
			times.push(performance.now() - start);
		}
		const stores = new Set(last.single?.stores.map((s) => s.id));
		for (const s of last.pair?.stores ?? []) stores.add(s.id);
		const p50 = percentile(times, 50);
		const p99 = percentile(times, 99);
		const priced = last.items.filter((i) => i.stores > 0);
		const storesPriced = Math.max(0, ...last.items.map((i) => i.stores));
		log(
			`  list of ${products.length} items near ${zip}: ${priced.length} priced, up to ${storesPriced} stores an item; ` +
				`plan ${last.recommended} (${[...stores].length} stores)`,
		);
		log(
			`  plan p50 ${p50.toFixed(2)} ms, p99 ${p99.toFixed(2)} ms over ${rounds} runs (budget ${PLAN_BUDGET.p99Ms} ms)`,
		);
		const pass = p99 <= PLAN_BUDGET.p99Ms;
		log(`  ${pass ? "PASS" : "FAIL"}`);
		return {
			zip,
			items: products.length,
			stores: storesPriced,
			p50,
			p99,
			samples: rounds,
			pass,
			recommended: last.recommended,
		};
	} finally {
		sqlite.close();
	}
}

if (import.meta.main) {
	const { values } = parseArgs({
		options: {
			db: { type: "string", default: "bench-data/commoncents.db" },
			rounds: { type: "string", default: "100" },
			items: { type: "string", default: "40" },
		},
	});
	const result = await benchPlanDb(values.db as string, { rounds: Number(values.rounds), items: Number(values.items) });
	process.exit(result.pass ? 0 : 1);
}

/** The plan's section of scripts/bench/run: its p99 against the budget. */
export async function planDbSection(dbPath: string) {
	section("A shopping list's plan in the server alone (scripts/bench/plan.ts)");
	let v: PlanBench;
	try {
		v = await benchPlanDb(dbPath);
	} catch (error) {
		unavailable("Plan", "list plan p99", (error as Error).message);
		return;
	}
	figures.planDb = v;
	const ms = (x: number) => `${x.toFixed(2)} ms`;
	atMost(
		"Plan",
		`plan of ${v.items} items p99`,
		v.p99,
		PLAN_BUDGET.p99Ms,
		ms,
		false,
		`near ${v.zip}, up to ${v.stores} stores an item; p50 ${ms(v.p50)}`,
	);
}
