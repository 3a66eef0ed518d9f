import type { Page } from "@playwright/test";
import { audit } from "./axe.ts";
import { expect, neighbourIn, signInFreshUser, test, uniqueName } from "./fixtures.ts";

// Best Deal is the lowest eligible price whatever the order, and "save up to" compares one product only.
// Missoula, Montana: the shopper's own ZIP and two a few miles off, so Distance puts the cheapest last.
const HOME = "59801";

/** A neighbour of their own (one voice each), living by the store, prices a product there through the API. */
async function neighbourReports(
	origin: string,
	zip: string,
	report: {
		product: string;
		price: string;
		store: string;
		category: string;
		size?: { quantity: string; unit: string };
	},
) {
	const api = await neighbourIn(origin, zip);
	const categories = (await (await api.get("/api/categories")).json()) as { id: number; name: string }[];
	const res = await api.post("/api/price-reports", {
		data: {
			productName: report.product,
			price: report.price,
			categoryId: categories.find((c) => c.name === report.category)?.id,
			storeName: report.store,
			storeAddress: "100 Higgins Ave",
			...(report.size ? { size: report.size } : {}),
		},
	});
	expect(res.status()).toBe(201);
	await api.dispose();
}

/** The savings as the phone's summary line or the wide screen's card says them, or that they are not said. */
async function expectSavings(page: Page, isMobile: boolean, savings: string | null) {
	const line = page.getByTestId("summary-line");
	const card = page.getByTestId("summary-savings");
	if (isMobile) {
		await expect(line).toBeVisible();
		if (savings) await expect(line).toContainText(`save up to ${savings}`);
		else await expect(line).not.toContainText("save up to");
	} else {
		await expect(page.getByTestId("summary-reports")).toBeVisible();
		if (savings) await expect(card).toHaveText(savings);
		else await expect(card).toHaveCount(0);
	}
}

test("Best Deal is the lowest eligible price in any order, and savings compare one product only", async ({
	page,
	baseURL,
	isMobile,
}, info) => {
	const origin = baseURL ?? "";
	const tag = uniqueName("bd");
	const milk = `${tag} Oat Milk`;
	// Nearest first: $4.29 here, $4.49 5.5 miles off, $3.99 5.7 miles off.
	await neighbourReports(origin, HOME, { product: milk, price: "4.29", store: "Near Grocer", category: "Dairy" });
	await neighbourReports(origin, "59802", { product: milk, price: "4.49", store: "Midway Market", category: "Dairy" });
	await neighbourReports(origin, "59803", { product: milk, price: "3.99", store: "Far Foods", category: "Dairy" });
	const earbuds = `${tag} Earbuds`;
	const charger = `${tag} Charger`;
	await neighbourReports(origin, HOME, {
		product: earbuds,
		price: "49.99",
		store: "Tech Stop",
		category: "Electronics",
	});
	await neighbourReports(origin, HOME, {
		product: charger,
		price: "19.99",
		store: "Tech Stop",
		category: "Electronics",
	});
	await signInFreshUser(page, origin, { zipCode: HOME });

	await page.goto("/");
	const box = page.getByRole("searchbox", { name: "Search for a product" });
	await box.fill(milk);
	await box.press("Enter");
	const cards = page.getByTestId("result-card");
	const best = cards.filter({ has: page.getByText("Best Deal", { exact: true }) });
	await expect(cards.getByTestId("result-price")).toHaveText(["$3.99", "$4.29", "$4.49"]);
	await expect(best).toHaveCount(1);
	await expect(best.getByTestId("result-price")).toHaveText("$3.99");
	// One product: the spread between its dearest and cheapest.
	await expectSavings(page, isMobile, "$0.50");

	// By distance the nearest comes first, and Best Deal stays on the cheapest, last.
	await page.getByLabel("Sort by").selectOption({ label: "Distance" });
	await expect(cards.getByTestId("result-store")).toHaveText(["Near Grocer", "Midway Market", "Far Foods"]);
	await expect(best).toHaveCount(1);
	await expect(best.getByTestId("result-store")).toHaveText("Far Foods");
	await expect(best.getByTestId("result-price")).toHaveText("$3.99");
	await expect(cards.first().getByText("Best Deal", { exact: true })).toHaveCount(0);
	await expectSavings(page, isMobile, "$0.50");
	const found: string[] = [];
	await audit(page, `Best Deal sorted by distance (${info.project.name})`, found);

	// Earbuds and a charger are not one product: a Best Deal, but no savings between them.
	await page.getByLabel("Sort by").selectOption({ label: "Lowest Price" });
	await box.fill(tag);
	await page.getByRole("list", { name: "Quick searches" }).getByRole("button", { name: "Electronics" }).click();
	await expect(page.getByTestId("announcement")).toHaveText(`2 Electronics deals found for “${tag}”`);
	await expect(cards.getByTestId("result-price")).toHaveText(["$19.99", "$49.99"]);
	await expect(best.getByTestId("result-price")).toHaveText("$19.99");
	await expectSavings(page, isMobile, null);
	expect(found).toEqual([]);
});

