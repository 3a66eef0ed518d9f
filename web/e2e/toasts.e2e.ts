import {
	expect,
	expectShownFor,
	fillDairyReport,
	markToastsOnEntry,
	PASSWORD,
	registerAccount,
	reportThroughApi,
	signInFreshUser,
	signInInNewContext,
	test,
	uniqueName,
} from "./fixtures.ts";

// Each toast is marked with the page clock's time as it enters the page.
test.beforeEach(({ page }) => markToastsOnEntry(page));

test("a welcome lasts 6 s, in a live region that was there before it", async ({ page, baseURL }) => {
	const username = await registerAccount(baseURL ?? "", "Tosh");

	await page.clock.install();
	await page.goto("/");
	// Screen readers announce what changes inside a region already on the page, not a region added with it.
	const region = page.locator('[aria-live="polite"][aria-atomic="true"]');
	await expect(region).toHaveCount(1);
	await expect(region).toBeEmpty();
	await page.getByLabel("Username").fill(username);
	await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
	await page.getByRole("button", { name: "Sign In" }).click();
	const welcome = region.getByRole("status").filter({ hasText: "Welcome back, Tosh!" });
	await expectShownFor(page, welcome, 6_000);
});

test("on Report Prices: a failure 6 s, a report 4 s, a rejection 8 s; categories that failed load on Retry", async ({
	page,
	baseURL,
}) => {
	await signInFreshUser(page, baseURL ?? "");
	await page.route("**/api/categories", (route) =>
		route.fulfill({ status: 500, contentType: "text/html", body: "<h1>Bad gateway</h1>" }),
	);
	await page.clock.install();
	await page.goto("/");
	await page.getByRole("tab", { name: "Report Prices" }).click();

	const failed = page
		.locator('[aria-live="assertive"]')
		.getByRole("alert")
		.filter({ hasText: "Failed to fetch categories" });
	await expectShownFor(page, failed, 6_000);
	const category = page.getByLabel("Category");
	await expect(category).toBeDisabled();
	await expect(page.getByText("Failed to fetch categories")).toBeVisible(); // under the field, after the toast
	await page.unroute("**/api/categories");
	const retry = page.getByRole("button", { name: "Retry loading categories" });
	await retry.click();
	await expect(category).toBeEnabled();
	await expect(retry).toHaveCount(0);
	await expect(page.getByText("Failed to fetch categories")).toHaveCount(0);

	await fillDairyReport(page, { product: "Toast Butter", price: "3.49", store: "Clock Market", address: "4 Tick St" });
	await page.getByRole("button", { name: "Submit Price Report" }).click();
	await expectShownFor(page, page.getByRole("status").filter({ hasText: "Price reported" }), 4_000);

	await page.getByLabel("Product name").fill("Toast Butter");
	await page.getByRole("spinbutton", { name: "Price" }).fill("99.00");
	await category.selectOption({ label: "Dairy" });
	await page.getByRole("button", { name: "Submit Price Report" }).click();
	await expectShownFor(page, page.getByRole("alert").filter({ hasText: "Price Report Rejected" }), 8_000);
});

test("a price alert's hit, shown as a toast without notification permission, lasts 8 s", async ({
	page,
	browser,
	baseURL,
}) => {
	const origin = baseURL ?? "";
	await signInFreshUser(page, origin, { zipCode: "10001" });
	const product = uniqueName("clockberry");
	const created = await page.request.post("/api/price-alerts", {
		headers: { Origin: origin },
		data: { productName: product, targetPrice: 5 },
	});
	expect(created.status()).toBe(201);
	await page.clock.install();
	await page.goto("/");
	await page.getByRole("tab", { name: "Alerts" }).click();
	await expect(page.getByText(product).first()).toBeVisible();

	// A neighbour in the Garment District, among the 20 ZIP areas nearest the alert's 10001.
	const other = await signInInNewContext(browser, origin, { zipCode: "10018" });
	await reportThroughApi(other.page, origin, { productName: product, price: 4.49, storeName: "Berry Barn" });
	await expectShownFor(page, page.getByRole("status").filter({ hasText: `Price alert: ${product}` }), 8_000);
	await other.page.context().close();
});
