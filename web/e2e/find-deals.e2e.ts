import type { APIRequestContext, Page } from "@playwright/test";
import { audit } from "./axe.ts";
import { expect, neighbourIn, signInFreshUser, test, uniqueName } from "./fixtures.ts";

// This file's journeys need the app's service worker (offline, notifications, push); the rest block it.
test.use({ serviceWorkers: "allow" });

// Issue 42's Find Deals: chips that filter by a category group, and an empty town that invites. Each project has
// a quiet rural town of its own (phone and desktop share one database), and a town 40 ZIP areas away.
const TOWNS = {
	phone: { home: "69201", far: "57541", miles: "71.7" }, // north-central Nebraska; the 40th area is in South Dakota
	desktop: { home: "69361", far: "69128", miles: "62.8" }, // the Nebraska panhandle
} as const;
const townOf = (project: string) => TOWNS[project === "desktop" ? "desktop" : "phone"];

/** Reports a price through `api` (a shopper's request context or a page's), in a category named as listed. */
async function report(api: APIRequestContext, origin: string, productName: string, category: string, price = "3.49") {
	categories ??= (await (await api.get("/api/categories")).json()) as { id: number; name: string }[];
	const res = await api.post("/api/price-reports", {
		headers: { Origin: origin },
		data: {
			productName,
			price,
			categoryId: categories.find((c) => c.name === category)?.id,
			storeName: `${category} Corner`,
			storeAddress: "1 Main St",
		},
	});
	expect(res.status()).toBe(201);
}
let categories: { id: number; name: string }[] | undefined;

const cards = (page: Page) => page.getByTestId("result-card");

test("chips filter by their category group, alone or with words, and clear on a second tap; Gas goes to its page", async ({
	page,
	baseURL,
}, info) => {
	const origin = baseURL ?? "";
	await signInFreshUser(page, origin, { zipCode: townOf(info.project.name).home });
	const tag = uniqueName("chip");
	const items = {
		milk: `${tag} Milk`,
		bread: `${tag} Bread`,
		pasta: `${tag} Pasta`,
		earbuds: `${tag} Earbuds`,
		pizza: `${tag} Pizza`,
	};
	await report(page.request, origin, items.milk, "Dairy");
	await report(page.request, origin, items.bread, "Bakery");
	await report(page.request, origin, items.pasta, "Groceries");
	await report(page.request, origin, items.earbuds, "Electronics", "19.99");
	await report(page.request, origin, items.pizza, "Restaurants");

	await page.goto("/");
	const chip = (name: string) => page.getByRole("list", { name: "Quick searches" }).getByRole("button", { name });
	const shown = (name: string) => cards(page).filter({ hasText: name });

	// A chip alone: the group's own category and the ones under it (Dairy, Bakery), nothing else.
	await chip("Groceries").click();
	await expect(chip("Groceries")).toHaveAttribute("aria-pressed", "true");
	for (const name of [items.milk, items.bread, items.pasta]) await expect(shown(name)).toBeVisible();
	await expect(shown(items.earbuds)).toHaveCount(0);
	await expect(page.getByTestId("announcement")).toHaveText(/^\d+ Groceries deals found$/);
	const found: string[] = [];
	await audit(page, "Groceries chip", found);

	// With words: both; a second tap drops the filter and keeps the words.
	await page.getByRole("searchbox", { name: "Search for a product" }).fill(tag);
	await page.getByRole("button", { name: "Search", exact: true }).click();
	await expect(page.getByTestId("announcement")).toHaveText(`3 Groceries deals found for “${tag}”`);
	await expect(shown(items.pizza)).toHaveCount(0);
	await chip("Groceries").click();
	await expect(chip("Groceries")).toHaveAttribute("aria-pressed", "false");
	await expect(page.getByTestId("announcement")).toHaveText(`5 deals found for “${tag}”`);

	await chip("Electronics").click();
	await expect(page.getByTestId("announcement")).toHaveText(`1 Electronics deal found for “${tag}”`);
	await expect(cards(page)).toHaveText([new RegExp(items.earbuds)]);
	await chip("Restaurants").click();
	await expect(chip("Electronics")).toHaveAttribute("aria-pressed", "false");
	await expect(page.getByTestId("announcement")).toHaveText(`1 Restaurants deal found for “${tag}”`);
	await expect(cards(page)).toHaveText([new RegExp(items.pizza)]);

	await page.getByRole("list", { name: "Quick searches" }).getByRole("link", { name: "Gas" }).click();
	await expect(page).toHaveURL("/gas");
	await expect(page.getByRole("heading", { level: 1 })).toHaveText(/Prices/);
	expect(found).toEqual([]);
});

