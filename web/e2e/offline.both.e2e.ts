import type { Page } from "@playwright/test";
import { audit } from "./axe.ts";
import { expect, reportThroughApi, signInFreshUser, test, uniqueName } from "./fixtures.ts";

// This file's journeys need the app's service worker (its kept answers); the rest block it.
test.use({ serviceWorkers: "allow" });

const asOf = (page: Page) => page.getByTestId("offline-as-of");
const AS_OF = /^Offline: as of \d\d:\d\d$/;

/** Waits until the service worker controls the page, so that what the page fetches next is kept. */
async function workerInCharge(page: Page) {
	await page.evaluate(async () => {
		await navigator.serviceWorker.ready;
	});
	await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

test("offline, each main screen shows what it last had, and a reload stays signed in", async ({
	page,
	context,
	baseURL,
}) => {
	await signInFreshUser(page, baseURL!);
	const product = uniqueName("Oat Milk ");
	await reportThroughApi(page, baseURL!, { productName: product, price: "3.49", storeName: "Corner Grocer" });
	await page.goto("/");
	await workerInCharge(page);

	// Online, each screen once: what it shows is kept.
	const screens = [
		{ path: "/gas", shows: page.getByRole("heading", { level: 1, name: /Gas Prices/ }) },
		{ path: "/discover", shows: page.getByRole("heading", { level: 1, name: "Discover" }) },
		{ path: `/products?name=${encodeURIComponent(product)}&category=3`, shows: page.getByText("$3.49").first() },
	];
	const search = page.getByRole("searchbox", { name: "Search for a product" });
	const result = page.getByRole("article").filter({ hasText: product });
	await page.goto("/");
	await page.getByRole("tab", { name: "Find Deals" }).click();
	await search.fill(product);
	await search.press("Enter");
	await expect(result).toBeVisible();
	await page.getByRole("tab", { name: "Alerts" }).click();
	await expect(page.getByRole("heading", { name: "Your price alerts" })).toBeVisible();
	for (const screen of screens) {
		await page.goto(screen.path);
		await expect(screen.shows).toBeVisible();
		await expect(asOf(page)).toHaveCount(0);
	}

	await context.setOffline(true);
	for (const screen of screens) {
		await page.goto(screen.path);
		await expect(screen.shows).toBeVisible();
		await expect(asOf(page)).toHaveText(AS_OF);
	}
	// A reload offline opens on the same shopper, on the tab left open, with what it last showed.
	await page.goto("/");
	await expect(page.getByRole("button", { name: "Sign In" })).toHaveCount(0);
	await expect(page.getByRole("heading", { name: "Your price alerts" })).toBeVisible();
	await expect(asOf(page)).toHaveText(AS_OF);
	await page.getByRole("tab", { name: "Find Deals" }).click();
	await search.fill(product);
	await search.press("Enter");
	await expect(result).toBeVisible();
	await expect(asOf(page)).toHaveText(AS_OF);
	const found: string[] = [];
	await audit(page, "offline home", found);
	expect(found).toEqual([]);

	// Still offline, Refresh finds no network and keeps what is shown; back online, it asks again and the note goes.
	await page.getByRole("button", { name: "Refresh" }).click();
	await expect(asOf(page)).toHaveText(AS_OF);
	await expect(result).toBeVisible();
	await context.setOffline(false);
	await page.getByRole("button", { name: "Refresh" }).click();
	await expect(asOf(page)).toHaveCount(0);
	await expect(result).toBeVisible();
});
