import type { Page } from "@playwright/test";
import { audit } from "./axe.ts";
import { backdateReports } from "./backdate.ts";
import { expect, neighbourIn, reportAsNeighbour, searchFor, signInFreshUser, test, uniqueName } from "./fixtures.ts";

const DAY_MS = 86_400_000;
/** A day as the app writes it: "Nov 3". */
const dayOf = (ms: number) => new Date(ms).toLocaleDateString("en-US", { month: "short", day: "numeric" });

/** A neighbour reports a fuel price at a station through the API: state for the test; returns the report's id. */
async function fuelReportAsNeighbour(
	baseURL: string,
	zipCode: string,
	report: { stationName: string; stationAddress: string; price: number },
) {
	const api = await neighbourIn(baseURL, zipCode);
	const res = await api.post("/api/gas/reports", { data: { fuelType: "regular", stationZipCode: zipCode, ...report } });
	expect(res.status()).toBe(201);
	const { id } = (await res.json()) as { id: number };
	await api.dispose();
	return id;
}

/** The shopper of `page` reports a Dairy price through the API: state for the test; returns the report's id. */
async function reportOwnPrice(page: Page, baseURL: string, report: Record<string, unknown>) {
	const res = await page.request.post("/api/price-reports", {
		headers: { Origin: baseURL },
		data: { categoryId: 3, storeAddress: "5 Union Sq W", ...report },
	});
	expect(res.status()).toBe(201);
	return ((await res.json()) as { id: number }).id;
}

/** A result card by its store (each neighbour of reportAsNeighbour reports at a store named after the price). */
const resultAt = (page: Page, store: string) =>
	page.getByTestId("result-card").filter({ has: page.getByTestId("result-store").getByText(store, { exact: true }) });

test("Good deal marks the results within 5% of the low nearby, and Price history opens the product's page", async ({
	page,
	baseURL,
}) => {
	const origin = baseURL ?? "";
	const product = uniqueName("Goat Milk ");
	// Five prices nearby, the fewest the rule reads: the low $3.00, $3.15 just within 5% of it, $3.16 just above.
	for (const price of ["3.00", "3.15", "3.16", "3.30", "3.40"]) await reportAsNeighbour(origin, product, price);
	await signInFreshUser(page, origin);
	await searchFor(page, product);
	await expect(page.getByTestId("result-card")).toHaveCount(5);

	const goodDeals = page.getByTestId("good-deal");
	await expect(goodDeals).toHaveCount(2);
	await expect(resultAt(page, "Shop 3.00").getByTestId("good-deal")).toHaveText("Good deal");
	await expect(resultAt(page, "Shop 3.15").getByTestId("good-deal")).toHaveText("Good deal");
	await expect(resultAt(page, "Shop 3.16").getByTestId("good-deal")).toHaveCount(0);
	// Best Deal stays the first result's alone, apart from Good deal.
	await expect(resultAt(page, "Shop 3.00")).toContainText("Best Deal");
	await expect(resultAt(page, "Shop 3.15")).not.toContainText("Best Deal");

	// Each result links to its product's prices, named for a list of links; the keyboard opens it.
	const links = page.getByRole("link", { name: `Price history of ${product}` });
	await expect(links).toHaveCount(5);
	await resultAt(page, "Shop 3.16")
		.getByRole("link", { name: `Price history of ${product}` })
		.focus();
	await page.keyboard.press("Enter");
	await expect(page).toHaveURL(/\/products\?/);
	await expect(page.getByRole("heading", { level: 1, name: product })).toBeVisible();
	const url = new URL(page.url());
	expect(url.searchParams.get("name")).toBe(product);
	expect(url.searchParams.get("category")).toBe("3");
});

test("the report form says what the shopper reported, then paid, for the product last time", async ({
	page,
	baseURL,
}) => {
	const origin = baseURL ?? "";
	const product = uniqueName("Oat Milk ");
	await signInFreshUser(page, origin);
	const own = await reportOwnPrice(page, origin, { productName: product, price: 3.49, storeName: "Corner Shop" });
	backdateReports("price_reports", [[own, 10]]);
	const reportedOn = dayOf(Date.now() - 10 * DAY_MS);
	await reportAsNeighbour(origin, product, "3.79");
	await reportAsNeighbour(origin, product, "3.89");

	await page.goto("/");
	await page.getByRole("tab", { name: "Report Prices" }).click();
	const youPaid = page.getByTestId("you-paid");
	await expect(youPaid).toHaveAttribute("aria-live", "polite");
	// The name alone is not yet a product: its category says which.
	await page.getByLabel("Product name").fill(product.toLowerCase());
	await page.waitForTimeout(600);
	await expect(youPaid).toHaveText("");
	await page.getByLabel("Category").selectOption({ label: "Dairy" });
	// The typical price now: the median of the three prices nearby, the shopper's own among them.
	await expect(youPaid).toHaveText(`You reported $3.49 at Corner Shop on ${reportedOn} · typical now $3.79 (up $0.30)`);
	const found: string[] = [];
	await audit(page, "report form saying what the shopper paid", found);
	expect(found).toEqual([]);
	// Another product says nothing, once its answer has come.
	const another = page.waitForResponse(
		(r) => r.url().includes("/api/products/last-paid") && r.url().includes("Barista"),
	);
	await page.getByLabel("Product name").fill(`${product} Barista`);
	expect(await (await another).json()).toEqual({ youPaid: null });
	await expect(youPaid).toHaveText("");
	await page.getByLabel("Product name").fill(product);
	await expect(youPaid).toContainText("You reported $3.49");

	// A deal taken since is what the shopper paid last.
	await page.getByRole("tab", { name: "Find Deals" }).click();
	await page.getByRole("searchbox", { name: "Search for a product" }).fill(product);
	await page.getByRole("searchbox", { name: "Search for a product" }).press("Enter");
	await resultAt(page, "Shop 3.79").getByRole("button", { name: "Take This Deal" }).click();
	await expect(resultAt(page, "Shop 3.79").getByRole("button", { name: "Deal Taken" })).toBeVisible();
	await page.getByRole("tab", { name: "Report Prices" }).click();
	await expect(youPaid).toHaveText(
		`You paid $3.79 at Shop 3.79 on ${dayOf(Date.now())} · typical now $3.79 (no change)`,
	);
});