test("with more matches than shown, sorted by distance, Best Deal is the whole set's lowest", async ({
	page,
	baseURL,
}, info) => {
	const origin = baseURL ?? "";
	const product = `${uniqueName("bdm")} Rye Bread`;
	const categories = async (api: Awaited<ReturnType<typeof neighbourIn>>) =>
		(await (await api.get("/api/categories")).json()) as { id: number; name: string }[];
	// 51 stores in the shopper's own ZIP, one neighbour pricing each: more than the 50 the page shows.
	const near = await neighbourIn(origin, HOME);
	const bakery = (await categories(near)).find((c) => c.name === "Bakery")?.id;
	for (let i = 0; i < 51; i++) {
		const res = await near.post("/api/price-reports", {
			data: {
				productName: product,
				price: (4.5 + (i % 10) / 100).toFixed(2),
				categoryId: bakery,
				storeName: `Corner Bakery ${i}`,
				storeAddress: `${i + 1} Higgins Ave`,
			},
		});
		expect(res.status()).toBe(201);
	}
	await near.dispose();
	// The cheapest, the farthest: by distance it falls beyond the page.
	await neighbourReports(origin, "59803", { product, price: "3.99", store: "Far Foods", category: "Bakery" });
	await signInFreshUser(page, origin, { zipCode: HOME });

	await page.goto("/");
	await page.getByLabel("Sort by").selectOption({ label: "Distance" });
	const box = page.getByRole("searchbox", { name: "Search for a product" });
	await box.fill(product);
	await box.press("Enter");
	const cards = page.getByTestId("result-card");
	await expect(cards).toHaveCount(50);
	await expect(cards.getByTestId("result-store").filter({ hasText: "Far Foods" })).toHaveCount(0);
	// The set's Best Deal is named above the cards, and no card on the page wears the badge.
	const line = page.getByTestId("best-deal-line");
	await expect(line).toContainText("$3.99 at Far Foods, 5.7 mi");
	await expect(cards.filter({ has: page.getByText("Best Deal", { exact: true }) })).toHaveCount(0);
	const found: string[] = [];
	await audit(page, `Best Deal beyond the page (${info.project.name})`, found);
	expect(found).toEqual([]);
	await line.getByRole("link").click();
	await expect(page).toHaveURL(/\/deals\/\d+$/);
	await expect(page.getByTestId("result-card")).toHaveCount(1);
	await expect(page.getByTestId("result-store")).toHaveText("Far Foods");
});

test("unit prices of one kind compare: two brands of milk per gallon show their savings per unit", async ({
	page,
	baseURL,
	isMobile,
}) => {
	const origin = baseURL ?? "";
	const tag = uniqueName("bdu");
	const gallon = { quantity: "1", unit: "gal" };
	const halfGallon = { quantity: "64", unit: "fl oz" };
	await neighbourReports(origin, HOME, {
		product: `${tag} Oat Milk`,
		price: "5.99",
		store: "Near Grocer",
		category: "Dairy",
		size: gallon,
	});
	await neighbourReports(origin, HOME, {
		product: `${tag} Soy Milk`,
		price: "3.49",
		store: "Near Grocer",
		category: "Dairy",
		size: halfGallon,
	});
	await signInFreshUser(page, origin, { zipCode: HOME });
	await page.goto("/");
	const box = page.getByRole("searchbox", { name: "Search for a product" });
	await box.fill(tag);
	await box.press("Enter");
	const cards = page.getByTestId("result-card");
	await expect(cards.getByTestId("result-price")).toHaveText(["$3.49", "$5.99"]);
	// The gallon is the cheaper by the gallon ($5.99 against $6.98): Best Deal, and the savings per gallon.
	const best = cards.filter({ has: page.getByText("Best Deal", { exact: true }) });
	await expect(best.getByTestId("result-price")).toHaveText("$5.99");
	await expectSavings(page, isMobile, "$0.99/gal");
});
