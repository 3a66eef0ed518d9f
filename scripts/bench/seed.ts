/**
 * Builds the bench database: by default 1,000,000 price reports, 20,000 stores, 50,000 users, 5,000 gas
 * stations and 200,000 fuel reports across 2,000 real ZIP areas in metro, town and rural clusters
 * (scripts/bench/seed-places.ts), deterministically from a seed. The schema comes from the real migrations
 * (tables, indexes, triggers, the search index), and rows go in through the same triggers production runs, in
 * time order, so the file is the one a busy CommonCents would have.
 *
 *   scripts/bench/seed [--seed 42] [--out bench-data/commoncents.db] [--force] [--reports N] [--users N]
 *     [--stores N] [--stations N] [--gas-reports N] [--zips N] [--alerts N] [--now <ms since epoch>]
 *
 * Serve it with DATA_DIR=bench-data. Every bench user signs in as bench1 ... benchN with BENCH_PASSWORD.
 */
import { existsSync, mkdirSync, rmSync, statSync } from "node:fs";
import { dirname } from "node:path";
import { ensureTaxonomy } from "../../db/seed.ts";
import { alertWordRows } from "../../src/alerts/word-index.ts";
import { productWords } from "../../src/alerts/words.ts";
import { migrate, openDb } from "../../src/db.ts";
import { normalizeText, placeLookupKey } from "../../src/lib/normalize.ts";
import { locToken } from "../../src/lib/zip.ts";
import { maxAgeDays } from "../../src/reports/markets.ts";
import { searchText } from "../../src/reports/search-text.ts";
import {
	CATALOGUE,
	FIRST_NAMES,
	FUELS,
	fuelPicker,
	LAST_NAMES,
	pick,
	productPicker,
	productReport,
	rng,
	storeName,
	streetAddress,
	uuidFrom,
	weightedPicker,
} from "./data.ts";
import { DAY, HOUR, seedGas } from "./seed-gas.ts";
import { zipArea } from "./seed-places.ts";

export const BENCH_PASSWORD = "BenchPass1!";
/** Bun.password.hash(BENCH_PASSWORD, { algorithm: "argon2id" }), computed once so the file is reproducible. */
const BENCH_PASSWORD_HASH =
	"$argon2id$v=19$m=65536,t=2,p=1$lQMlzg4Yd6uaJlS8Q+Agd+OS1vQad4gxiiVtqLOeJac$7iyOdiE3nwwYMZGsyZh6W2j40da0jogmx/K0sLaN+ks";
export const benchUsername = (n: number) => `bench${n}`;

export type SeedOptions = {
	seed: number;
	out: string;
	reports: number;
	users: number;
	stores: number;
	stations: number;
	gasReports: number;
	zips: number;
	alerts: number;
	now: number;
	force: boolean;
	log?: (line: string) => void;
};

export const DEFAULTS: Omit<SeedOptions, "now"> = {
	seed: 42,
	out: "bench-data/commoncents.db",
	reports: 1_000_000,
	users: 50_000,
	stores: 20_000,
	stations: 5_000,
	gasReports: 200_000,
	zips: 2_000,
	alerts: 10_000,
	force: false,
};

/** Shares of product reports: live (within their category's age), expired by age, slipped prices the check expired. */
const LIVE_SHARE = 0.4;
const SLIP_SHARE = 0.003;
const HISTORY_DAYS = 365;

export type SeedResult = {
	seconds: number;
	bytes: number;
	counts: Record<string, number>;
	timings: Record<string, number>;
};

