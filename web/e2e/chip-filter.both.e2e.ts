import { audit } from "./axe.ts";
import { expect, neighbourIn, signInFreshUser, test } from "./fixtures.ts";

// A chip kept from an earlier visit says so beside the results, and a search it empties offers every category.
// Flagstaff, Arizona: a town no other browser test reports in, so "eggs" finds only this file's eggs.
const ZIP = "86001";

test("a kept chip shows as active, and a search it empties offers to search all categories", async ({
	page,
	baseURL,
}, info) => {
	const origin = baseURL ?? "";
	const neighbour = await neighbourIn(origin, ZIP);
	const categories = (await (await neighbour.get("/api/categories")).json()) as { id: number; name: string }[];
	const reported = await neighbour.post("/api/price-reports", {
		data: {
			productName: "Large Brown Eggs",
			price: "3.49",
			categoryId: categories.find((c) => c.name === "Dairy")?.id,
			storeName: "Mountain Market",
			storeAddress: "20 N San Francisco St",
		},
	});
	// 200: the other project's neighbour reported the same price there today, counted as a confirmation.
	expect([200, 201]).toContain(reported.status());
	await neighbour.dispose();
	await signInFreshUser(page, origin, { zipCode: ZIP });

	await page.goto("/");
	const chip = (name: string) => page.getByRole("list", { name: "Quick searches" }).getByRole("button", { name });
	const active = page.getByTestId("active-filter");
	await chip("Restaurants").click();
	await expect(chip("Restaurants")).toHaveAttribute("aria-pressed", "true");
	await expect(active).toContainText("In Restaurants");

	// The filter outlives a reload, and says so beside the results.
	await page.reload();
	await expect(chip("Restaurants")).toHaveAttribute("aria-pressed", "true");
	await expect(active).toContainText("In Restaurants");
	await expect(active.getByRole("button", { name: "Clear filter" })).toBeVisible();

	// Eggs are no restaurant's: nothing found, and the way to every category first.
	const box = page.getByRole("searchbox", { name: "Search for a product" });
	await box.fill("eggs");
	await box.press("Enter");
	await expect(page.getByRole("heading", { name: "No Restaurants deals found" })).toBeVisible();
	await expect(page.getByText("Nobody has reported Restaurants deals for “eggs”")).toBeVisible();
	const searchAll = page.getByRole("button", { name: "Search all categories" });
	await expect(searchAll).toBeVisible();
	const found: string[] = [];
	await audit(page, `an empty search under a filter (${info.project.name})`, found);

	// The same words in every category: the eggs, the chip released, the focus on the results.
	await searchAll.click();
	const cards = page.getByTestId("result-card");
	await expect(cards.filter({ hasText: "Large Brown Eggs" }).first()).toBeVisible();
	await expect(chip("Restaurants")).toHaveAttribute("aria-pressed", "false");
	await expect(active).toBeHidden();
	await expect(box).toHaveValue("eggs");
	await expect(page.getByTestId("announcement")).toHaveText(/^\d+ deals? found for “eggs”$/);
	await expect(page.getByRole("region", { name: "Search results" })).toBeFocused();

	// With results, the filter shows too, and Clear filter keeps the words.
	await chip("Groceries").click();
	await expect(active).toContainText("In Groceries");
	await expect(cards.filter({ hasText: "Large Brown Eggs" }).first()).toBeVisible();
	await audit(page, `results under a filter (${info.project.name})`, found);
	await active.getByRole("button", { name: "Clear filter" }).click();
	await expect(chip("Groceries")).toHaveAttribute("aria-pressed", "false");
	await expect(active).toBeHidden();
	await expect(page.getByTestId("announcement")).toHaveText(/^\d+ deals? found for “eggs”$/);
	expect(found).toEqual([]);
});
