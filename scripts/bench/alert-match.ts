/**
 * The alert matching on the report write path, on the bench database (scripts/bench/seed): for a sample of
 * live reports (their words, place and price), the word-index lookup as it runs now (the report's place and
 * "*", where the alerts limited to starred spots are filed) beside the lookup of the report's place alone
 * (as before alerts could be limited to spots), and the whole matching of a report (findMatchingAlerts);
 * then the same with `--spots` spots-only alerts added under "*" on the catalogue's products, at targets
 * drawn as the seed draws them (decision 0050 says when that cost would call for another layout).
 *   bun scripts/bench/alert-match.ts [--db bench-data/commoncents.db] [--reports 2000] [--spots 2000]
 * It works on a copy of the database, migrated as the server would.
 */
import { copyFileSync, existsSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { findMatchingAlerts } from "../../src/alerts/matching.ts";
import { productWords } from "../../src/alerts/words.ts";
import { SPOTS_TOKEN, WORD_HITS_SQL } from "../../src/data/alert-hits.ts";
import { inTransaction } from "../../src/data/transaction.ts";
import { migrate, openDb } from "../../src/db.ts";
import { CATALOGUE, pick, rng } from "./data.ts";

const { values: opt } = parseArgs({
	options: {
		db: { type: "string", default: "bench-data/commoncents.db" },
		reports: { type: "string", default: "2000" },
		spots: { type: "string", default: "2000" },
	},
});
if (!existsSync(opt.db)) {
	console.error(`bench: no database at ${opt.db}; make one with scripts/bench/seed`);
	process.exit(1);
}
const copy = join(tmpdir(), `alert-match-${process.pid}.db`);
copyFileSync(opt.db, copy);
const { sqlite, db } = openDb(copy);
migrate(sqlite);

const PLACE_ONLY_SQL = WORD_HITS_SQL.replace(`IN ($loc, '${SPOTS_TOKEN}')`, "= $loc");
if (PLACE_ONLY_SQL === WORD_HITS_SQL) throw new Error("the word lookup changed: update the baseline");
const lookupNow = sqlite.query(WORD_HITS_SQL);
const lookupPlaceOnly = sqlite.query(PLACE_ONLY_SQL);

/** A live report as the matching reads it, less what the matching only passes on to the hit. */
type Sample = {
	id: number;
	userId: string;
	productName: string;
	priceCents: number;
	categoryId: number;
	zipCode: string;
	locToken: string;
	storeId: number;
};
const samples = sqlite
	.query(`SELECT r.id, r.user_id AS userId, r.product_name AS productName, r.price_cents AS priceCents,
      r.category_id AS categoryId, r.zip_code AS zipCode, r.loc_token AS locToken, r.store_id AS storeId
    FROM price_reports r WHERE r.is_active = 1 AND r.is_expired = 0 ORDER BY random() LIMIT ?1`)
	.all(Number(opt.reports)) as Sample[];

const micros = (xs: number[]) => {
	const s = [...xs].sort((a, b) => a - b);
	const at = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))] ?? 0;
	return { p50: at(0.5), p99: at(0.99), mean: xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length) };
};
const time = (run: () => unknown) => {
	const t = Bun.nanoseconds();
	run();
	return (Bun.nanoseconds() - t) / 1000;
};

function measure(label: string) {
	const now: number[] = [];
	const before: number[] = [];
	const whole: number[] = [];
	let found = 0;
	// Interleaved, each twice, so the page cache and the CPU treat both alike. In one transaction, as the
	// matching runs inside the report write's.
	inTransaction(db, (tx) => {
		for (let round = 0; round < 2; round++) {
			for (const r of samples) {
				const bindings = { words: JSON.stringify(productWords(r.productName)), loc: r.locToken, price: r.priceCents };
				before.push(time(() => lookupPlaceOnly.all(bindings)));
				now.push(time(() => lookupNow.all(bindings)));
				const place = { id: r.storeId, name: "", address: "", zipCode: r.zipCode, locToken: r.locToken };
				const price = { ...r, market: "product" as const, price: r.priceCents, place, zip: r.zipCode, replaces: [] };
				whole.push(time(() => (found += findMatchingAlerts(tx, price).length)));
			}
		}
	});
	const a = micros(before);
	const b = micros(now);
	const w = micros(whole);
	const fmt = (x: { p50: number; p99: number; mean: number }) =>
		`p50 ${x.p50.toFixed(1)} µs, p99 ${x.p99.toFixed(1)} µs, mean ${x.mean.toFixed(1)} µs`;
	console.log(`\n${label} (${samples.length} reports x 2)`);
	console.log(`  word lookup, place only (before): ${fmt(a)}`);
	console.log(`  word lookup, place and "*" (now): ${fmt(b)}`);
	console.log(`  now / before at p50: ${(b.p50 / a.p50).toFixed(2)}x, mean: ${(b.mean / a.mean).toFixed(2)}x`);
	console.log(`  whole matching of a report (now): ${fmt(w)}; alerts matched: ${found / 2}`);
}

const alerts = sqlite.query("SELECT count(*) AS n FROM price_alerts").get() as { n: number };
console.log(`alert matching on ${opt.db}: ${alerts.n} alerts, ${samples.length} sampled live reports`);
measure("Bench alerts only (none limited to spots)");

// Spots-only alerts, as many shoppers would set them: the catalogue's products, targets under the usual price.
const owners = sqlite.query("SELECT id FROM users ORDER BY random() LIMIT ?1").all(Number(opt.spots)) as {
	id: string;
}[];
const r = rng(39);
const addAlert = sqlite.prepare(`INSERT INTO price_alerts (user_id, product_name, target_price_cents, zip_code,
    loc_token, word_count, scope) VALUES (?1, ?2, ?3, '10001', 'z10001', ?4, 'spots') RETURNING id`);
const addWord = sqlite.prepare(
	"INSERT OR IGNORE INTO price_alert_words (word, loc_token, target_price_cents, alert_id) VALUES (?1, ?2, ?3, ?4)",
);
sqlite.transaction(() => {
	for (const { id: owner } of owners) {
		const product = pick(r, CATALOGUE);
		const words = productWords(product.name);
		const target = Math.round(product.dollars * 100 * (0.7 + r() * 0.2));
		const { id } = addAlert.get(owner, product.name, target, words.length) as { id: number };
		for (const word of words) addWord.run(word, SPOTS_TOKEN, target, id);
	}
})();
measure(`With ${owners.length} spots-only alerts added under "*"`);

sqlite.close();
rmSync(copy, { force: true });
for (const suffix of ["-wal", "-shm"]) rmSync(copy + suffix, { force: true });