export async function seedBench(o: SeedOptions): Promise<SeedResult> {
	const log = o.log ?? console.log;
	if (existsSync(o.out)) {
		if (!o.force) throw new Error(`${o.out} exists; pass --force to replace it`);
		for (const suffix of ["", "-wal", "-shm"]) rmSync(o.out + suffix, { force: true });
	}
	mkdirSync(dirname(o.out), { recursive: true });
	const started = performance.now();
	const timings: Record<string, number> = {};
	let t = performance.now();
	const phase = (name: string, rows: number) => {
		const s = (performance.now() - t) / 1000;
		timings[name] = s;
		log(`  ${name.padEnd(22)} ${rows.toLocaleString("en-US").padStart(10)} rows  ${s.toFixed(1).padStart(6)} s`);
		t = performance.now();
	};

	const { sqlite, db } = openDb(o.out);
	migrate(sqlite);
	ensureTaxonomy(db);
	// Bulk-load settings for this connection only; the file ends in WAL like production's. Foreign keys stay
	// on and every trigger fires, so the rows are exactly what the app would have written.
	sqlite.exec("PRAGMA journal_mode = OFF");
	sqlite.exec("PRAGMA synchronous = OFF");
	sqlite.exec("PRAGMA cache_size = -1048576");
	phase("schema (migrations)", 0);

	const r = rng(o.seed);
	const area = zipArea(o.zips);
	const categoryRows = sqlite
		.query(`SELECT c.id, c.slug, c.name, g.slug AS groupSlug FROM product_categories c
      LEFT JOIN product_categories g ON g.id = c.parent_category_id`)
		.all() as { id: number; slug: string; name: string; groupSlug: string | null }[];
	const categories = new Map(categoryRows.map((c) => [c.slug, c.id]));
	const categoryBySlug = new Map(categoryRows.map((c) => [c.slug, c]));

	// Users: a home zip each, weighted like the reports, so a zip's shoppers report at its stores.
	const userIds: string[] = [];
	const usersByZip: number[][] = area.zips.map(() => []);
	const userZip = new Int32Array(o.users);
	sqlite.transaction(() => {
		const insert = sqlite.prepare(`INSERT INTO users (id, username, password, first_name, last_name, zip_code,
      preferred_fuel_type, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`);
		for (let i = 0; i < o.users; i++) {
			const id = uuidFrom(r);
			const z = area.pick(r);
			const created = o.now - Math.floor((400 + r() * 400) * DAY);
			userIds.push(id);
			userZip[i] = z;
			usersByZip[z]!.push(i);
			insert.run(
				id,
				benchUsername(i + 1),
				BENCH_PASSWORD_HASH,
				pick(r, FIRST_NAMES),
				pick(r, LAST_NAMES),
				area.zips[z]!,
				FUELS[fuelPicker(r)]!.type,
				created,
				created,
			);
		}
	})();
	phase("users", o.users);

	// Stores: zips weighted like everything else; some stores are far busier than others.
	const storeZip = new Int32Array(o.stores);
	const storeWeights: number[] = [];
	sqlite.transaction(() => {
		const insert = sqlite.prepare(
			"INSERT INTO stores (name, address, phone, zip_code, loc_token, lookup_key, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
		);
		// Every name and address once: the same one in neighbouring ZIPs would be one place to the app, which
		// merges such pairs when it starts (src/reports/merge-places.ts).
		const seen = new Set<string>();
		for (let i = 0; i < o.stores; i++) {
			const z = area.pick(r);
			let name = storeName(r);
			let address = streetAddress(r);
			while (seen.has(placeLookupKey(name, address))) {
				name = storeName(r);
				address = streetAddress(r);
			}
			seen.add(placeLookupKey(name, address));
			storeZip[i] = z;
			storeWeights.push(0.2 + 3 * r() * r());
			const phone = r() < 0.6 ? `(555) 555-${String(Math.floor(r() * 10_000)).padStart(4, "0")}` : null;
			insert.run(
				name,
				address,
				phone,
				area.zips[z]!,
				locToken(area.zips[z]!),
				placeLookupKey(name, address),
				o.now - Math.floor((HISTORY_DAYS + r() * 300) * DAY),
			);
		}
	})();
	const storePicker = weightedPicker(storeWeights);
	phase("stores", o.stores);

	// Product reports, in time order as production's ids are: draw every report's product and age first, sort.
	const productOf = new Uint16Array(o.reports);
	const createdAt = new Float64Array(o.reports);
	const live = new Uint8Array(o.reports);
	for (let i = 0; i < o.reports; i++) {
		const product = productPicker(r);
		const maxAge = maxAgeDays(CATALOGUE[product]!.slug) * DAY;
		productOf[i] = product;
		live[i] = r() < LIVE_SHARE ? 1 : 0;
		// Live reports sit inside their category's age (a margin short of it, so the first hourly sweep after a
		// seed expires nothing); the rest are older and were expired by age long ago.
		createdAt[i] = live[i]
			? o.now - Math.floor(r() * maxAge * 0.95) - 60_000
			: o.now - maxAge - HOUR - Math.floor(r() * (HISTORY_DAYS * DAY - maxAge));
	}
	const order = new Uint32Array(o.reports).map((_, i) => i);
	order.sort((a, b) => createdAt[a]! - createdAt[b]!);

	const counts = { upvotes: 0, liveReports: 0, slips: 0 };
	sqlite.transaction(() => {
		const insert =
			sqlite.prepare(`INSERT INTO price_reports (user_id, store_id, product_name, normalized_name, price_cents,
      category_id, tags, description, availability, vacation_mode, report_zip_code, zip_code, loc_token, search_text,
      upvotes, verification_confidence, verification_reason, is_expired, is_discredited, expired_at, expired_reason,
      created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
		const upvote = sqlite.prepare(
			"INSERT OR IGNORE INTO user_upvotes (user_id, price_report_id, created_at) VALUES (?, ?, ?)",
		);
		for (let k = 0; k < o.reports; k++) {
			const i = order[k]!;
			const product = CATALOGUE[productOf[i]!]!;
			const when = createdAt[i]!;
			const store = storePicker(r);
			const z = storeZip[store]!;
			const zip = area.zips[z]!;
			const locals = usersByZip[z]!;
			const local = locals.length > 0 && r() < 0.95;
			const user = local ? locals[Math.floor(r() * locals.length)]! : Math.floor(r() * o.users);
			const vacation = !local && userZip[user] !== z;
			const item = productReport(r, product);
			let price = item.priceCents;
			let expired: [number, string] | null = null;
			let discredited = false;
			if (!live[i]) {
				const days = maxAgeDays(product.slug);
				expired = [when + days * DAY + Math.floor(r() * HOUR), `Older than ${days} days`];
			}
			if (r() < SLIP_SHARE) {
				// A slipped decimal that got in on thin history and was expired once the community disagreed.
				const typical = price;
				price = r() < 0.5 ? price * 10 : Math.max(1, Math.round(price / 10));
				expired = [when + Math.floor(r() * 2 * DAY), `Far from the community price of $${(typical / 100).toFixed(2)}`];
				discredited = true;
				counts.slips++;
			}
			const votes = !expired && r() < 0.05 ? 1 + Math.floor(r() * 4) : 0;
			const history = 3 + Math.floor(r() * 30);
			const confidence = Math.round((0.55 + r() * 0.4) * 100) / 100;
			const reason =
				r() < 0.15
					? `Within the usual range for ${product.slug}; too few nearby reports for a consensus yet.`
					: `In line with ${history} recent reports nearby (typically $${(item.priceCents / 100).toFixed(2)}).`;
			const availability = r() < 0.9 ? "in-stock" : r() < 0.7 ? "limited" : "out-of-stock";
			const updated = expired ? expired[0] : when;
			const id = insert.run(
				userIds[user]!,
				store + 1,
				item.name,
				normalizeText(item.name),
				price,
				categories.get(product.slug)!,
				JSON.stringify(item.tags),
				item.description,
				availability,
				vacation ? 1 : 0,
				vacation ? zip : null,
				zip,
				locToken(zip),
				// As the report path writes it, expired or not: the search index's triggers read it.
				searchText({
					...item,
					productName: item.name,
					categoryName: categoryBySlug.get(product.slug)!.name,
					categorySlug: product.slug,
					groupSlug: categoryBySlug.get(product.slug)!.groupSlug,
				}),
				votes,
				confidence,
				reason,
				expired ? 1 : 0,
				discredited ? 1 : 0,
				expired?.[0] ?? null,
				expired?.[1] ?? null,
				when,
				updated,
			).lastInsertRowid;
			if (!expired) counts.liveReports++;
			for (let v = 0; v < votes; v++) {
				const voter = Math.floor(r() * o.users);
				if (voter !== user) counts.upvotes += upvote.run(userIds[voter]!, id, when + Math.floor(r() * DAY)).changes;
			}
		}
	})();
	// A vote that landed on the author or twice on one report was skipped: the counts follow the rows.
	sqlite.exec(`UPDATE price_reports SET upvotes = (SELECT count(*) FROM user_upvotes v WHERE v.price_report_id = price_reports.id)
    WHERE upvotes > 0`);
	phase("price reports", o.reports);
	log(`    (${counts.liveReports.toLocaleString("en-US")} live, ${counts.upvotes.toLocaleString("en-US")} upvotes)`);

	seedGas(sqlite, { o, r, area, userIds, usersByZip, userZip }, phase);

	// Price alerts on popular products at the owner's zip, waiting for a real deal: a target well under the typical
	// price, which the cheapest reports reach now and then (a target at the usual price would fire on every report).
	sqlite.transaction(() => {
		const insert =
			sqlite.prepare(`INSERT INTO price_alerts (user_id, product_name, category_id, target_price_cents, zip_code,
      loc_token, word_count, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`);
		const word = sqlite.prepare(
			"INSERT OR IGNORE INTO price_alert_words (word, loc_token, target_price_cents, alert_id) VALUES (?, ?, ?, ?)",
		);
		for (let i = 0; i < o.alerts; i++) {
			const user = Math.floor(r() * o.users);
			const product = CATALOGUE[productPicker(r)]!;
			const name = r() < 0.5 ? product.name : product.name.split(" ").slice(-1)[0]!;
			const words = productWords(name);
			const zip = area.zips[userZip[user]!]!;
			const token = locToken(zip);
			const category = r() < 0.5 ? categories.get(product.slug)! : null;
			const target = Math.round(product.dollars * 100 * (0.6 + r() * 0.15));
			const { id } = insert.get(
				userIds[user]!,
				name,
				category,
				target,
				zip,
				token,
				words.length,
				o.now - Math.floor(r() * 90 * DAY),
			) as { id: number };
			// Filed under each place of the owner's neighbourhood, as the app files a new alert.
			for (const row of alertWordRows({ id, zip, targetPriceCents: target, words })) {
				word.run(row.word, row.locToken, row.targetPriceCents, row.alertId);
			}
		}
	})();
	phase("price alerts", o.alerts);

	// Each user's counters as the report paths keep them.
	sqlite.exec(`UPDATE users SET
    total_reports = (SELECT count(*) FROM price_reports r WHERE r.user_id = users.id)
      + (SELECT count(*) FROM gas_price_reports g WHERE g.user_id = users.id),
    unique_stores_visited = (SELECT count(DISTINCT r.store_id) FROM price_reports r WHERE r.user_id = users.id)`);
	phase("user counters", o.users);

	// The search index as migration 0005 leaves it after its backfill (one segment, no merge half done), rather
	// than as one huge transaction leaves it; then what a long-running server leaves behind: statistics from
	// PRAGMA optimize, a WAL file, a clean checkpoint.
	sqlite.exec("INSERT INTO price_search (price_search) VALUES ('optimize')");
	sqlite.exec("PRAGMA optimize = 0x10002");
	sqlite.exec("PRAGMA journal_mode = WAL");
	sqlite.exec("PRAGMA wal_checkpoint(TRUNCATE)");
	sqlite.close();
	phase("optimize + checkpoint", 0);

	const seconds = (performance.now() - started) / 1000;
	const bytes = statSync(o.out).size;
	log(`done in ${seconds.toFixed(1)} s: ${o.out} is ${(bytes / 2 ** 20).toFixed(0)} MiB`);
	log(`sign in as ${benchUsername(1)} ... ${benchUsername(o.users)} with password ${BENCH_PASSWORD}`);
	return {
		seconds,
		bytes,
		timings,
		counts: {
			users: o.users,
			stores: o.stores,
			reports: o.reports,
			liveReports: counts.liveReports,
			slips: counts.slips,
			upvotes: counts.upvotes,
			stations: o.stations,
			gasReports: o.gasReports,
			alerts: o.alerts,
			zips: o.zips,
		},
	};
}
