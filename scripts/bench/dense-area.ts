/**
 * A synthetic area many times denser than any the seeder makes: every store of a ZIP's neighbourhood (it and its
 * 20 nearest ZIP areas) gets `factor - 1` copies beside it, each with a copy of the store's reports of the last
 * 90 days (the live ones search lists, and the history a good deal is measured against). The copies go in through
 * the same triggers production runs, so the search index holds them as it would real reports.
 * Run against a database a server may be serving (WAL): the bench measures one ZIP before and after.
 */
import { openDb } from "../../src/db.ts";
import { keepSearchIndexMerged } from "../../src/deals/search-upkeep.ts";
import { neighbourhood } from "../../src/lib/zip.ts";
import type { LoadGenerator } from "./lib/load.ts";
import { measure, type Times } from "./lib/phases.ts";
import { atMost, figures, section } from "./lib/report.ts";
import { searchReqs } from "./lib/requests.ts";
import type { BenchUser, Running } from "./lib/server.ts";
import { fmt } from "./lib/util.ts";

const DAY_MS = 86_400_000;
const HISTORY_DAYS = 90;

export type Densified = { stores: number; reports: number; seconds: number; mergeSteps: number };

export async function densify(dbPath: string, zip: string, factor: number, now = Date.now()): Promise<Densified> {
	const started = performance.now();
	const { sqlite, db } = openDb(dbPath);
	try {
		const places = JSON.stringify(neighbourhood(zip).map((p) => p.token));
		const columns = (sqlite.query("SELECT name FROM pragma_table_info('price_reports')").all() as { name: string }[])
			.map((c) => c.name)
			.filter((name) => name !== "id" && name !== "source_key");
		const copied = columns.map((c) => (c === "store_id" ? "m.copy" : `r.${c}`)).join(", ");
		let stores = 0;
		let reports = 0;
		sqlite.transaction(() => {
			sqlite.run("CREATE TEMP TABLE IF NOT EXISTS store_copies (original INTEGER, copy INTEGER)");
			sqlite.run("DELETE FROM store_copies");
			const originals = sqlite
				.query("SELECT id FROM stores WHERE loc_token IN (SELECT value FROM json_each(?1))")
				.all(places) as { id: number }[];
			const copyStore = sqlite.query(
				`INSERT INTO stores (name, address, phone, zip_code, lookup_key, loc_token, created_at)
         SELECT name || ' copy ' || ?2, address, phone, zip_code, lookup_key || ' copy ' || ?2, loc_token, created_at
         FROM stores WHERE id = ?1 RETURNING id`,
			);
			const remember = sqlite.query("INSERT INTO store_copies (original, copy) VALUES (?1, ?2)");
			for (let k = 2; k <= factor; k++) {
				for (const { id } of originals) {
					const { id: copy } = copyStore.get(id, k) as { id: number };
					remember.run(id, copy);
					stores++;
				}
			}
			reports = sqlite
				.query(
					`INSERT INTO price_reports (${columns.join(", ")})
           SELECT ${copied} FROM price_reports r JOIN store_copies m ON m.original = r.store_id
           WHERE r.created_at >= ?1 ORDER BY r.created_at`,
				)
				.run(now - HISTORY_DAYS * DAY_MS).changes;
		})();
		// The bulk insert split the search index: merged as the server's upkeep does within ten minutes (src/jobs.ts),
		// and into the database file as its checkpointer would have long before an area grew this much. The measure
		// after is of a denser area, not of the minutes after a bulk load.
		const mergeSteps = await keepSearchIndexMerged(db);
		sqlite.exec("PRAGMA wal_checkpoint(TRUNCATE)");
		return { stores, reports, seconds: (performance.now() - started) / 1000, mergeSteps };
	} finally {
		sqlite.close();
	}
}

/** How much denser the synthetic area is, and how much dearer its search may be than the same ZIP's before. */
export const DENSE_FACTOR = 10;
export const DENSE_MAX_RATIO = 1.3;

/**
 * The same search ("milk" by default) around one ZIP before and after its neighbourhood is made DENSE_FACTOR
 * times denser, on the running server's own database: server CPU per request, and their ratio.
 */
export async function denseAreaPhase(
	gen: LoadGenerator,
	server: Running,
	users: BenchUser[],
	dbPath: string,
	zip: string,
	word: string,
	t: Times,
) {
	section(`Search on an area ${DENSE_FACTOR} times denser: q=${word} around ${zip}, before and after, 32 connections`);
	const reqs = searchReqs(users, word, [zip]);
	const before = await measure(gen, server, `${zip} as seeded`, reqs, 32, t);
	const made = await densify(dbPath, zip, DENSE_FACTOR);
	console.log(
		`  added ${fmt(made.stores)} stores and ${fmt(made.reports)} reports of the last 90 days in ${made.seconds.toFixed(1)} s` +
			` (the index merged back into one segment in ${fmt(made.mergeSteps)} steps, as the server's upkeep does)`,
	);
	// The server must see the copies: the first page is then mostly theirs (their stores' names end in "copy k").
	const page = await fetch(`${server.base}${reqs[0]!.path}`, { headers: reqs[0]!.headers });
	const cards = (await page.json()) as { store: { name: string } }[];
	const copies = cards.filter((card) => / copy \d+$/.test(card.store.name)).length;
	console.log(`  the first page after: ${copies} of ${cards.length} cards at the copied stores`);
	const after = await measure(gen, server, `${zip} ${DENSE_FACTOR} times denser`, reqs, 32, t);
	const ratio = after.cpuMsPerReq / before.cpuMsPerReq;
	figures.denseArea = { zip, word, made, before: before.cpuMsPerReq, after: after.cpuMsPerReq, ratio };
	atMost(
		"Search",
		`server CPU per search, ${DENSE_FACTOR}x denser area vs as seeded`,
		ratio,
		DENSE_MAX_RATIO,
		(n) => `${n.toFixed(2)}x`,
	);
}
