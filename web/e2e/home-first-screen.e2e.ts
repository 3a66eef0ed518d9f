import { audit } from "./axe.ts";
import { expect, reportAsNeighbour, signInFreshUser, test, uniqueName } from "./fixtures.ts";

test("on a phone the home opens with the search box in the first screen, above the tab bar, and the feed after it", async ({
	page,
	baseURL,
}) => {
	const origin = baseURL ?? "";
	// Something in the feed near 10001, so that it has a length of its own below the search.
	await reportAsNeighbour(origin, uniqueName("Oat milk "), "3.19");
	await signInFreshUser(page, origin);
	await page.goto("/");
	const feed = page.getByTestId("home-feed");
	await expect(feed.getByRole("link").first()).toBeVisible();

	const screen = page.viewportSize();
	expect(screen?.height).toBeGreaterThan(0);
	expect(await page.evaluate(() => window.scrollY)).toBe(0);
	const box = await page.getByRole("searchbox", { name: "Search for a product" }).boundingBox();
	const bar = await page.getByRole("navigation", { name: "Main" }).boundingBox();
	const header = await page.locator("header").boundingBox();
	if (!box || !bar || !header || !screen) throw new Error("the search box, the tab bar or the header is not laid out");
	// The tab bar is the phone's bottom bar; the box is whole between the header and it, unscrolled.
	expect(bar.y + bar.height).toBeCloseTo(screen.height, 0);
	expect(box.y).toBeGreaterThanOrEqual(header.y + header.height);
	expect(box.y + box.height).toBeLessThanOrEqual(bar.y);
	await expect(page.getByRole("button", { name: "Search", exact: true })).toBeInViewport();

	// The feed follows the search.
	const feedBox = await feed.boundingBox();
	expect(feedBox?.y).toBeGreaterThan(box.y + box.height);

	const found: string[] = [];
	await expect(page.locator("[aria-busy='true']")).toHaveCount(0);
	await audit(page, "phone home: search first, feed after", found);
	expect(found, found.join("\n")).toEqual([]);
});
