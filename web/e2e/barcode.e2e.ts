import { audit } from "./axe.ts";
import { expect, reportThroughApi, searchFor, signInFreshUser, signInInNewContext, test } from "./fixtures.ts";

// Rapid City, South Dakota: no other browser test reports near it.
const HOME = "57701";

test("a barcode typed into the report form makes one product of two names, found by its digits", async ({
	page,
	browser,
	baseURL,
}) => {
	const origin = baseURL ?? "";
	const bob = await signInInNewContext(browser, origin, { zipCode: HOME, firstName: "Bob" });
	await reportThroughApi(bob.page, origin, {
		productName: "Coke can",
		price: 1.19,
		storeName: "Pearl Market",
		barcode: "0036000291452",
	});

	await signInFreshUser(page, origin, { zipCode: HOME, firstName: "Alice" });
	await page.goto("/");
	await page.getByRole("tab", { name: "Report Prices" }).click();
	await page.getByLabel("Product name").fill("Cola 12 oz can");
	await page.getByRole("spinbutton", { name: "Price" }).fill("1.25");
	await page.getByLabel("Category").selectOption({ label: "Dairy" });
	await page.getByLabel("Store name").fill("Alder Grocery");
	await page.getByLabel("Store address").fill("900 W Main St");
	// One digit wrong: the form says which digit the code should end in, and sends nothing.
	const barcode = page.getByRole("textbox", { name: "Barcode" });
	await barcode.fill("036000291453");
	await page.getByRole("button", { name: "Submit Price Report" }).click();
	await expect(page.getByText("its last digit, the check digit, should be 2")).toBeVisible();
	await barcode.fill("036000291452");
	await page.getByRole("button", { name: "Submit Price Report" }).click();
	await expect(page.getByRole("status").filter({ hasText: "Price reported" })).toContainText(
		"Cola 12 oz can at Alder Grocery for $1.25",
	);
	await expect(barcode).toHaveValue("");

	// The digits in the search box find the product's prices, whatever each shopper called it.
	await searchFor(page, "036000291452");
	const cards = page.getByTestId("result-card");
	await expect(cards).toHaveCount(2);
	await expect(cards.getByTestId("result-price")).toHaveText(["$1.19", "$1.25"]);
	// Its history is the one product's: both stores.
	await cards
		.first()
		.getByRole("link", { name: /^Price history of/ })
		.click();
	// Named as shoppers name it most: one each, so the first given.
	await expect(page.getByRole("heading", { level: 1, name: "Coke can" })).toBeVisible();
	await expect(page.getByText("Alder Grocery").first()).toBeVisible();
	await expect(page.getByText("Pearl Market").first()).toBeVisible();

	// Alice reported it, so she may write it right; everyone then sees hers.
	await page.getByRole("button", { name: "Correct the product" }).click();
	const dialog = page.getByRole("dialog", { name: "Correct the product" });
	const name = dialog.getByRole("textbox", { name: "Product name" });
	await expect(name).toHaveValue("Coke can");
	const found: string[] = [];
	await audit(page, "product correction", found);
	expect(found).toEqual([]);
	await name.fill("0036000291452");
	await dialog.getByRole("button", { name: "Save" }).click();
	await expect(dialog.getByText("A product's name needs words, not only digits")).toBeVisible();
	await name.fill("Coca-Cola 12 fl oz can");
	await dialog.getByRole("textbox", { name: "Brand" }).fill("Coca-Cola");
	await dialog.getByLabel("Size quantity").fill("12");
	await dialog.getByLabel("Size unit").selectOption("fl oz");
	await dialog.getByRole("button", { name: "Save" }).click();
	await expect(dialog).toBeHidden();
	await expect(page.getByRole("heading", { level: 1, name: "Coca-Cola 12 fl oz can" })).toBeVisible();
	await expect(page.getByTestId("history-where")).toContainText("Coca-Cola · 12 fl oz · barcode 0036000291452");
	await bob.page.goto(page.url());
	await expect(bob.page.getByRole("heading", { level: 1, name: "Coca-Cola 12 fl oz can" })).toBeVisible();
});
