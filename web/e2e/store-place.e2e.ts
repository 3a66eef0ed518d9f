import {
	expect,
	fillDairyReport,
	searchFor,
	signInFreshUser,
	signInInNewContext,
	test,
	uniqueName,
} from "./fixtures.ts";

// 10001 (Chelsea) and 10010 (the Flatiron) are each among the other's nearest ZIP areas, 1.1 miles apart.
test("one shop reported by shoppers from two home zips is one store, where it is", async ({
	page,
	browser,
	baseURL,
}) => {
	test.slow(); // two shoppers, two browser contexts
	const origin = baseURL ?? "";
	const store = uniqueName("Market");
	const product = uniqueName("Skyr");

	// Ana reports from home: the store's zip starts as hers.
	await signInFreshUser(page, origin, { zipCode: "10001", firstName: "Ana" });
	await page.goto("/");
	await page.getByRole("tab", { name: "Report Prices" }).click();
	await expect(page.getByLabel("Store zip code")).toHaveValue("10001");
	await fillDairyReport(page, { product, price: "3.49", store, address: "120 W 23rd St" });
	await page.getByRole("button", { name: "Submit Price Report" }).click();
	await expect(page.getByRole("status").filter({ hasText: "Price reported" })).toBeVisible();

	// Ben lives in the Flatiron: Ana's store is suggested with where it is, and choosing it takes its zip.
	const ben = await signInInNewContext(browser, origin, { zipCode: "10010", firstName: "Ben" });
	await ben.page.goto("/");
	await ben.page.getByRole("tab", { name: "Report Prices" }).click();
	const zip = ben.page.getByLabel("Store zip code");
	await expect(zip).toHaveValue("10010");
	const suggested = ben.page.getByTestId("store-suggestions").locator(`option[value="${store}"]`);
	await expect(suggested).toHaveCount(1);
	await expect(suggested).toHaveText("120 W 23rd St · 10001 · 1.1 mi");
	await ben.page.getByLabel("Product name").fill(product);
	await ben.page.getByRole("spinbutton", { name: "Price" }).fill("3.29");
	await ben.page.getByLabel("Category").selectOption({ label: "Dairy" });
	await ben.page.getByLabel("Store name").fill(store.toLowerCase());
	await expect(ben.page.getByLabel("Store address")).toHaveValue("120 W 23rd St");
	await expect(zip).toHaveValue("10001");
	await ben.page.getByRole("button", { name: "Submit Price Report" }).click();
	await expect(ben.page.getByRole("status").filter({ hasText: "Price reported" })).toBeVisible();

	// Both prices are at one store, a mile from Ben: the store's one card, which says both were reported.
	await searchFor(ben.page, product);
	await expect(ben.page.getByTestId("summary-line")).toHaveText("1 deal · 1 store");
	const cards = ben.page.getByTestId("result-card");
	await expect(cards.getByTestId("result-price")).toHaveText(["$3.29"]);
	await expect(cards.getByTestId("result-store")).toHaveText([store]);
	await expect(cards.getByTestId("result-distance")).toHaveText(["1.1 mi"]);
	await expect(cards.getByTestId("result-store-reports")).toHaveText(/^2 reports · 1 agrees on \$3\.29 · latest /);

	// And the store is still suggested once.
	await ben.page.getByRole("tab", { name: "Report Prices" }).click();
	await expect(suggested).toHaveCount(1);
	await ben.page.context().close();
});

test("the store zip follows vacation mode until the shopper types one", async ({ page, baseURL }) => {
	await signInFreshUser(page, baseURL ?? "", { zipCode: "10001" });
	await page.goto("/");
	await page.getByRole("tab", { name: "Report Prices" }).click();
	const zip = page.getByLabel("Store zip code");
	await expect(zip).toHaveValue("10001");
	await page.getByRole("switch", { name: /Vacation mode/ }).check();
	await page.getByLabel("Zip code where you found it").fill("90210");
	await expect(zip).toHaveValue("90210");
	await zip.fill("90069");
	await page.getByRole("switch", { name: /Vacation mode/ }).uncheck();
	await expect(zip).toHaveValue("90069");
});
