import type { APIRequestContext } from "@playwright/test";
import { audit } from "./axe.ts";
import { expect, neighbourIn, signInFreshUser, test, uniqueName } from "./fixtures.ts";

// Issue 42's like with like: sizes on the report form, unit prices on the results, Best Deal by unit price,
// and one card per store. Grand Forks, North Dakota: a neighbourhood no other browser test reports in.
const ZIP = "58201";

/** A neighbour of their own (one voice each) reports the product's price with its size, through the API. */
async function neighbourReports(
	origin: string,
	product: string,
	report: { price: string; size: { quantity: string; unit: string }; store: string },
) {
	const api: APIRequestContext = await neighbourIn(origin, ZIP);
	const res = await api.post("/api/price-reports", {
		data: {
			productName: product,
			price: report.price,
			categoryId: 3,
			size: report.size,
			storeName: report.store,
			storeAddress: "400 Demers Ave",
		},
	});
	// 200: the same price another neighbour reported there today, counted as their confirmation.
	expect([200, 201]).toContain(res.status());
	await api.dispose();
}

test("sizes compare like with like: unit prices, Best Deal per unit, and one card per store", async ({
	page,
	baseURL,
	isMobile,
}) => {
	const origin = baseURL ?? "";
	const product = uniqueName("Oat Milk ");
	// A gallon at $5.99 (two neighbours agree on it) is the best by the ounce, though the dearest by the carton.
	const gallon = { price: "5.99", size: { quantity: "1", unit: "gal" }, store: "Red River Grocer" };
	await neighbourReports(origin, product, gallon);
	await neighbourReports(origin, product, gallon);
	await neighbourReports(origin, product, {
		price: "3.49",
		size: { quantity: "64", unit: "fl oz" },
		store: "Prairie Market",
	});

	// Ann reports a quart through the form: a quantity without a unit is refused, and said so under the row.
	await signInFreshUser(page, origin, { zipCode: ZIP, firstName: "Ann" });
	await page.goto("/");
	await page.getByRole("tab", { name: "Report Prices" }).click();
	await page.getByLabel("Product name").fill(product);
	await page.getByRole("spinbutton", { name: "Price" }).fill("2.00");
	await page.getByLabel("Category").selectOption({ label: "Dairy" });
	await page.getByLabel("Store name").fill("Corner Store");
	await page.getByLabel("Store address").fill("12 N 3rd St");
	const quantity = page.getByRole("spinbutton", { name: "Size quantity" });
	await quantity.fill("32");
	await page.getByRole("button", { name: "Submit Price Report" }).click();
	await expect(page.getByTestId("size-errors")).toHaveText("Size needs both a quantity and a unit, or neither");
	await expect(quantity).toBeFocused();
	const found: string[] = [];
	const project = isMobile ? "phone" : "desktop";
	await audit(page, `report form, size without a unit (${project})`, found);
	await page.getByLabel("Size unit").selectOption("fl oz");
	await expect(page.getByTestId("size-errors")).toBeHidden();
	await page.getByRole("button", { name: "Submit Price Report" }).click();
	await expect(page.getByRole("status").filter({ hasText: "Price reported" })).toBeVisible();
	await expect(quantity).toHaveValue("");

	// Cheapest first by price; each card with its size and unit price beside the price.
	await page.getByRole("tab", { name: "Find Deals" }).click();
	const box = page.getByRole("searchbox", { name: "Search for a product" });
	await box.fill(product);
	await box.press("Enter");
	const cards = page.getByTestId("result-card");
	await expect(cards.getByTestId("result-price")).toHaveText(["$2.00", "$3.49", "$5.99"]);
	await expect(cards.getByTestId("result-unit-price")).toHaveText([
		"32 fl oz · $0.063/fl oz",
		"64 fl oz · $0.055/fl oz",
		"1 gal · $5.99/gal",
	]);
	// Best Deal by unit price: the gallon, and the two neighbours' gallon is one card that says they agree.
	const best = cards.filter({ hasText: "Best Deal" });
	await expect(best).toHaveCount(1);
	await expect(best.getByTestId("result-store")).toHaveText("Red River Grocer");
	await expect(best.getByTestId("result-store-reports")).toHaveText(/^2 reports agree · latest (just now|1 min ago)$/);
	await expect(cards.getByTestId("result-store-reports")).toHaveCount(1);

	// The savings are per unit: the quart is $8.00 a gallon, against the gallon's $5.99.
	if (isMobile) {
		await expect(page.getByTestId("summary-line")).toHaveText("3 deals · 3 stores · save up to $2.01/gal");
		await expect(page.getByLabel("Search summary")).toBeHidden();
	} else {
		await expect(page.getByTestId("summary-savings")).toHaveText("$2.01/gal");
		await expect(page.getByTestId("summary-line")).toBeHidden();
	}
	await audit(page, `results with sizes (${project})`, found);
	expect(found).toEqual([]);
});
