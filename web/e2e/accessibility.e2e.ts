import { audit } from "./axe.ts";
import { expect, reportAsNeighbour, signInFreshUser, suspendThroughApi, test, uniqueName } from "./fixtures.ts";

// This file's journeys need the app's service worker (offline, notifications, push); the rest block it.
test.use({ serviceWorkers: "allow" });

/**
 * axe-core's WCAG 2.2 A/AA rules and its best practices on every screen and state a shopper can reach on a
 * phone: Lighthouse audits one page load; this walks the forms with their errors, the toasts, the dialogs,
 * the tabs and the moderator's console. (desktop.e2e.ts audits the wide layout.)
 */
// Both themes: the app follows the system's light or dark setting.
for (const colorScheme of ["light", "dark"] as const) {
	test.describe(`in the ${colorScheme} theme`, () => {
		test.use({ colorScheme });

		test("every screen and state passes axe's WCAG 2.2 AA rules and best practices", async ({ page, baseURL }) => {
			test.slow(); // a dozen audits, each a full pass over the page
			const origin = baseURL ?? "";
			const found: string[] = [];

			// Signed out: the landing and its two forms with their errors.
			await page.goto("/");
			await expect(page.getByRole("heading", { name: "Welcome to CommonCents" })).toBeVisible();
			await page.getByRole("button", { name: "Sign In" }).click();
			await expect(page.getByTestId("username-errors")).toHaveText("Username is required");
			// A screen reader lands on the first wrong field and hears what is wrong with it.
			const username = page.getByLabel("Username");
			await expect(username).toBeFocused();
			await expect(username).toHaveAttribute("aria-invalid", "true");
			await expect(username).toHaveAccessibleDescription("Username is required");
			await audit(page, "landing, sign-in errors", found);
			await page.getByRole("tab", { name: "Sign Up" }).click();
			await page.getByLabel("Username").fill("ab");
			await page.getByLabel("Password", { exact: true }).fill("short");
			await page.getByRole("button", { name: "Create Account" }).click();
			await expect(page.getByTestId("password-errors")).toContainText("at least 8 characters");
			await audit(page, "landing, sign-up errors", found);

			// A shopper with a neighbour's deal to find and an alert.
			const deal = await reportAsNeighbour(origin, `Oat milk ${uniqueName("")}`, "3.49");
			await signInFreshUser(page, origin);
			// The deal a price alert's notification opens, and one that is gone.
			await page.goto(`/deals/${deal.id}`);
			await expect(page.getByTestId("result-card")).toBeVisible();
			await audit(page, "a deal's page", found);
			await page.goto("/deals/999999999");
			await expect(page.getByTestId("deal-gone")).toBeVisible();
			await audit(page, "a deal that is gone", found);
			await page.goto("/no/such/page");
			await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
			await audit(page, "404", found);
			await page.goto("/");
			const search = page.getByRole("searchbox", { name: "Search for a product" });
			await search.fill("oat milk");
			await search.press("Enter");
			await expect(page.getByTestId("result-card").first()).toBeVisible();
			await audit(page, "Find Deals with results", found);
			await page.getByRole("tab", { name: "Report Prices" }).click();
			await page.getByRole("button", { name: "Submit Price Report" }).click();
			await expect(page.getByTestId("required-fields")).toBeVisible();
			await audit(page, "Report Prices with errors", found);
			await page.getByLabel("Product name").fill("Oat milk");
			await page.getByRole("spinbutton", { name: "Price" }).fill("3.59");
			await page.getByLabel("Category").selectOption({ label: "Dairy" });
			await page.getByLabel("Store name").fill("FreshMart");
			await page.getByLabel("Store address").fill("120 W 23rd St");
			await page.getByRole("button", { name: "Submit Price Report" }).click();
			// The other theme's run may have reported this price here first: then this one confirms it.
			await expect(page.getByRole("status").filter({ hasText: /Price (reported|confirmed)/ })).toBeVisible();
			await audit(page, "success toast", found);
			await page.getByRole("tab", { name: "Alerts" }).click();
			await page.getByRole("button", { name: "New Alert" }).click();
			await page
				.getByRole("form", { name: "Create a price alert" })
				.getByRole("button", { name: "Create Alert" })
				.click();
			await expect(page.getByTestId("alert-missing-fields")).toBeVisible();
			await audit(page, "Alerts with the form and its errors", found);
			await page.getByRole("button", { name: /Change zip code/ }).click();
			await audit(page, "zip code editing", found);
			await page.keyboard.press("Escape");

			await page.goto("/gas");
			await expect(page.getByRole("heading", { level: 1, name: "Gas Prices", exact: true })).toBeVisible();
			await audit(page, "Gas", found);
			await page.getByRole("button", { name: "Report Price", exact: true }).click();
			const dialog = page.getByRole("dialog", { name: "Report a fuel price" });
			await expect(dialog.getByRole("button", { name: "Submit Report" })).toBeDisabled();
			await dialog.getByLabel("Station name").fill("Corner Station");
			await audit(page, "Gas report dialog", found);

			// The server refuses an implausible price: an error toast and the dialog's own message.
			await dialog.getByLabel("Station address").fill("1 Main St");
			await dialog.getByLabel("Price ($/gal)", { exact: true }).fill("12.50");
			await dialog.getByRole("button", { name: "Submit Report" }).click();
			await expect(dialog.getByTestId("report-failure")).toContainText("outside the usual range");
			await audit(page, "Gas report refused", found);

			await page.goto("/discover");
			// As every other screen here: audited once drawn, not while a busy machine is still loading its chunk.
			await expect(page.getByRole("searchbox", { name: "Search users" })).toBeVisible();
			await audit(page, "Discover prompt", found);
			await page.getByRole("searchbox", { name: "Search users" }).fill("Nia");
			await expect(page.getByTestId("user-card").first()).toBeVisible();
			await audit(page, "Discover results", found);

			await page.goto("/settings");
			await page.getByLabel("Current password").fill("Wrong!Pass1");
			await page.getByLabel("New password", { exact: true }).fill("short");
			await page.getByRole("button", { name: "Update Password" }).click();
			await expect(page.getByTestId("newPassword-errors")).toContainText("at least 8 characters");
			await page.getByRole("button", { name: "Developer", exact: true }).click();
			await page.getByLabel("Developer passkey").fill("e2e-passkey");
			await page.getByRole("button", { name: "Unlock" }).click();
			await expect(page.getByTestId("admin-console")).toBeVisible();
			await audit(page, "Settings with password errors and the admin console", found);

			expect(found, found.join("\n")).toEqual([]);
		});

		test("the states only some shoppers meet pass too: no zip code, a suspension and its delete dialog", async ({
			page,
			baseURL,
		}) => {
			const origin = baseURL ?? "";
			const found: string[] = [];
			await signInFreshUser(page, origin, { zipCode: "" });
			await page.goto("/gas");
			await expect(page.getByRole("heading", { name: "Set Your Location" })).toBeVisible();
			await audit(page, "Gas without a zip code", found);
			await page.goto("/");
			await expect(page.getByRole("textbox", { name: "Zip code", exact: true })).toBeVisible();
			await audit(page, "home asking for a zip code", found);

			// A moderator (through the API) suspends this shopper, whose next load shows only the suspension.
			await suspendThroughApi(page, origin, "Posting fake prices");
			await page.reload();
			await expect(page.getByRole("heading", { name: "Account Suspended" })).toBeVisible();
			await audit(page, "suspension", found);
			await page.getByRole("button", { name: "Delete Account Permanently" }).click();
			await expect(page.getByRole("dialog", { name: "Delete your account?" })).toBeVisible();
			await audit(page, "suspension, delete dialog", found);

			expect(found, found.join("\n")).toEqual([]);
		});

		test("every status colour the app uses reads at 4.5:1, as the shipped stylesheet draws it", async ({ page }) => {
			// Badges, alerts and toasts only some data shows (an AI Verified deal, a limited stock, a blocked
			// notification): drawn here side by side on both page backgrounds, with the app's own CSS.
			await page.goto("/");
			await expect(page.getByRole("heading", { name: "Welcome to CommonCents" })).toBeVisible();
			// The theme really follows the system: daisyUI's theme sets the page's color-scheme.
			expect(await page.evaluate(() => getComputedStyle(document.documentElement).colorScheme)).toBe(colorScheme);
			const variants = [
				"badge badge-success",
				"badge badge-info",
				"badge badge-warning",
				"badge badge-warning badge-soft",
				"badge badge-error",
				"badge badge-ghost",
				"alert alert-success",
				"alert alert-info",
				"alert alert-error",
				"alert alert-info alert-soft",
				"alert alert-success alert-soft",
				"alert alert-warning alert-soft",
				"alert alert-error alert-soft",
				"btn btn-primary",
				"btn btn-primary btn-soft",
				"btn btn-error",
				"btn btn-neutral",
				"btn btn-outline",
				"btn btn-ghost",
				"tab text-base-content/75",
				"text-primary",
				"text-error",
				"text-base-content/70",
				"bg-warning text-warning-content",
			];
			await page.evaluate((classes) => {
				const palette = document.createElement("div");
				palette.id = "palette";
				for (const background of ["bg-base-100", "bg-base-200"]) {
					const row = document.createElement("div");
					row.className = `${background} flex flex-wrap gap-2 p-4`;
					for (const variant of classes) {
						const sample = document.createElement(variant.startsWith("btn") ? "button" : "span");
						sample.className = `${variant} text-sm`;
						sample.textContent = variant;
						row.append(sample);
					}
					palette.append(row);
				}
				document.body.append(palette);
			}, variants);
			const found: string[] = [];
			await audit(page, "palette", found, { rules: ["color-contrast"], within: "#palette" });
			expect(found, found.join("\n")).toEqual([]);
		});
	});
}

