import { audit } from "./axe.ts";
import { expect, signInFreshUser, test } from "./fixtures.ts";

// This file's journeys need the app's service worker (offline, notifications, push); the rest block it.
test.use({ serviceWorkers: "allow" });

test("the desktop landing shows the three selling points beside the form", async ({ page }) => {
	await page.goto("/");
	const panel = page.getByRole("region", { name: "Why CommonCents" });
	await expect(panel).toBeVisible();
	for (const point of ["Price Discovery", "Community Driven", "Build Your Reputation"]) {
		await expect(panel.getByRole("heading", { name: point })).toBeVisible();
	}
});

for (const colorScheme of ["light", "dark"] as const) {
	test.describe(`in the ${colorScheme} theme`, () => {
		test.use({ colorScheme });

		test("the wide layout passes axe's WCAG 2.2 AA rules: the landing with its panel, and each signed-in page", async ({
			page,
			baseURL,
		}) => {
			const found: string[] = [];
			await page.goto("/");
			await expect(page.getByRole("region", { name: "Why CommonCents" })).toBeVisible();
			await audit(page, `desktop landing (${colorScheme})`, found);
			await signInFreshUser(page, baseURL ?? "");
			const pages = [
				["/", "Deals near you"],
				["/gas", "Gas Prices"],
				["/discover", "Discover"],
				["/settings", "Settings"],
			] as const;
			for (const [path, heading] of pages) {
				await page.goto(path);
				await expect(page.getByRole("heading", { level: 1, name: heading, exact: true })).toBeVisible();
				// The page as the shopper reads it: its figures in. (The history pages are audited on a wide screen,
				// in both themes, by history.e2e.ts.)
				await expect(page.locator("[aria-busy='true']")).toHaveCount(0);
				await audit(page, `desktop ${path} (${colorScheme})`, found);
			}
			expect(found, found.join("\n")).toEqual([]);
		});
	});
}

test("an empty report focuses Product name below the sticky header, where it and its message can be seen", async ({
	page,
	baseURL,
}) => {
	await signInFreshUser(page, baseURL ?? "");
	await page.setViewportSize({ width: 1440, height: 900 }); // where the field was seen under the header
	await page.goto("/");
	await page.getByRole("tab", { name: "Report Prices" }).click();
	const submit = page.getByRole("button", { name: "Submit Price Report" });
	await submit.scrollIntoViewIfNeeded();
	await submit.click();
	const product = page.getByLabel("Product name");
	await expect(product).toBeFocused();
	await expect(page.getByText("Product name is required")).toBeVisible();
	const headerBottom = await page.locator("header").evaluate((el) => el.getBoundingClientRect().bottom);
	const fieldTop = await product.evaluate((el) => el.getBoundingClientRect().top);
	expect(fieldTop).toBeGreaterThanOrEqual(headerBottom);
});

test("a toast on a wide screen sits clear of the side navigation, the header and the page's tabs", async ({
	page,
	baseURL,
}) => {
	await signInFreshUser(page, baseURL ?? "");
	await page.setViewportSize({ width: 1280, height: 800 });
	await page.goto("/");
	await page.getByRole("tab", { name: "Alerts" }).click();
	// Without notification permission the test notification is a three-line toast, as long as a price alert's.
	await page.getByRole("button", { name: "Send Test Notification" }).click();
	const toast = page.getByTestId("toast");
	await expect(toast).toContainText("CommonCents test notification");
	const box = async (locator: ReturnType<typeof page.locator>) => (await locator.boundingBox())!;
	const shown = await box(toast);
	const clear = (other: { x: number; y: number; width: number; height: number }) =>
		shown.x >= other.x + other.width ||
		other.x >= shown.x + shown.width ||
		shown.y >= other.y + other.height ||
		other.y >= shown.y + shown.height;
	for (const [name, locator] of [
		["header", page.locator("header")],
		["tabs", page.getByRole("tablist", { name: /./ })],
		["side navigation", page.getByRole("navigation", { name: "Main" })],
	] as const) {
		expect(clear(await box(locator)), `the toast covers the ${name}`).toBe(true);
	}
	expect(shown.x + shown.width / 2).toBeGreaterThan(640); // at the right, beside the content's edge
});

test("headings read in order: the landing's h1 before its selling points, and a heading for each part of Settings", async ({
	page,
	baseURL,
}) => {
	const outline = () =>
		page
			.locator("main")
			.evaluate((main) =>
				[...main.querySelectorAll("h1, h2, h3")]
					.filter((h) => (h as HTMLElement).checkVisibility())
					.map((h) => `${h.tagName} ${h.textContent}`),
			);
	await page.goto("/");
	await expect(page.getByRole("region", { name: "Why CommonCents" })).toBeVisible();
	expect((await outline()).slice(0, 2)).toEqual(["H1 Welcome to CommonCents", "H2 Shop smarter, together."]);
	// The panel still sits on the left.
	const panel = await page.getByRole("region", { name: "Why CommonCents" }).boundingBox();
	const heading = await page.getByRole("heading", { level: 1 }).boundingBox();
	expect(panel && heading && panel.x < heading.x).toBe(true);

	await signInFreshUser(page, baseURL ?? "", { firstName: "Hana", lastName: "Ito" });
	await page.goto("/settings");
	await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
	expect((await outline()).slice(0, 6)).toEqual([
		"H1 Settings",
		"H2 Hana Ito",
		"H2 Preferences",
		"H2 Alerts on this device",
		"H2 Your car",
		"H2 Change password",
	]);
});
