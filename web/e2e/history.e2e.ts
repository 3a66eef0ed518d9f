import type { APIRequestContext, Page } from "@playwright/test";
import { audit } from "./axe.ts";
import { backdateReports } from "./backdate.ts";
import { expect, neighbourIn, searchFor, signInFreshUser, test, uniqueName } from "./fixtures.ts";

/**
 * A neighbour (or the shopper of `page`, when given) reports a price through the API and it is moved `daysAgo`
 * back: state for the test.
 */
async function reportedDaysAgo(
	baseURL: string,
	path: string,
	data: Record<string, unknown>,
	daysAgo: number,
	page?: Page,
) {
	const api = page ? null : await neighbourIn(baseURL, "10001");
	const client = (api ?? page?.request) as APIRequestContext;
	const res = await client.post(path, { data, headers: { Origin: baseURL } });
	expect(res.status()).toBe(201);
	const { id } = (await res.json()) as { id: number };
	await api?.dispose();
	if (daysAgo > 0)
		backdateReports(path === "/api/gas/reports" ? "gas_price_reports" : "price_reports", [[id, daysAgo]]);
	return id;
}

const tableRows = (page: Page) => page.getByTestId("history-table").locator("tbody tr");

/** Every price the page's text calls typical ("Typical over the last 90 days $3.39", "typical $3.39"). */
async function typicalPrices(page: Page, heading: string) {
	const text = (await page.getByRole("region", { name: heading, exact: true }).textContent()) ?? "";
	return [...text.matchAll(/typical(?: over the last (?:\d+ days|year))?\s*(\$\d+\.\d+)/gi)].map((m) => m[1]);
}

test("a product's page charts its prices by store, in a table too, over the chosen window", async ({
	page,
	baseURL,
}) => {
	const origin = baseURL ?? "";
	const product = uniqueName("Histmilk");
	const tag = uniqueName("");
	const [corner, market, elm] = [`Corner Shop ${tag}`, `Main Market ${tag}`, `Elm Grocer ${tag}`];
	await signInFreshUser(page, origin);
	const categories = (await (await page.request.get("/api/categories")).json()) as { id: number; name: string }[];
	const dairy = categories.find((c) => c.name === "Dairy")?.id;
	// Four neighbours and the shopper at three stores over two months, oldest first, as they would have reported.
	const timeline: [store: string, price: string, daysAgo: number, byShopper?: true][] = [
		[corner, "3.49", 55],
		[market, "3.29", 45],
		[elm, "3.69", 40],
		[corner, "3.39", 20, true],
		[market, "3.19", 2],
	];
	for (const [storeName, price, daysAgo, byShopper] of timeline) {
		const data = { productName: product, price, categoryId: dairy, storeName, storeAddress: "5 Elm St" };
		await reportedDaysAgo(origin, "/api/price-reports", data, daysAgo, byShopper && page);
	}

	await searchFor(page, product);
	await page
		.getByRole("link", { name: `Price history of ${product}` })
		.first()
		.click();

	await expect(page).toHaveURL(/\/products\?/);
	await expect(page.getByRole("heading", { level: 1, name: product })).toBeVisible();
	await expect(page.getByTestId("history-where")).toHaveText("Dairy · near 10001");
	await expect(page.getByRole("radio", { name: "90 days" })).toBeChecked();
	await expect(page.getByTestId("line-chart").locator("canvas")).toBeVisible();
	await expect(page.getByTestId("history-lowest")).toContainText("Lowest in the last 90 days$3.19");
	await expect(page.getByTestId("history-lowest")).toContainText(market);
	await expect(page.getByTestId("history-typical")).toContainText("Typical over the last 90 days$3.39");
	await expect(page.getByTestId("history-highest")).toContainText("Highest in the last 90 days");
	await expect(page.getByTestId("history-highest")).toContainText("$3.69");
	await expect(page.getByTestId("history-highest")).toContainText(elm);
	await expect(page.getByTestId("history-summary")).toHaveText(
		new RegExp(
			`^Over the last 90 days, 5 reports at 3 stores near 10001: lowest \\$3\\.19 at ${market} on \\w{3} \\d+, typical \\$3\\.39, highest \\$3\\.69 at ${elm} on \\w{3} \\d+\\.$`,
		),
	);
	// One typical price on the page, the window's, and what the shopper reported is measured against it.
	await expect(page.getByTestId("history-you-paid")).toHaveText(
		new RegExp(`^You reported \\$3\\.39 at ${corner} on \\w{3} \\d+ · same as typical over the last 90 days$`),
	);
	expect(await typicalPrices(page, product)).toEqual(["$3.39", "$3.39"]);
	await expect(page.getByRole("region", { name: product, exact: true })).not.toContainText(/typical now/i);
	// The live offers, as search shows them.
	await expect(page.getByRole("heading", { name: "Current best offers" })).toBeVisible();
	await expect(page.getByTestId("result-card").first().getByTestId("result-price")).toHaveText("$3.19");

	await page.getByRole("button", { name: "Show as table" }).click();
	const table = page.getByRole("table", { name: `Prices of ${product} reported near 10001 over the last 90 days` });
	await expect(table).toBeVisible();
	await expect(tableRows(page)).toHaveCount(5);
	// Newest first: the day, the store, the price.
	await expect(tableRows(page).first()).toContainText(market);
	await expect(tableRows(page).first()).toContainText("$3.19");
	await expect(tableRows(page).last()).toContainText(corner);
	await expect(tableRows(page).last()).toContainText("$3.49");

	const found: string[] = [];
	await audit(page, "product page with its table", found);
	await page.emulateMedia({ colorScheme: "dark" });
	await audit(page, "product page with its table (dark)", found);
	await page.emulateMedia({ colorScheme: "light" });

	// The last 30 days leave the three older reports out, Elm Grocer's dearest with them.
	await page.getByRole("radio", { name: "30 days" }).check();
	await expect(page).toHaveURL(/days=30/);
	await expect(tableRows(page)).toHaveCount(2);
	await expect(page.getByTestId("history-table")).not.toContainText(elm);
	await expect(page.getByTestId("history-highest")).toContainText("$3.39");
	await expect(page.getByTestId("history-highest")).toContainText(corner);
	await expect(page.getByTestId("history-summary")).toContainText("Over the last 30 days, 2 reports at 2 stores");
	// The typical price follows the window, and so does what the shopper's price is measured against.
	await expect(page.getByTestId("history-typical")).toContainText("Typical over the last 30 days$3.29");
	await expect(page.getByTestId("history-you-paid")).toContainText("· $0.10 above typical over the last 30 days");
	expect(await typicalPrices(page, product)).toEqual(["$3.29", "$3.29"]);
	expect(found, found.join("\n")).toEqual([]);
});

