import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { priceAlertHits, priceAlertWords } from "../../db/schema.ts";
import { registerUser, startTestServer, type TestServer } from "../test/harness.ts";
import { categoryIds, createAlert, reportPrice } from "./testing.ts";
import { spreadAlertWords } from "./word-index.ts";

const dataDir = mkdtempSync(join(tmpdir(), "commoncents-alert-index-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const hitsOf = (server: TestServer, alertId: number) =>
	server.db.select().from(priceAlertHits).where(eq(priceAlertHits.alertId, alertId)).all();
const placesOf = (server: TestServer, alertId: number) =>
	new Set(
		server.db
			.select({ loc: priceAlertWords.locToken })
			.from(priceAlertWords)
			.where(eq(priceAlertWords.alertId, alertId))
			.all()
			.map((w) => w.loc),
	);

/** Files an alert's words under its own ZIP alone, as the index held them when near was a window of numbers. */
function fileAtHome(server: TestServer, alertId: number, home: string) {
	server.sqlite.run("DELETE FROM price_alert_words WHERE alert_id = ? AND loc_token <> ?", [alertId, home]);
}

describe("alerts indexed before near meant the neighbourhood", () => {
	test("are spread over their neighbourhood when the server starts, once", async () => {
		const first = await startTestServer({ OLLAMA_HOST: "off", DATA_DIR: dataDir });
		const { client } = await registerUser(first, { zipCode: "90210" });
		const alert = await createAlert(client, { productName: "oat milk", targetPrice: 5 });
		const abroad = await createAlert(client, { productName: "oat milk", targetPrice: 5, zipCode: "SW1A 1AA" });
		fileAtHome(first, alert.id, "z90210");
		// As a database from before the start-up's data steps (src/server.ts) had been taken.
		first.sqlite.exec("PRAGMA user_version = 0");
		expect(placesOf(first, alert.id)).toEqual(new Set(["z90210"]));
		const reporter = (await registerUser(first, { zipCode: "90069" })).client;
		const { dairy } = await categoryIds(reporter);
		await reportPrice(reporter, { productName: "Oat Milk", price: 3, categoryId: dairy });
		expect(hitsOf(first, alert.id)).toHaveLength(0);
		await first.stop();

		const second = await startTestServer({ OLLAMA_HOST: "off", DATA_DIR: dataDir });
		try {
			expect(placesOf(second, alert.id).size).toBe(21);
			expect(placesOf(second, abroad.id)).toEqual(new Set(["xsw1a1aa"]));
			expect(spreadAlertWords(second.db)).toBe(0);
			// Taken once: later starts do not look again.
			expect(second.sqlite.query("PRAGMA user_version").get()).toEqual({ user_version: 1 });
			const again = (await registerUser(second, { zipCode: "90069" })).client;
			await reportPrice(again, { productName: "Oat Milk", price: 3, categoryId: dairy });
			expect(hitsOf(second, alert.id)).toHaveLength(1);
		} finally {
			await second.stop();
		}
	});
});