test.describe("at 320 CSS pixels wide (a 1280 px window zoomed to 400%)", () => {
	test.use({ viewport: { width: 320, height: 640 } });

	test("every page reflows into one column: nothing scrolls sideways (WCAG 1.4.10)", async ({ page, baseURL }) => {
		const origin = baseURL ?? "";
		const product = `Soy milk ${uniqueName("")}`;
		const deal = await reportAsNeighbour(origin, product, "2.99");
		const sideways = async (state: string) => {
			const widths = await page.evaluate(() => ({
				page: document.documentElement.scrollWidth,
				view: document.documentElement.clientWidth,
			}));
			return widths.page > widths.view ? [`${state}: ${widths.page} px wide in a ${widths.view} px view`] : [];
		};
		const found: string[] = [];
		await page.goto("/");
		await expect(page.getByRole("heading", { name: "Welcome to CommonCents" })).toBeVisible();
		found.push(...(await sideways("landing")));
		await signInFreshUser(page, origin);
		await page.goto("/");
		await page.getByRole("searchbox", { name: "Search for a product" }).fill(product);
		await page.getByRole("searchbox", { name: "Search for a product" }).press("Enter");
		await expect(page.getByTestId("result-card")).toHaveCount(1);
		found.push(...(await sideways("search results")));
		for (const tab of ["Report Prices", "Alerts"]) {
			await page.getByRole("tab", { name: tab }).click();
			found.push(...(await sideways(tab)));
		}
		for (const [path, heading] of [
			["/gas", "Gas Prices"],
			["/discover", "Discover"],
			["/settings", "Settings"],
			[`/deals/${deal.id}`, "Deal"],
		] as const) {
			await page.goto(path);
			await expect(page.getByRole("heading", { level: 1, name: heading, exact: true })).toBeVisible();
			found.push(...(await sideways(path)));
		}
		expect(found, found.join("\n")).toEqual([]);
	});
});