test("a station's page charts each fuel over the chosen window and lists its latest reports", async ({
	page,
	baseURL,
}) => {
	const origin = baseURL ?? "";
	const station = { stationName: uniqueName("Canyon Fuel "), stationAddress: "1 Canyon Rd", stationZipCode: "10001" };
	const timeline: [fuelType: string, price: number, daysAgo: number][] = [
		["diesel", 3.899, 60],
		["regular", 3.199, 25],
		["regular", 3.299, 10],
		["diesel", 3.949, 3],
		["regular", 3.249, 0],
	];
	for (const [fuelType, price, daysAgo] of timeline)
		await reportedDaysAgo(origin, "/api/gas/reports", { ...station, fuelType, price }, daysAgo);

	await signInFreshUser(page, origin);
	await page.goto("/gas");
	await page
		.getByRole("link", { name: `Price history of ${station.stationName}` })
		.first()
		.click();

	await expect(page).toHaveURL(/\/stations\/\d+/);
	await expect(page.getByRole("heading", { level: 1, name: station.stationName })).toBeVisible();
	await expect(page.getByTestId("station-where")).toContainText("1 Canyon Rd");
	await expect(page.getByTestId("station-distance")).toHaveText(" · In your ZIP");
	// The shopper's fuel first, then every fuel with prices in the window.
	const fuels = page.getByRole("group", { name: "Fuel" }).getByRole("radio");
	await expect(fuels).toHaveCount(2);
	await expect(fuels.first()).toHaveAccessibleName("Regular");
	await expect(fuels.first()).toBeChecked();
	await expect(page.getByRole("radio", { name: "30 days" })).toBeChecked();
	await expect(page.getByTestId("line-chart").locator("canvas")).toBeVisible();
	await expect(page.getByTestId("history-lowest")).toContainText("Lowest in the last 30 days$3.199");
	await expect(page.getByTestId("history-typical")).toContainText("Typical over the last 30 days$3.249");
	await expect(page.getByTestId("history-typical")).toContainText("Median of 3 reports");
	await expect(page.getByTestId("history-highest")).toContainText("Highest in the last 30 days$3.299");
	await expect(page.getByTestId("history-summary")).toHaveText(
		"Over the last 30 days, 3 reports of Regular at this station: lowest $3.199, typical $3.249, highest $3.299.",
	);
	await expect(page.getByTestId("station-report").first()).toContainText("$3.249");

	await page.getByRole("button", { name: "Show as table" }).click();
	await expect(tableRows(page)).toHaveCount(3);
	await expect(tableRows(page).first()).toContainText("$3.249");
	const found: string[] = [];
	await audit(page, "station page with its table", found);
	await page.emulateMedia({ colorScheme: "dark" });
	await audit(page, "station page with its table (dark)", found);
	await page.emulateMedia({ colorScheme: "light" });

	// Diesel: one price in 30 days, and its older one too over 90.
	await page.getByRole("radio", { name: "Diesel" }).check();
	await expect(page).toHaveURL(/fuel=diesel/);
	await expect(page.getByTestId("history-summary")).toContainText("1 report of Diesel");
	await page.getByRole("radio", { name: "90 days" }).check();
	await expect(page.getByTestId("history-summary")).toContainText("2 reports of Diesel");
	await expect(page.getByTestId("history-lowest")).toContainText("Lowest in the last 90 days$3.899");
	expect(found, found.join("\n")).toEqual([]);
});

test("a station that is not there says so, with a way back to Gas", async ({ page, signedIn }) => {
	expect(signedIn.username).toBeTruthy();
	await page.goto("/stations/987654321");
	await expect(page.getByTestId("station-gone")).toContainText("Station not found");
	await page.getByRole("link", { name: "See stations near you" }).click();
	await expect(page).toHaveURL(/\/gas$/);
});
