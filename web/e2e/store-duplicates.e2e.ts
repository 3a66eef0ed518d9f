import type { Page } from "@playwright/test";
import { audit } from "./axe.ts";
import { expect, fillDairyReport, neighbourIn, signInFreshUser, test, uniqueName } from "./fixtures.ts";

// Duluth (away from the empty towns of empty-town.both.e2e.ts): Hilander Foods is in 55812, and the shopper
// lives next door, in 55803 (among its nearest zips).
let street = 0;
/** Hilander Foods, reported by a neighbour through the API at an address of this test's own. */
async function hilanderFoods(baseURL: string, path: "/api/price-reports" | "/api/gas/reports") {
	const address = `${4300 + (Date.now() % 500) + street++} E ${uniqueName("State")} St`;
	const api = await neighbourIn(baseURL, "55812");
	const data =
		path === "/api/price-reports"
			? { productName: "Rye Bread", price: "3.10", categoryId: 3, storeName: "Hilander Foods", storeAddress: address }
			: { stationName: "Hilander Foods", stationAddress: address, fuelType: "regular", price: "3.109" };
	expect((await api.post(path, { data })).status()).toBe(201);
	await api.dispose();
	return address;
}

/** Report Prices with "Hilander" typed, not picked from the suggestions, at Hilander Foods' address. */
async function reportAtHilander(page: Page, product: string, address: string) {
	await page.goto("/");
	await page.getByRole("tab", { name: "Report Prices" }).click();
	await expect(page.getByLabel("Store zip code")).toHaveValue("55803");
	await fillDairyReport(page, { product, price: "2.89", store: "Hilander", address });
	await page.getByRole("button", { name: "Submit Price Report" }).click();
	return page.getByRole("alertdialog", { name: `Did you mean Hilander Foods at ${address}?` });
}

/** The stores near 55803 at `address`, by name, as the form's suggestions come from. */
async function storesAt(page: Page, address: string) {
	const stores = (await (await page.request.get("/api/stores?zipCode=55803")).json()) as {
		name: string;
		address: string;
	}[];
	return stores.filter((s) => s.address === address).map((s) => s.name);
}

test("a store typed like one nearby is offered first: Use Hilander Foods files it there, one store", async ({
	page,
	baseURL,
}) => {
	test.slow(); // a neighbour's report, the question, an audit and the answer
	const origin = baseURL ?? "";
	const address = await hilanderFoods(origin, "/api/price-reports");
	await signInFreshUser(page, origin, { zipCode: "55803" });
	const product = uniqueName("Goat Cheese ");
	const question = await reportAtHilander(page, product, address);
	await expect(question).toBeVisible();
	await expect(question).toContainText(`A store of a name like it is already listed at ${address}, 55812.`);
	// The focus is on the first answer; nothing is thanked for yet, and nothing typed is gone.
	const use = question.getByRole("button", { name: "Use Hilander Foods" });
	await expect(use).toBeFocused();
	await expect(question.getByRole("button", { name: "It's a new store" })).toBeVisible();
	await expect(page.getByRole("status").filter({ hasText: "Thanks for sharing!" })).toHaveCount(0);
	await expect(page.getByLabel("Product name")).toHaveValue(product);
	const found: string[] = [];
	await audit(page, "the question about a store like one nearby", found);
	expect(found).toEqual([]);

	await page.keyboard.press("Enter");
	await expect(page.getByRole("status").filter({ hasText: `${product} at Hilander Foods for $2.89` })).toBeVisible();
	await expect(question).toHaveCount(0);
	// The answer's focus is not dropped to the page: it is on the form's submit button.
	await expect(page.getByRole("button", { name: "Submit Price Report" })).toBeFocused();
	// The next report is at the store chosen, and there is still one store there.
	await expect(page.getByLabel("Store name")).toHaveValue("Hilander Foods");
	await expect(page.getByLabel("Store zip code")).toHaveValue("55812");
	expect(await storesAt(page, address)).toEqual(["Hilander Foods"]);
});

test("It's a new store files it under the name typed, beside Hilander Foods", async ({ page, baseURL }) => {
	const origin = baseURL ?? "";
	const address = await hilanderFoods(origin, "/api/price-reports");
	await signInFreshUser(page, origin, { zipCode: "55803" });
	const product = uniqueName("Kefir ");
	const question = await reportAtHilander(page, product, address);
	await question.getByRole("button", { name: "It's a new store" }).click();
	await expect(page.getByRole("status").filter({ hasText: `${product} at Hilander for $2.89` })).toBeVisible();
	await expect(page.getByRole("button", { name: "Submit Price Report" })).toBeFocused();
	expect((await storesAt(page, address)).sort()).toEqual(["Hilander", "Hilander Foods"]);
});

test("a store or price edited under the question is what is sent: the old question goes", async ({ page, baseURL }) => {
	const origin = baseURL ?? "";
	const address = await hilanderFoods(origin, "/api/price-reports");
	await signInFreshUser(page, origin, { zipCode: "55803" });
	const product = uniqueName("Butter ");
	const question = await reportAtHilander(page, product, address);
	await expect(question).toBeVisible();
	// The shopper fixes the price and the name instead of answering: the question about what was sent goes.
	await page.getByLabel("Price ($)").fill("2.99");
	await expect(question).toHaveCount(0);
	await page.getByLabel("Store name").fill("Hilandr");
	await page.getByRole("button", { name: "Submit Price Report" }).click();
	const asked = page.getByRole("alertdialog", { name: `Did you mean Hilander Foods at ${address}?` });
	await asked.getByRole("button", { name: "It's a new store" }).click();
	await expect(page.getByRole("status").filter({ hasText: `${product} at Hilandr for $2.99` })).toBeVisible();
	expect((await storesAt(page, address)).sort()).toEqual(["Hilander Foods", "Hilandr"]);
});

test("the fuel report asks too: Use Hilander Foods reports the price at that station", async ({ page, baseURL }) => {
	const origin = baseURL ?? "";
	const address = await hilanderFoods(origin, "/api/gas/reports");
	await signInFreshUser(page, origin, { zipCode: "55803" });
	await page.goto("/gas");
	await page.getByRole("button", { name: "Report Price", exact: true }).click();
	const dialog = page.getByRole("dialog", { name: "Report a fuel price" });
	await dialog.getByLabel("Station name").fill("Hilander");
	await dialog.getByLabel("Station address").fill(address);
	await dialog.getByLabel("Price ($/gal)", { exact: true }).fill("3.119");
	await dialog.getByRole("button", { name: "Submit Report" }).click();
	const question = dialog.getByRole("alertdialog", { name: `Did you mean Hilander Foods at ${address}?` });
	await expect(question).toBeVisible();
	await expect(question.getByRole("button", { name: "Use Hilander Foods" })).toBeFocused();
	const found: string[] = [];
	await audit(page, "the question about a station like one nearby", found);
	expect(found).toEqual([]);
	// The price edited under the question: it goes, and the report sent again asks again, with the new price.
	await dialog.getByLabel("Price ($/gal)", { exact: true }).fill("3.129");
	await expect(question).toHaveCount(0);
	await dialog.getByRole("button", { name: "Submit Report" }).click();
	await expect(question).toBeVisible();
	await question.getByRole("button", { name: "Use Hilander Foods" }).press("Enter");
	await expect(dialog).toBeHidden();
	await expect(page.getByRole("status").filter({ hasText: "Regular at Hilander Foods: $3.129/gal" })).toBeVisible();
});
