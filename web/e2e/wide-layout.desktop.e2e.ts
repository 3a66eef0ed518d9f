import type { Locator, Page } from "@playwright/test";
import { audit } from "./axe.ts";
import { expect, reportAsNeighbour, searchFor, signInFreshUser, test, uniqueName } from "./fixtures.ts";

const DESTINATIONS = ["Grocery", "Gas", "Discover", "Settings"] as const;

const boxOf = async (locator: Locator) => {
	const box = await locator.boundingBox();
	if (!box) throw new Error(`${locator} is not laid out`);
	return box;
};

/** `right` stands wholly to the right of `left`, and the two share some height: side by side. */
async function expectBeside(left: Locator, right: Locator) {
	const [a, b] = [await boxOf(left), await boxOf(right)];
	expect(b.x, `${right} starts left of the end of ${left}`).toBeGreaterThanOrEqual(a.x + a.width);
	expect(b.y < a.y + a.height && a.y < b.y + b.height, `${left} and ${right} are not side by side`).toBe(true);
}

/** Nothing wider than the window: no sideways scrolling. */
const expectNoSidewaysScroll = async (page: Page) =>
	expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(
		0,
	);

/** Presses Tab until `target` has focus, in at most `max` stops. */
async function tabTo(page: Page, target: Locator, max = 20) {
	for (let i = 0; i < max; i++) {
		if (await target.evaluate((el) => el === document.activeElement)) return;
		await page.keyboard.press("Tab");
	}
	await expect(target, `not reached with ${max} presses of Tab`).toBeFocused();
}

