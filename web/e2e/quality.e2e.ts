import { expect, reportAsNeighbour, test } from "./fixtures.ts";

test("a price with a slipped decimal is refused with the typical range; agreeing prices show AI Verified", async ({
	page,
	baseURL,
	signedIn,
}) => {
	const product = `Quality Kefir ${signedIn.username}`;
	// The first reports have thin history (confidence 0.5); later ones agree with a consensus (AI Verified).
	const prices = ["3.49", "3.59", "3.39", "3.55", "3.45", "3.50", "3.48"];
	for (const price of prices) await reportAsNeighbour(baseURL ?? "", product, price);

	await page.goto("/");
	await page.getByRole("tab", { name: "Report Prices" }).click();
	await page.getByLabel("Product name").fill(product);
	await page.getByRole("spinbutton", { name: "Price" }).fill("34.90");
	await page.getByLabel("Category").selectOption({ label: "Dairy" });
	await page.getByLabel("Store name").fill("Corner Shop");
	await page.getByLabel("Store address").fill("9 Oak St");
	await page.getByRole("button", { name: "Submit Price Report" }).click();

	const toast = page.getByRole("alert").filter({ hasText: "Price Report Rejected" });
	await expect(toast).toBeVisible();
	await expect(toast).toContainText("This price seems unreasonable.");
	await expect(toast).toContainText("7 nearby reports agree on ($3.49)");
	await expect(toast).toContainText(/Typical prices range from \$\d+\.\d\d to \$\d+\.\d\d\./);
	// Nothing was lost: the form keeps what was typed, ready to correct.
	await expect(page.getByLabel("Product name")).toHaveValue(product);

	await page.getByRole("tab", { name: "Find Deals" }).click();
	const box = page.getByRole("searchbox", { name: "Search for a product" });
	await box.fill("quality kefir");
	await box.press("Enter");
	const cards = page.getByRole("article");
	await expect(cards).toHaveCount(prices.length);
	const verified = cards.filter({ hasText: "AI Verified" });
	await expect(verified.first()).toBeVisible();
	await expect(cards.filter({ hasText: "$3.50" }).getByText("AI Verified")).toBeVisible();
	await expect(cards.filter({ hasText: "$3.59" }).getByText("AI Verified")).toHaveCount(0);
});
