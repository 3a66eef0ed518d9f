import type { APIRequestContext, Locator } from "@playwright/test";
import { audit } from "./axe.ts";
import { backdateReports } from "./backdate.ts";
import { expect, neighbourIn, signInFreshUser, test, uniqueName } from "./fixtures.ts";
import { establishAccounts } from "./standing.ts";

// Issue 42's home feed. Each project has places of its own, far from every other test's (phone and desktop share
// one database): a neighbourhood to seed, and a quiet town with one report 28 ZIP areas away.
const PLACES = {
	phone: { home: "99701", quiet: "04743", far: "04735", miles: "63.5" }, // Fairbanks; Fort Kent, Maine
	desktop: { home: "99501", quiet: "96720", far: "96713", miles: "93.4" }, // Anchorage; Hilo, and Hana on Maui
} as const;
const placesOf = (project: string) => PLACES[project === "desktop" ? "desktop" : "phone"];

// Each shop at an address of its own: shops of like names at one address are one shop asked about.
let shops = 0;

/** A price by a shopper of its own (one voice each for the quality check) at `zip`; its report's id. */
async function report(origin: string, zip: string, productName: string, price: string) {
	const api = await neighbourIn(origin, zip);
	const categories = (await (await api.get("/api/categories")).json()) as { id: number; name: string }[];
	const res = await api.post("/api/price-reports", {
		data: {
			productName,
			price,
			categoryId: categories.find((c) => c.name === "Dairy")?.id,
			storeName: `${productName} shop ${uniqueName("s")}`,
			storeAddress: `${++shops} Front St`,
		},
	});
	expect(res.status()).toBe(201);
	const { id } = (await res.json()) as { id: number };
	return { id, api };
}

/** Reports of one product at `zip`, each by a shopper of its own, moved back that many days (0: today). */
async function reportsOf(origin: string, zip: string, productName: string, prices: [price: string, days: number][]) {
	const made: { id: number; api: APIRequestContext }[] = [];
	for (const [price] of prices) made.push(await report(origin, zip, productName, price));
	const back = prices.flatMap(([, days], i) => (days > 0 ? [[made[i]!.id, days] as [number, number]] : []));
	if (back.length > 0) backdateReports("price_reports", back);
	for (const { api } of made.slice(0, -1)) await api.dispose();
	return made.at(-1)!;
}

/** A card shows each of the texts. */
async function expectTexts(card: Locator, texts: string[]) {
	for (const text of texts) await expect(card).toContainText(text);
}

test("a neighbourhood's feed: today's drop, a good deal and the newest, each opening its product", async ({
	page,
	baseURL,
}, info) => {
	const origin = baseURL ?? "";
	const { home } = placesOf(info.project.name);
	const tag = uniqueName("feed");
	const milk = `${tag} Oat Milk`;
	// A month of oat milk at $4.00, then $3.00 today: 25% below typical, unusual until a neighbour confirms it.
	const drop = await reportsOf(origin, home, milk, [
		["4.00", 2],
		["4.00", 3],
		["4.00", 4],
		["4.00", 5],
		["4.00", 6],
		["3.00", 0],
	]);
	// A neighbour of standing: a new account's confirmation would not lift the hold (decision 0071).
	const confirmerName = uniqueName("nb");
	const confirmer = await neighbourIn(origin, home, confirmerName);
	establishAccounts([confirmerName]);
	expect((await confirmer.post(`/api/price-reports/${drop.id}/feedback`, { data: { kind: "confirm" } })).status()).toBe(
		200,
	);
	await Promise.all([confirmer.dispose(), drop.api.dispose()]);
	// Yesterday's $2.45 sourdough, within 5% of the week's $2.40 low: a good deal, not a drop of today.
	const bread = await reportsOf(origin, home, `${tag} Sourdough`, [
		["2.40", 6],
		["2.80", 5],
		["2.70", 4],
		["2.75", 3],
		["2.45", 1.5],
	]);
	await bread.api.dispose();
	const bananas = await report(origin, home, `${tag} Bananas`, "0.59");
	await bananas.api.dispose();

	await signInFreshUser(page, origin, { zipCode: home });
	await page.goto("/");
	const feed = page.getByTestId("home-feed");
	await expect(feed.getByRole("heading", { level: 2 })).toHaveText(`Today near ${home}`);
	const drops = feed.getByRole("region", { name: "Biggest drops today" });
	await expect(drops.getByRole("listitem")).toHaveCount(1);
	await expectTexts(drops.getByRole("link"), [
		milk,
		"$3.00",
		"typically $4.00",
		"25% below typical",
		"Good deal",
		"In your ZIP",
	]);
	const good = feed.getByRole("region", { name: "Good deals" });
	await expect(good.getByRole("link")).toHaveCount(1);
	await expectTexts(good.getByRole("link"), [`${tag} Sourdough`, "$2.45", "Good deal"]);
	// Just reported shows what the lists above do not.
	const newest = feed.getByRole("region", { name: "Just reported" });
	await expect(newest.getByRole("link")).toHaveCount(1);
	await expectTexts(newest.getByRole("link"), [`${tag} Bananas`, "$0.59", "just now"]);
	await expect(feed.getByRole("region", { name: "Your alerts" })).toHaveCount(0);
	const found: string[] = [];
	await audit(page, "a neighbourhood's feed", found);

	await drops.getByRole("link").click();
	await expect(page).toHaveURL(/\/products\?/);
	const url = new URL(page.url());
	expect([url.searchParams.get("name"), url.searchParams.get("days")]).toEqual([milk, "30"]);
	await expect(page.getByRole("heading", { level: 1 })).toHaveText(milk);
	expect(found).toEqual([]);
});

test("a quiet town says so, how far the nearest reports are, and widens to them", async ({ page, baseURL }, info) => {
	const origin = baseURL ?? "";
	const { quiet, far, miles } = placesOf(info.project.name);
	const jam = `${uniqueName("feed")} Huckleberry Jam`;
	const faraway = await report(origin, far, jam, "6.50");
	await faraway.api.dispose();

	await signInFreshUser(page, origin, { zipCode: quiet });
	await page.goto("/");
	const feed = page.getByTestId("home-feed");
	await expect(feed.getByTestId("feed-quiet")).toContainText(
		`It's quiet near ${quiet}: nobody has reported a price here yet.`,
	);
	await expect(feed.getByTestId("feed-quiet")).toContainText(`The nearest reports are ${miles} miles away.`);
	const found: string[] = [];
	await audit(page, "a quiet town's feed", found);

	await feed.getByRole("button", { name: `Show deals within ${miles} miles` }).click();
	await expect(feed.getByRole("heading", { level: 2 })).toHaveText(`Deals within ${miles} miles of ${quiet}`);
	await expect(page.getByTestId("feed-announcement")).toHaveText(`1 deal within ${miles} miles of ${quiet}`);
	const newest = feed.getByRole("region", { name: "Just reported" });
	await expectTexts(newest.getByRole("link"), [jam, "$6.50", `${miles} mi`]);
	await audit(page, "a quiet town's widened feed", found);
	await feed.getByRole("button", { name: `Back to ${quiet}` }).click();
	await expect(feed.getByTestId("feed-quiet")).toBeVisible();

	await feed.getByRole("button", { name: "Report a price" }).click();
	await expect(page.getByRole("tab", { name: "Report Prices" })).toHaveAttribute("aria-selected", "true");
	expect(found).toEqual([]);
});
