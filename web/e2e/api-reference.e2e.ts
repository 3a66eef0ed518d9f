import { expect, test } from "@playwright/test";
import { audit } from "./axe.ts";

test("the API reference page loads", async ({ page }) => {
	// A script or style the page's Content-Security-Policy refuses is reported as a console error.
	const problems: string[] = [];
	page.on("console", (message) => {
		if (message.type() === "error") problems.push(message.text());
	});
	page.on("pageerror", (error) => problems.push(error.message));

	await page.goto("/docs/api");
	await expect(page).toHaveTitle(/API reference/);
	await expect(page.getByRole("heading", { level: 1, name: /CommonCents API/ })).toBeVisible({ timeout: 15_000 });
	await expect(page.getByRole("heading", { level: 3, name: /^Deals/ })).toBeVisible();
	await expect(page.getByRole("link", { name: "Back to CommonCents" })).toHaveAttribute("href", "/");

	// A group opened, and one of its operations: its description, parameters, request body and responses. One
	// audit of the whole page then covers the introduction, the closed groups and an open operation.
	await page.getByRole("heading", { level: 3, name: /^Deals/ }).click();
	await page.getByRole("button", { name: /\/api\/price-reports\s*Report a price$/ }).click();
	await expect(page.getByRole("heading", { name: /Request body/ })).toBeVisible();
	const found: string[] = [];
	await audit(page, "operation open", found);
	expect(found).toEqual([]);
	expect(problems).toEqual([]);
});
