import { audit } from "./axe.ts";
import { expect, searchFor, signInFreshUser, test, uniqueName } from "./fixtures.ts";

// Pendleton, Oregon: a neighbourhood no other browser test reports in.
const ZIP = "97801";

test("the report form says what a price asks, and the card shows it", async ({ page, baseURL }) => {
	const origin = baseURL ?? "";
	const product = uniqueName("Sparkling water ");
	await signInFreshUser(page, origin, { zipCode: ZIP, firstName: "Pia" });
	await page.goto("/");
	await page.getByRole("tab", { name: "Report Prices" }).click();
	await page.getByLabel("Product name").fill(product);
	await page.getByLabel("Category").selectOption({ label: "Dairy" });
	await page.getByLabel("Store name").fill("Main Street Grocer");
	await page.getByLabel("Store address").fill("120 SE Court Ave");

	// A multi-buy asks how many; its price is the bundle's.
	await page.getByLabel("Price type").selectOption({ label: "Multi-buy (like 2 for $5)" });
	await page.getByRole("spinbutton", { name: "Price for all ($)", exact: true }).fill("5.00");
	await page.getByRole("button", { name: "Submit Price Report" }).click();
	await expect(page.getByTestId("multiBuyQuantity-errors")).toContainText("Say how many the multi-buy price is for");
	await page.getByRole("spinbutton", { name: "How many for the price", exact: true }).fill("3");
	const found: string[] = [];
	await audit(page, "the report form with a multi-buy", found);
	expect(found).toEqual([]);
	await page.getByRole("button", { name: "Submit Price Report" }).click();
	await expect(page.getByRole("status").filter({ hasText: "Price reported" })).toBeVisible();

	// Its card: the bundle as the shelf says it, one's share under it, and what kind of price it is.
	await searchFor(page, product);
	const card = page.getByTestId("result-card").filter({ hasText: product });
	await expect(card.getByTestId("result-price")).toHaveText("3 for $5.00");
	await expect(card).toContainText("$1.67 each");
	await expect(card.getByTestId("price-terms")).toHaveText("Multi-buy");
	await audit(page, "a multi-buy's card", found);
	expect(found).toEqual([]);
});