/** A neighbour reports a fuel price at a station through the API; the station's id. */
async function stationOfNeighbour(baseURL: string, zipCode: string, stationName: string, stationAddress: string) {
	const api = await neighbourIn(baseURL, zipCode);
	const res = await api.post("/api/gas/reports", {
		data: { fuelType: "regular", stationZipCode: zipCode, stationName, stationAddress, price: 3.19 },
	});
	expect(res.status()).toBe(201);
	const { stationId } = (await res.json()) as { stationId: number };
	await api.dispose();
	return stationId;
}

test("a station card and a recent report each open the station's page", async ({ page, baseURL }) => {
	const origin = baseURL ?? "";
	// Boise: no other test's stations nearby.
	const zipCode = "83702";
	const name = uniqueName("Capitol Fuel ");
	const stationId = await stationOfNeighbour(origin, zipCode, name, "1 Capitol Blvd");
	await signInFreshUser(page, origin, { zipCode });
	await page.goto("/gas");

	const linkName = `Price history of ${name}, 1 Capitol Blvd`;
	const card = page.getByRole("article", { name });
	await card.getByRole("link", { name: linkName }).click();
	await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
	await expect(page).toHaveURL(new RegExp(`/stations/${stationId}\\?fuel=regular$`));

	await page.goBack();
	const recent = page.getByRole("region", { name: "Recent Reports" });
	await recent.getByRole("link", { name: linkName }).focus();
	await page.keyboard.press("Enter");
	await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
	await expect(page).toHaveURL(new RegExp(`/stations/${stationId}\\?fuel=regular$`));
});

test("the Area Average card draws the last 30 days and says how the price moved since a week ago", async ({
	page,
	baseURL,
}) => {
	const origin = baseURL ?? "";
	// Billings: no other test's stations nearby. One station over two weeks: $2.980, then $3.000 eight days ago
	// (the price standing a week ago), then $3.040 yesterday.
	const zipCode = "59101";
	const station = { stationName: uniqueName("Rimrock Fuel "), stationAddress: "1 Rimrock Rd" };
	const first = await fuelReportAsNeighbour(origin, zipCode, { ...station, price: 2.98 });
	backdateReports("gas_price_reports", [[first, 13]]);
	const second = await fuelReportAsNeighbour(origin, zipCode, { ...station, price: 3.0 });
	backdateReports("gas_price_reports", [[second, 8]]);
	const third = await fuelReportAsNeighbour(origin, zipCode, { ...station, price: 3.04 });
	backdateReports("gas_price_reports", [[third, 1]]);

	await signInFreshUser(page, origin, { zipCode });
	await page.goto("/gas");
	const card = page.getByTestId("area-average");
	await expect(card.getByTestId("area-average-price")).toHaveText("$3.040");
	const trend = card.getByTestId("area-trend");
	await expect(trend.getByTestId("line-chart")).toBeVisible();
	await expect(trend.getByTestId("area-trend-change")).toHaveText("▲ Up $0.040 since a week ago");
	await expect(trend.getByTestId("area-trend-summary")).toHaveText(
		"The Regular average near 59101 over the last 30 days went from $2.980 to $3.040, between $2.980 and $3.040.",
	);
	const found: string[] = [];
	await audit(page, "Gas page with its trend", found);
	expect(found).toEqual([]);
});

test("a trend that fails to load says so beneath the area average, and comes on a second try", async ({
	page,
	baseURL,
}) => {
	const origin = baseURL ?? "";
	// Portland, Maine: no other test's stations nearby.
	const zipCode = "04101";
	await fuelReportAsNeighbour(origin, zipCode, {
		stationName: uniqueName("Casco Fuel "),
		stationAddress: "2 Fore St",
		price: 3.21,
	});
	await signInFreshUser(page, origin, { zipCode });
	await page.route("**/api/gas/trend**", (route) =>
		route.fulfill({ status: 500, json: { message: "Something went wrong" } }),
	);
	await page.goto("/gas");
	const card = page.getByTestId("area-average");
	await expect(card.getByTestId("area-trend-failed")).toContainText("Couldn't load the 30-day trend.");
	await expect(card.getByTestId("area-average-price")).toHaveText("$3.210");

	await page.unroute("**/api/gas/trend**");
	await card.getByRole("button", { name: "Try again" }).click();
	// One day of prices: no line and no change yet, only the sentence that says so.
	await expect(card.getByTestId("area-trend-summary")).toHaveText(
		"Regular prices near 04101 were reported on one day of the last 30, averaging $3.210.",
	);
	await expect(card.getByTestId("area-trend-change")).toHaveCount(0);
	await expect(card.getByTestId("line-chart")).toHaveCount(0);
	await expect(card.getByTestId("area-average-price")).toHaveText("$3.210");
});
