import type { Page } from "@playwright/test";
import { audit } from "./axe.ts";
import {
	expect,
	fillDairyReport,
	holdRequests,
	reportAsNeighbour,
	searchFor,
	signInFreshUser,
	test,
	uniqueName,
} from "./fixtures.ts";

/** Report Prices with a first-ever milk at ten times its price, in a town nobody has reported it in. */
async function reportSlippedMilk(page: Page, product: string) {
	await page.goto("/");
	await page.getByRole("tab", { name: "Report Prices" }).click();
	await fillDairyReport(page, { product, price: "34.90", store: "Corner Shop", address: "9 Oak St" });
	await page.getByRole("button", { name: "Submit Price Report" }).click();
	return page.getByRole("alertdialog", { name: "Did you mean $3.49?" });
}

test("a doubtful milk price is asked about in the form; Use sends the suggestion, Keep the price typed", async ({
	page,
	baseURL,
}) => {
	test.slow(); // two reports, two searches and an audit
	await signInFreshUser(page, baseURL ?? "", { zipCode: "97201" });
	const first = uniqueName("Whole Milk ");
	const question = await reportSlippedMilk(page, first);
	await expect(question).toBeVisible();
	await expect(question).toContainText("$34.90 is far above the prices usually reported for Dairy");
	// The focus is on the first answer: a screen reader says the question, the keyboard can answer at once.
	const use = question.getByRole("button", { name: "Use $3.49" });
	await expect(use).toBeFocused();
	await expect(question.getByRole("button", { name: "Keep $34.90" })).toBeVisible();
	// Nothing was thanked for: the price is not listed until the shopper answers.
	await expect(page.getByRole("status").filter({ hasText: "Thanks for sharing!" })).toHaveCount(0);
	const found: string[] = [];
	await audit(page, "the check's question in Report Prices", found);
	expect(found).toEqual([]);

	await page.keyboard.press("Enter");
	await expect(page.getByRole("status").filter({ hasText: `${first} at Corner Shop for $3.49` })).toBeVisible();
	await expect(question).toHaveCount(0);

	const second = uniqueName("Whole Milk ");
	const again = await reportSlippedMilk(page, second);
	await again.getByRole("button", { name: "Keep $34.90" }).click();
	const kept = page.getByRole("status").filter({ hasText: `${second} at Corner Shop for $34.90` });
	await expect(kept).toBeVisible();
	await expect(kept).toContainText("won't be a Best Deal until another shopper confirms it");

	await page.getByRole("tab", { name: "Find Deals" }).click();
	await searchFor(page, first);
	await expect(page.getByRole("article").filter({ hasText: "$3.49" })).toHaveCount(1);
	await searchFor(page, second);
	await expect(page.getByRole("article").filter({ hasText: "$34.90" })).toHaveCount(1);
});

test("Report Prices sends once however often Submit is clicked, and says it is sending", async ({ page, baseURL }) => {
	await signInFreshUser(page, baseURL ?? "", { zipCode: "97201" });
	const posts = await holdRequests(page, "**/api/price-reports", "POST");
	await page.goto("/");
	await page.getByRole("tab", { name: "Report Prices" }).click();
	await fillDairyReport(page, {
		product: uniqueName("Oat Milk "),
		price: "3.49",
		store: "Corner Shop",
		address: "9 Oak St",
	});
	const submit = page.getByRole("button", { name: "Submit Price Report" });
	await submit.click({ clickCount: 3 });
	const sending = page.getByRole("button", { name: "Submitting…" });
	await expect(sending).toHaveAttribute("aria-disabled", "true");
	await sending.click({ force: true });
	posts.release();
	await expect(page.getByRole("status").filter({ hasText: "Thanks for sharing!" })).toBeVisible();
	expect(posts.sent()).toBe(1);
});

test("the fuel report asks too, in its dialog, and sends once however often Submit is clicked", async ({
	page,
	baseURL,
}) => {
	await signInFreshUser(page, baseURL ?? "", { zipCode: "97301" });
	await page.goto("/gas");
	await page.getByRole("button", { name: "Report Price", exact: true }).click();
	const dialog = page.getByRole("dialog", { name: "Report a fuel price" });
	await dialog.getByLabel("Station name").fill("Oak Fuel");
	await dialog.getByLabel("Station address").fill("4 Oak St");
	await dialog.getByLabel("Price ($/gal)", { exact: true }).fill("7.49");
	const posts = await holdRequests(page, "**/api/gas/reports", "POST");
	await dialog.getByRole("button", { name: "Submit Report" }).click({ clickCount: 3 });
	await expect(dialog.getByRole("button", { name: "Submitting…" })).toHaveAttribute("aria-disabled", "true");
	posts.release();
	const question = dialog.getByRole("alertdialog", { name: "Did you mean $4.790?" });
	await expect(question).toBeVisible();
	expect(posts.sent()).toBe(1);
	await expect(question.getByRole("button", { name: "Use $4.790" })).toBeFocused();
	const found: string[] = [];
	await audit(page, "the check's question in the fuel report", found);
	expect(found).toEqual([]);
	await question.getByRole("button", { name: "Use $4.790" }).click();
	await expect(dialog).toBeHidden();
	await expect(page.getByRole("status").filter({ hasText: "$4.790/gal" })).toBeVisible();
	expect(posts.sent()).toBe(2);
});

test("a doubtful new price given on a result is asked about too, and kept as typed", async ({ page, baseURL }) => {
	const origin = baseURL ?? "";
	const product = uniqueName("Goat Milk ");
	await reportAsNeighbour(origin, product, "3.49");
	await signInFreshUser(page, origin);
	await searchFor(page, product);
	const card = page.getByTestId("result-card").filter({ hasText: "$3.49" });
	await card.getByRole("button", { name: "Price changed" }).click();
	await card.getByRole("spinbutton", { name: "New price" }).fill("34.90");
	await card.getByRole("button", { name: "Save" }).click();
	const question = card.getByRole("alertdialog", { name: "Did you mean $3.49?" });
	await expect(question).toBeVisible();
	await expect(question.getByRole("button", { name: "Use $3.49" })).toBeFocused();
	await question.getByRole("button", { name: "Keep $34.90" }).click();
	await expect(page.getByRole("status").filter({ hasText: "New price reported" })).toBeVisible();
	await expect(page.getByTestId("result-price")).toHaveText(["$34.90"]);
});
