import { expect, fillDairyReport, reportAsNeighbour, signInFreshUser, test, uniqueName } from "./fixtures.ts";

const pageWidth = (page: import("@playwright/test").Page) => page.evaluate(() => document.documentElement.scrollWidth);

test("on a 390 px phone the open zip editor fits, and closing it gives the focus back to the zip", async ({
	page,
	signedIn,
}) => {
	void signedIn;
	await page.setViewportSize({ width: 390, height: 844 });
	await page.goto("/");
	const zip = page.getByRole("button", { name: "Zip code 10001. Change zip code" });
	await zip.click();
	await expect(page.getByRole("textbox", { name: "Zip code" })).toBeFocused();
	expect(await pageWidth(page)).toBeLessThanOrEqual(390);
	await page.keyboard.press("Escape");
	await expect(zip).toBeFocused();
	await zip.click();
	await page.getByRole("button", { name: "Cancel" }).click();
	await expect(zip).toBeFocused();
});

test("an empty sign-up puts the focus on its first field, First name", async ({ page }) => {
	await page.goto("/");
	await page.getByRole("tab", { name: "Sign Up" }).click();
	await page.getByRole("button", { name: "Create Account" }).click();
	await expect(page.getByLabel("First name")).toBeFocused();
});

test("creating and deleting alerts keeps the focus on the Alerts tab's controls", async ({ page, signedIn }) => {
	void signedIn;
	await page.goto("/");
	await page.getByRole("tab", { name: "Alerts" }).click();
	const newAlert = page.getByRole("button", { name: "New Alert" });
	for (const name of ["oat milk", "rye bread"]) {
		await newAlert.click();
		const form = page.getByRole("form", { name: "Create a price alert" });
		await form.getByLabel("Product name").fill(name);
		await form.getByRole("spinbutton", { name: "Target price ($)" }).fill("2.50");
		await form.getByRole("button", { name: "Create Alert" }).click();
		await expect(form).toBeHidden();
		await expect(newAlert).toBeFocused();
	}
	const items = page.getByTestId("alert-item");
	await expect(items).toHaveCount(2);
	await items
		.first()
		.getByRole("button", { name: /^Delete alert for / })
		.click();
	await expect(items).toHaveCount(1);
	await expect(items.first().getByRole("button", { name: /^Delete alert for / })).toBeFocused();
	await items
		.first()
		.getByRole("button", { name: /^Delete alert for / })
		.press("Enter");
	await expect(items).toHaveCount(0);
	await expect(newAlert).toBeFocused();
});

test("an empty alert puts the focus on its Product name, though the report form (same field name) was opened first", async ({
	page,
	signedIn,
}) => {
	void signedIn;
	await page.goto("/");
	await page.getByRole("tab", { name: "Report Prices" }).click();
	await expect(page.getByRole("textbox", { name: "Product name" })).toBeVisible();
	await page.getByRole("tab", { name: "Alerts" }).click();
	await page.getByRole("button", { name: "New Alert" }).click();
	const form = page.getByRole("form", { name: "Create a price alert" });
	await form.getByRole("button", { name: "Create Alert" }).click();
	await expect(form.getByLabel("Product name")).toBeFocused();
});

test("without a zip code Find Deals asks for one instead of reporting a failed search", async ({ page, baseURL }) => {
	await signInFreshUser(page, baseURL ?? "", { zipCode: "" });
	await page.goto("/");
	await expect(page.getByRole("heading", { name: "Set Your Location" })).toBeVisible();
	await page.getByRole("button", { name: "Groceries" }).click();
	await expect(page.getByRole("heading", { name: "Set Your Location" })).toBeVisible();
	await expect(page.getByText("Search failed. Please try again.")).toHaveCount(0);
	await page.getByRole("button", { name: "Enter zip code" }).click();
	await expect(page.getByRole("textbox", { name: "Zip code" })).toBeFocused();
});

test("a failed account deletion is told inside the dialog, where it can be read", async ({ page, signedIn }) => {
	await page.route("**/api/auth/delete-account", (route) =>
		route.fulfill({
			status: 500,
			contentType: "application/json",
			body: JSON.stringify({ message: "The database is busy" }),
		}),
	);
	await page.goto("/settings");
	await page.getByRole("button", { name: "Delete Account" }).click();
	const dialog = page.getByRole("dialog", { name: "Delete your account?" });
	await dialog.getByLabel(/Type your username/).fill(signedIn.username);
	await dialog.getByRole("button", { name: "Delete Forever" }).click();
	await expect(dialog.getByRole("alert")).toHaveText("Deletion Failed: The database is busy");
});

