import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { audit } from "./axe.ts";
import { expect, signInFreshUser, test, uniqueName } from "./fixtures.ts";

// The console's import of open data while the server runs (decision 0085).

// The console follows the server's latest import, whoever started it: this file's imports run one after the
// other, or one test's page would show the other's.
test.describe.configure({ mode: "default" });

/** The browser tests' server runs with this developer passkey (playwright.config.ts). */
const PASSKEY = "e2e-passkey";

/**
 * A town's OpenStreetMap export of its own: a shop and a station named for this run, in Anchorage, where no
 * other browser test shops, so their lists are not changed by it.
 */
function townExport(dir: string) {
	mkdirSync(dir, { recursive: true });
	const tag = uniqueName("t");
	const place = (id: number, tags: Record<string, string>, [lon, lat]: [number, number]) => ({
		type: "Feature",
		id: `node/${id}`,
		properties: { "addr:postcode": "99501", "addr:street": "West 4th Avenue", ...tags },
		geometry: { type: "Point", coordinates: [lon, lat] },
	});
	const seed = Date.now() % 1_000_000_000;
	const file = join(dir, `anchorage-${tag}.geojson`);
	const features = [
		place(
			seed,
			{ shop: "supermarket", name: `Northern Market ${tag}`, "addr:housenumber": "401" },
			[-149.8919, 61.2176],
		),
		place(seed + 1, { amenity: "fuel", name: `Midnight Fuel ${tag}`, "addr:housenumber": "520" }, [-149.8935, 61.2171]),
		place(seed + 2, { amenity: "bench" }, [-149.89, 61.217]),
	];
	writeFileSync(file, JSON.stringify({ type: "FeatureCollection", features }));
	return file;
}

test("a moderator uploads a town's export, follows the import to its summary, and a second run adds nothing", async ({
	page,
	baseURL,
}, testInfo) => {
	test.slow(); // an upload, two imports and an audit
	await signInFreshUser(page, baseURL ?? "", { firstName: "Mo", lastName: "Derator" });
	await page.goto("/settings");
	await page.getByRole("button", { name: "Developer", exact: true }).click();
	await page.getByLabel("Developer passkey").fill(PASSKEY);
	await page.getByRole("button", { name: "Unlock" }).click();
	const panel = page.getByRole("region", { name: "Import open data" });
	await expect(panel).toBeVisible();

	// Nothing chosen yet: the button says what it still needs.
	await expect(panel.getByText("Still needed: file")).toBeVisible();
	await panel.getByLabel("Source").selectOption("OpenStreetMap");
	const file = townExport(testInfo.outputDir);
	await panel.getByLabel("File to import").setInputFiles(file);
	await panel.getByRole("button", { name: "Start import" }).click();

	const progress = panel.getByTestId("import-progress");
	await expect(progress.getByRole("status")).toHaveText(/^Imported anchorage-.*: 3 records read: 2 added, 1 left out$/);
	const summary = progress.getByTestId("import-summary");
	await expect(summary).toContainText("1 store added");
	await expect(summary).toContainText("1 station added");
	await expect(summary).toContainText("not a shop or fuel station: 1");
	const found: string[] = [];
	await audit(page, "the console with an import's summary", found);
	expect(found, found.join("\n")).toEqual([]);

	await panel.getByRole("button", { name: "Start import" }).click();
	await expect(progress.getByRole("status")).toHaveText(/: 3 records read: 0 added, 1 left out$/);
	await expect(summary).toContainText("1 store already here");
	await expect(summary).toContainText("1 station already here");
	await expect(summary).not.toContainText("added");
});

test("a file the import cannot read is named in the console's alert", async ({ page, baseURL }, testInfo) => {
	await signInFreshUser(page, baseURL ?? "", { firstName: "Mo", lastName: "Derator" });
	await page.goto("/settings");
	await page.getByRole("button", { name: "Developer", exact: true }).click();
	await page.getByLabel("Developer passkey").fill(PASSKEY);
	await page.getByRole("button", { name: "Unlock" }).click();
	const panel = page.getByRole("region", { name: "Import open data" });
	mkdirSync(testInfo.outputDir, { recursive: true });
	const file = join(testInfo.outputDir, "topology.geojson");
	writeFileSync(file, JSON.stringify({ type: "Topology" }));
	await panel.getByLabel("File to import").setInputFiles(file);
	await panel.getByRole("button", { name: "Start import" }).click();
	await expect(panel.getByRole("alert")).toHaveText(
		"topology.geojson is neither GeoJSON (features) nor Overpass JSON (elements)",
	);
});
