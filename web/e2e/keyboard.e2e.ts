import { type Locator, type Page, request } from "@playwright/test";
import { expect, PASSWORD, reportAsNeighbour, test, uniqueName } from "./fixtures.ts";

/** Presses Tab until `target` has focus: it must be reachable from the keyboard, in at most `max` stops. */
async function tabTo(page: Page, target: Locator, max = 30) {
	for (let i = 0; i < max; i++) {
		if (await target.evaluate((el) => el === document.activeElement)) return;
		await page.keyboard.press("Tab");
	}
	await expect(target, `not reached with ${max} presses of Tab`).toBeFocused();
}

test("a shopper with only a keyboard signs in, searches, upvotes, switches tabs, reports fuel and navigates", async ({
	page,
	baseURL,
}) => {
	test.slow(); // a neighbour's report, then a whole session by keyboard
	const origin = baseURL ?? "";
	const product = `Rice milk ${uniqueName("")}`;
	await reportAsNeighbour(origin, product, "2.79");
	const username = uniqueName("keys");
	const api = await request.newContext({ baseURL: origin, extraHTTPHeaders: { Origin: origin } });
	const registered = await api.post("/api/auth/register", {
		data: {
			username,
			password: PASSWORD,
			confirmPassword: PASSWORD,
			firstName: "Kay",
			lastName: "Board",
			zipCode: "10001",
		},
	});
	expect(registered.status()).toBe(201);
	await api.dispose();

	// Sign in: Tab to each field, Enter submits.
	await page.goto("/");
	await tabTo(page, page.getByLabel("Username"));
	await page.keyboard.type(username);
	await tabTo(page, page.getByLabel("Password", { exact: true }));
	await page.keyboard.type(PASSWORD);
	await page.keyboard.press("Enter");
	await expect(page.getByRole("heading", { name: "Deals near you", exact: true })).toBeVisible();

	// Search with Enter, then upvote the result with Space.
	await tabTo(page, page.getByRole("searchbox", { name: "Search for a product" }));
	await page.keyboard.type(product);
	await page.keyboard.press("Enter");
	const card = page.getByTestId("result-card").filter({ hasText: product });
	await expect(card).toBeVisible();
	const upvote = card.getByRole("button", { name: "Upvote, 0 votes" });
	await tabTo(page, upvote);
	await page.keyboard.press("Space");
	await expect(card.getByRole("button", { name: "Upvote, 1 vote" })).toHaveAttribute("aria-pressed", "true");
	await expect(card.getByRole("button", { name: "Upvote, 1 vote" })).toBeFocused();
	// Take This Deal with Enter: the focus stays where it was, on the button that now says Deal Taken.
	await tabTo(page, card.getByRole("button", { name: "Take This Deal" }));
	await page.keyboard.press("Enter");
	await expect(page.getByRole("status").filter({ hasText: "Deal taken" })).toBeVisible();
	await expect(card.getByRole("button", { name: "Deal Taken" })).toBeFocused();
	await expect(card.getByRole("button", { name: "Deal Taken" })).toBeDisabled();

	// The home tabs: arrow keys, Home and End move the selection and the focus.
	await page.getByRole("tab", { name: "Find Deals" }).focus();
	await page.keyboard.press("ArrowRight");
	const reportTab = page.getByRole("tab", { name: "Report Prices" });
	await expect(reportTab).toBeFocused();
	await expect(reportTab).toHaveAttribute("aria-selected", "true");
	await expect(page.getByLabel("Product name")).toBeVisible();
	await page.keyboard.press("End");
	await expect(page.getByRole("tab", { name: "Alerts" })).toHaveAttribute("aria-selected", "true");
	await page.keyboard.press("ArrowRight"); // wraps round to the first
	await expect(page.getByRole("tab", { name: "Find Deals" })).toBeFocused();
	await page.keyboard.press("End");
	await page.keyboard.press("Home");
	await expect(page.getByRole("tab", { name: "Find Deals" })).toHaveAttribute("aria-selected", "true");

	// Settings: the focus stays on the preferred fuel while a new choice is saved (a phone's picker chooses).
	await page.goto("/settings");
	const fuel = page.getByLabel("Preferred fuel type");
	await tabTo(page, fuel, 40);
	await fuel.selectOption("premium");
	await expect(page.getByRole("status").filter({ hasText: "Fuel preference updated" })).toBeVisible();
	await expect(fuel).toHaveValue("premium");
	await expect(fuel).toBeFocused();
	const publicProfile = page.getByRole("switch", { name: "Public profile" });
	await tabTo(page, publicProfile);
	await page.keyboard.press("Space");
	await expect(page.getByRole("status").filter({ hasText: "Privacy settings updated" })).toBeVisible();
	await expect(publicProfile).not.toBeChecked();
	await expect(publicProfile).toBeFocused();

	// The fuel dialog opens with Enter, holds the focus, closes with Escape and gives the focus back.
	await page.goto("/gas");
	const open = page.getByRole("button", { name: "Report Price", exact: true });
	await tabTo(page, open);
	await page.keyboard.press("Enter");
	const dialog = page.getByRole("dialog", { name: "Report a fuel price" });
	await expect(dialog).toBeVisible();
	expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
	// The page behind is inert: Tab cycles through the dialog (passing by the browser's own controls, where
	// the page sees no focused element), never onto the page behind it.
	let insideStops = 0;
	for (let i = 0; i < 16; i++) {
		await page.keyboard.press("Tab");
		const where = await dialog.evaluate((el) => {
			const active = document.activeElement;
			return !active || active === document.body
				? "browser"
				: el.contains(active)
					? "dialog"
					: active.outerHTML.slice(0, 80);
		});
		expect(["dialog", "browser"], "focus reached the page behind the open dialog").toContain(where);
		if (where === "dialog") insideStops++;
	}
	expect(insideStops).toBeGreaterThan(8);
	await page.keyboard.press("Escape");
	await expect(dialog).toBeHidden();
	await expect(open).toBeFocused();

	// The bottom navigation is links: Enter follows one. It comes after every station card and recent report
	// (each with its buttons and its price history link), and other tests report stations near this ZIP too.
	await tabTo(page, page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Discover" }), 120);
	await page.keyboard.press("Enter");
	await expect(page).toHaveURL(/\/discover$/);
	await expect(page.getByRole("heading", { level: 1, name: "Discover" })).toBeVisible();
});
