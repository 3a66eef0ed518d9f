import { expect, holdRequests, reportAsNeighbour, signInFreshUser, test, uniqueName } from "./fixtures.ts";

// What one visit shows stays true without a reload: the app keeps its answers until something changes them
// (staleTime Infinity), so each change must refresh what it touches, and an asked-again search must ask.

test("in one visit: a search asked again, a new sort, the shopper's own report, their counts and savings", async ({
	page,
	baseURL,
}) => {
	const origin = baseURL ?? "";
	const product = uniqueName("Kvass ");
	await reportAsNeighbour(origin, product, "2.00");
	await signInFreshUser(page, origin, { firstName: "Fay" });
	await page.goto("/");
	const search = page.getByRole("searchbox", { name: "Search for a product" });
	await search.fill(product);
	await search.press("Enter");
	// One line on a phone; one price has no savings to speak of.
	const count = page.getByTestId("summary-line");
	await expect(count).toHaveText("1 deal · 1 store");

	// The same words again ask the server again: a neighbour's dearer price came in meanwhile. While the
	// answer is on its way, the results say they are busy (screen readers wait for the new ones).
	await reportAsNeighbour(origin, product, "3.00");
	const searching = await holdRequests(page, "**/api/search?*");
	await search.press("Enter");
	const results = page.getByRole("region", { name: "Search results" });
	await expect(results).toHaveAttribute("aria-busy", "true");
	searching.release();
	await expect(count).toHaveText("2 deals · 2 stores · save up to $1.00");
	await expect(results).toHaveAttribute("aria-busy", "false");
	await page.unroute("**/api/search?*");
	const stores = page.getByTestId("result-store");
	await expect(stores).toHaveText(["Shop 2.00", "Shop 3.00"]);
	// In a list of the page's buttons, each says which deal it is for.
	const first = page.getByTestId("result-card").first();
	await expect(first.getByRole("button", { name: /^Upvote/ })).toHaveAccessibleDescription(`${product} Shop 2.00`);
	await expect(first.getByRole("button", { name: "Take This Deal" })).toHaveAccessibleDescription(
		`${product} Shop 2.00`,
	);
	await page.getByLabel("Sort by").selectOption({ label: "Recently Updated" });
	await expect(stores).toHaveText(["Shop 3.00", "Shop 2.00"]);
	await page.getByLabel("Sort by").selectOption({ label: "Lowest Price" });
	await expect(stores).toHaveText(["Shop 2.00", "Shop 3.00"]);

	// Fay's own report joins the results she had open.
	await page.getByRole("tab", { name: "Report Prices" }).click();
	await page.getByLabel("Product name").fill(product);
	await page.getByRole("spinbutton", { name: "Price" }).fill("2.50");
	await page.getByLabel("Category").selectOption({ label: "Dairy" });
	await page.getByLabel("Store name").fill("Fay Mart");
	await page.getByLabel("Store address").fill("1 Fay St");
	await page.getByRole("button", { name: "Submit Price Report" }).click();
	await expect(page.getByRole("status").filter({ hasText: "Price reported" })).toBeVisible();
	await page.getByRole("tab", { name: "Find Deals" }).click();
	await expect(count).toHaveText("3 deals · 3 stores · save up to $1.00");
	await expect(stores).toHaveText(["Shop 2.00", "Fay Mart", "Shop 3.00"]);

	// Her counts, then her savings, on Settings reached through the navigation (no reload).
	const nav = page.getByRole("navigation", { name: "Main" });
	await nav.getByRole("link", { name: "Settings" }).click();
	await expect(page.getByTestId("profile-reports")).toHaveText("1");
	await expect(page.getByTestId("profile-stores-visited")).toHaveText("1");
	await expect(page.getByTestId("profile-money-saved")).toHaveText("$0.00");
	await nav.getByRole("link", { name: "Grocery" }).click();
	const cheapest = page.getByTestId("result-card").filter({ hasText: "Shop 2.00" });
	await cheapest.getByRole("button", { name: "Take This Deal" }).click();
	await expect(cheapest.getByRole("button", { name: "Deal Taken" })).toBeDisabled();
	await nav.getByRole("link", { name: "Settings" }).click();
	// Against the typical price nearby, the median of $2.00, $2.50 and $3.00.
	await expect(page.getByTestId("profile-money-saved")).toHaveText("$0.50");
});