test("an empty town offers a report and an alert in one tap, the nearest reports, and says when it is offline", async ({
	page,
	context,
	baseURL,
}, info) => {
	const origin = baseURL ?? "";
	const town = townOf(info.project.name);
	await signInFreshUser(page, origin, { zipCode: town.home });
	const word = uniqueName("quince");
	const faraway = await neighbourIn(origin, town.far);
	await report(faraway, origin, `${word} Paste`, "Groceries");
	await faraway.dispose();

	await page.goto("/");
	await page.getByRole("searchbox", { name: "Search for a product" }).fill(word);
	await page.getByRole("searchbox", { name: "Search for a product" }).press("Enter");
	await expect(page.getByRole("heading", { name: "No deals found" })).toBeVisible();
	await expect(page.getByTestId("nearest-reports")).toContainText(
		`The nearest reports of “${word}” are ${town.miles} miles away.`,
	);
	const found: string[] = [];
	await audit(page, "empty town", found);

	// One tap: an alert at any price, in the Alerts tab.
	await page.getByRole("button", { name: `Alert me when anyone reports “${word}” near me` }).click();
	await expect(page.getByText(`Alert set for “${word}”`)).toBeVisible();
	await expect(page.getByRole("button", { name: "See your alerts" })).toBeFocused();
	await page.getByRole("button", { name: "See your alerts" }).click();
	const alert = page.getByTestId("alert-item").filter({ hasText: word });
	await expect(alert).toContainText(`Any price · near ${town.home}`);

	// The search reaches the nearest reports, and comes back near.
	await page.getByRole("tab", { name: "Find Deals" }).click();
	await page.getByRole("button", { name: `Show deals within ${town.miles} miles` }).click();
	await expect(cards(page)).toHaveText([new RegExp(`${word} Paste`)]);
	await expect(cards(page)).toContainText(`${town.miles} mi`);
	await expect(page.getByTestId("announcement")).toHaveText(`1 deal found for “${word}” within ${town.miles} miles`);
	await page.getByRole("button", { name: "Back to deals near me" }).click();
	await expect(page.getByRole("heading", { name: "No deals found" })).toBeVisible();

	// Report a price: its tab, the words as the product name, the price next.
	await page.getByRole("button", { name: "Report a price" }).click();
	await expect(page.getByRole("tab", { name: "Report Prices" })).toHaveAttribute("aria-selected", "true");
	await expect(page.getByLabel("Product name")).toHaveValue(word);
	await expect(page.getByRole("spinbutton", { name: "Price" })).toBeFocused();

	// Offline, a new search says it will wait for the connection; back online, it runs.
	await page.getByRole("tab", { name: "Find Deals" }).click();
	await context.setOffline(true);
	await page.getByRole("searchbox", { name: "Search for a product" }).fill(`${word} jam`);
	await page.getByRole("searchbox", { name: "Search for a product" }).press("Enter");
	await expect(page.getByTestId("search-offline")).toContainText("The search will run when you're back online.");
	await expect(page.getByRole("status", { name: "Searching" })).toHaveCount(0);
	await context.setOffline(false);
	await expect(page.getByRole("heading", { name: "No deals found" })).toBeVisible();
	expect(found).toEqual([]);
});