test("a product named with one long word breaks inside its card and leaves the price in view", async ({
	page,
	baseURL,
}) => {
	const product = `Superextraordinarilylongproductnamewithoutanyspaces${uniqueName("")}`;
	await reportAsNeighbour(baseURL ?? "", product, "5.49");
	await signInFreshUser(page, baseURL ?? "");
	await page.setViewportSize({ width: 390, height: 844 });
	await page.goto("/");
	await page.getByRole("searchbox", { name: "Search for a product" }).fill(product);
	await page.keyboard.press("Enter");
	const card = page.getByTestId("result-card").filter({ hasText: product });
	const price = card.getByTestId("result-price");
	await expect(price).toHaveText("$5.49");
	const [cardBox, priceBox] = [await card.boundingBox(), await price.boundingBox()];
	expect(priceBox!.x + priceBox!.width).toBeLessThanOrEqual(cardBox!.x + cardBox!.width);
	expect(await pageWidth(page)).toBeLessThanOrEqual(390);
});

test("on a 390 px phone the Gas page and Discover fit, whatever long names and addresses they show", async ({
	page,
	baseURL,
	browser,
}) => {
	const origin = baseURL ?? "";
	// Miles City, Montana: no other test reports near it, so their stations do not crowd the page.
	const zip = "59301";
	// Words as long as the fields allow people to type them: nothing on the page may push it wider.
	const family = uniqueName("KonstantinopoulouPapadimitriou");
	const { signInInNewContext } = await import("./fixtures.ts");
	// Others see a last name's initial only, so the long word is her first name.
	const other = await signInInNewContext(browser, origin, { firstName: family, lastName: "Maximiliana", zipCode: zip });
	const reported = await other.page.request.post("/api/gas/reports", {
		headers: { Origin: origin },
		data: {
			stationName: `${"Supercalifragilisticexpialidocious".repeat(2)} Station`,
			stationAddress: "2290 Frederick Douglass Blvd at W 123rd St",
			stationZipCode: zip,
			fuelType: "regular",
			price: 3.49,
		},
	});
	expect(reported.status()).toBe(201);

	await signInFreshUser(page, origin, { zipCode: zip });
	await page.setViewportSize({ width: 390, height: 844 });
	await page.goto("/gas");
	await expect(page.getByText("2290 Frederick Douglass Blvd at W 123rd St").first()).toBeVisible();
	expect(await pageWidth(page)).toBeLessThanOrEqual(390);

	await page.goto("/discover");
	await page.getByRole("searchbox", { name: "Search users" }).fill(family.toLowerCase());
	await expect(page.getByRole("article", { name: `${family} M.` })).toBeVisible();
	expect(await pageWidth(page)).toBeLessThanOrEqual(390);
});

test("on a phone a control scrolled just into view stops above the bottom navigation, not under it", async ({
	page,
	signedIn,
}) => {
	void signedIn;
	await page.setViewportSize({ width: 390, height: 844 });
	await page.goto("/settings");
	const navTop = await page.getByRole("navigation", { name: "Main" }).evaluate((el) => el.getBoundingClientRect().top);
	// Chromium centres a control it focuses; other browsers, and find-in-page, scroll it just into view, as here.
	const developer = page.getByRole("button", { name: "Developer", exact: true });
	await developer.evaluate((el) => el.scrollIntoView({ block: "nearest" }));
	const bottom = await developer.evaluate((el) => el.getBoundingClientRect().bottom);
	expect(bottom).toBeLessThanOrEqual(navTop);
	expect(bottom).toBeGreaterThan(navTop - 40); // scrolled to it, not past it
});

test("a form sent from its button keeps the keyboard's focus there while it is sent and after", async ({
	page,
	signedIn,
}) => {
	expect(signedIn.username).toBeTruthy();
	await page.goto("/");
	await page.getByRole("tab", { name: "Report Prices" }).click();
	await fillDairyReport(page, { product: "Focus Feta", price: "4.10", store: "Tab Stop Deli", address: "3 Focus Ln" });
	const submit = page.getByRole("button", { name: "Submit Price Report" });
	await submit.focus();
	await page.keyboard.press("Enter");
	await expect(page.getByRole("status").filter({ hasText: "Price reported" })).toBeVisible();
	await expect(submit).toBeFocused();

	await page.getByRole("tab", { name: "Alerts" }).click();
	await page.getByRole("button", { name: "New Alert" }).click();
	const form = page.getByRole("form", { name: "Create a price alert" });
	await form.getByLabel("Product name").fill("Focus Feta");
	await form.getByRole("spinbutton", { name: "Target price ($)" }).fill("3.00");
	await page.route("**/api/price-alerts", (route) =>
		route.request().method() === "POST" ? route.fulfill({ status: 500, json: { message: "Down" } }) : route.continue(),
	);
	const create = form.getByRole("button", { name: "Create Alert" });
	await create.focus();
	await page.keyboard.press("Enter");
	await expect(page.getByRole("alert").filter({ hasText: "Failed to create price alert" })).toBeVisible();
	await expect(create).toBeFocused();
});