for (const width of [1024, 1366]) {
	test.describe(`at ${width} px`, () => {
		test.use({ viewport: { width, height: 800 } });

		test("a side navigation replaces the bottom bar: the same four destinations, the current one marked, by keyboard", async ({
			page,
			baseURL,
		}) => {
			await signInFreshUser(page, baseURL ?? "");
			await page.goto("/");
			const nav = page.getByRole("navigation", { name: "Main" });
			await expect(nav).toHaveCount(1); // one landmark: the bottom bar is not there, nor in the accessibility tree
			await expect(nav.getByRole("link")).toHaveText([...DESTINATIONS]);
			await expect(nav.getByRole("link", { name: "Grocery" })).toHaveAttribute("aria-current", "page");
			// Down the left of the page, not across its bottom.
			const side = await boxOf(nav);
			const main = await boxOf(page.getByRole("main"));
			expect(side.x + side.width).toBeLessThanOrEqual(main.x);
			expect(side.width).toBeLessThan(width / 4);
			expect(side.y).toBeLessThan(200);
			await expect(page.locator(".dock")).toBeHidden();

			// Before the page in the tab order: a few presses from the top reach it, and Enter follows a link.
			await page.locator("body").focus();
			await tabTo(page, nav.getByRole("link", { name: "Gas" }), 6);
			await page.keyboard.press("Enter");
			await expect(page).toHaveURL(/\/gas$/);
			await expect(page.getByRole("heading", { level: 1, name: /Gas Prices/ })).toBeVisible();
			await expect(nav.getByRole("link", { name: "Gas" })).toHaveAttribute("aria-current", "page");
			await expect(nav.getByRole("link", { name: "Grocery" })).not.toHaveAttribute("aria-current", /./);
			// It stays in view down a long page.
			await page.mouse.wheel(0, 2000);
			await expect(nav.getByRole("link", { name: "Settings" })).toBeInViewport();
		});

		test("the home's feed stands beside the search, a search's results take the width, forms read in a centred column", async ({
			page,
			baseURL,
		}) => {
			const origin = baseURL ?? "";
			const product = uniqueName("Widemilk ");
			await reportAsNeighbour(origin, product, "2.89");
			await signInFreshUser(page, origin);
			await page.goto("/");
			const search = page.getByRole("searchbox", { name: "Search for a product" });
			const feed = page.getByTestId("home-feed");
			await expect(feed.getByRole("link").first()).toBeVisible();
			await expectBeside(search, feed);
			await expectNoSidewaysScroll(page);
			const found: string[] = [];
			await expect(page.locator("[aria-busy='true']")).toHaveCount(0);
			await audit(page, `home at ${width} px`, found);

			await searchFor(page, product);
			const results = page.getByRole("region", { name: "Search results" });
			await expect(results.getByRole("link", { name: `Price history of ${product}` }).first()).toBeVisible();
			await expect(feed).toHaveCount(0);
			expect((await boxOf(results)).width).toBeGreaterThan((await boxOf(page.getByRole("main"))).width * 0.9);
			await expectNoSidewaysScroll(page);

			await page.getByRole("tab", { name: "Report Prices" }).click();
			const form = page.getByRole("form", { name: "Report a price" });
			await expect(form).toBeVisible();
			const [formBox, mainBox] = [await boxOf(form), await boxOf(page.getByRole("main"))];
			expect(formBox.width).toBeLessThanOrEqual(700);
			const [leftGap, rightGap] = [formBox.x - mainBox.x, mainBox.x + mainBox.width - (formBox.x + formBox.width)];
			expect(Math.abs(leftGap - rightGap)).toBeLessThanOrEqual(2);
			await expectNoSidewaysScroll(page);
			await audit(page, `report form at ${width} px`, found);
			expect(found, found.join("\n")).toEqual([]);
		});

		test("a product's current offers stand beside its price history", async ({ page, baseURL }) => {
			const origin = baseURL ?? "";
			const product = uniqueName("Sidemilk ");
			await reportAsNeighbour(origin, product, "3.09");
			await signInFreshUser(page, origin);
			await searchFor(page, product);
			await page
				.getByRole("link", { name: `Price history of ${product}` })
				.first()
				.click();
			await expect(page).toHaveURL(/\/products\?/);
			const history = page.getByRole("region", { name: /^Prices over/ });
			const offers = page.getByRole("region", { name: "Current best offers" });
			await expect(offers.getByRole("article").first()).toBeVisible();
			await expectBeside(history, offers);
			await expectNoSidewaysScroll(page);
			const found: string[] = [];
			await expect(page.locator("[aria-busy='true']")).toHaveCount(0);
			await audit(page, `product history at ${width} px`, found);
			expect(found, found.join("\n")).toEqual([]);
		});

		test("the Gas page lists its stations beside the area's summary, and a station's reports stand beside its chart", async ({
			page,
			baseURL,
		}) => {
			const origin = baseURL ?? "";
			await signInFreshUser(page, origin);
			const station = uniqueName("Wide Fuel ");
			const sent = await page.request.post("/api/gas/reports", {
				headers: { Origin: origin },
				data: {
					stationName: station,
					stationAddress: "8 Wide Way",
					stationZipCode: "10001",
					fuelType: "regular",
					price: "3.459",
				},
			});
			expect(sent.status()).toBe(201);
			await page.goto("/gas");
			const list = page.getByRole("region", { name: /^Nearby stations/ });
			await expect(list.getByTestId("station-name").first()).toBeVisible();
			await expectBeside(list, page.getByTestId("area-average"));
			await expectNoSidewaysScroll(page);
			const found: string[] = [];
			await expect(page.locator("[aria-busy='true']")).toHaveCount(0);
			await audit(page, `gas at ${width} px`, found);

			await page
				.getByRole("link", { name: new RegExp(`^Price history of ${station}`) })
				.first()
				.click();
			await expect(page.getByRole("heading", { level: 1, name: station })).toBeVisible();
			const chart = page.getByRole("region", { name: /^Regular over/ });
			const reports = page.getByRole("region", { name: "Recent Reports" });
			await expect(chart).toBeVisible();
			await expectBeside(chart, reports);
			await expectNoSidewaysScroll(page);
			await expect(page.locator("[aria-busy='true']")).toHaveCount(0);
			await audit(page, `station history at ${width} px`, found);
			expect(found, found.join("\n")).toEqual([]);
		});
	});
}

test("below 1024 px the bottom bar stays, and no side navigation shows", async ({ page, baseURL }) => {
	await page.setViewportSize({ width: 1000, height: 800 });
	await signInFreshUser(page, baseURL ?? "");
	await page.goto("/");
	const nav = page.getByRole("navigation", { name: "Main" });
	await expect(nav).toHaveCount(1);
	const bar = await boxOf(nav);
	expect(bar.y + bar.height).toBeCloseTo(800, 0);
	expect(bar.width).toBe(1000);
	await expect(nav.getByRole("link", { name: "Grocery" })).toHaveAttribute("aria-current", "page");
});
