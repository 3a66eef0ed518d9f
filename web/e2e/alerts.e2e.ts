import type { BrowserContext, Page } from "@playwright/test";
import { expect, holdRequests, reportThroughApi, signInFreshUser, signInInNewContext, test } from "./fixtures.ts";

// This file's journeys need the app's service worker (offline, notifications, push); the rest block it.
test.use({ serviceWorkers: "allow" });

declare global {
	interface Window {
		__shownNotifications: { title: string; body?: string; note: Notification }[];
	}
}

/** Records every Notification the app constructs (the real one is still shown), for the test to read. */
async function recordNotifications(context: BrowserContext) {
	await context.addInitScript(() => {
		const Original = window.Notification;
		window.__shownNotifications = [];
		class Recording extends Original {
			constructor(title: string, options?: NotificationOptions) {
				super(title, options);
				window.__shownNotifications.push({ title, body: options?.body, note: this });
			}
		}
		window.Notification = Recording as typeof Notification;
	});
}

const shownTitles = (page: Page) => page.evaluate(() => window.__shownNotifications.map((n) => n.title));

async function openAlertsTab(page: Page) {
	await page.goto("/");
	await page.getByRole("tab", { name: "Alerts" }).click();
}

async function createAlertInForm(
	page: Page,
	name: string,
	target: string,
	{ category, spots = false }: { category?: string; spots?: boolean } = {},
) {
	await page.getByRole("button", { name: "New Alert" }).click();
	const form = page.getByRole("form", { name: "Create a price alert" });
	await form.getByLabel("Product name").fill(name);
	await form.getByRole("spinbutton", { name: "Target price ($)" }).fill(target);
	if (category) await form.getByLabel("Category").selectOption({ label: category });
	if (spots) await form.getByRole("radio", { name: "At my starred spots" }).check();
	const sent = page.waitForRequest((r) => r.url().endsWith("/api/price-alerts") && r.method() === "POST");
	await form.getByRole("button", { name: "Create Alert" }).click();
	// Spec §7's body: {productName, targetPrice, categoryId or null}, nothing more; the place only when not near.
	const keys = ["categoryId", "productName", ...(spots ? ["scope"] : []), "targetPrice"];
	expect(Object.keys((await sent).postDataJSON()).sort()).toEqual(keys);
	await expect(page.getByRole("status").filter({ hasText: "Price alert created" })).toBeVisible();
	await expect(form).toBeHidden();
}

test("a neighbour's matching price reaches the shopper live as a browser notification", async ({
	page,
	browser,
	baseURL,
}) => {
	test.slow(); // two shoppers, two browser contexts
	const origin = baseURL ?? "";
	await recordNotifications(page.context());
	await page.context().grantPermissions(["notifications"], { origin });
	await signInFreshUser(page, origin, { zipCode: "10001", firstName: "Alma" });
	await openAlertsTab(page);
	await expect(page.getByTestId("notification-banner")).toContainText("Notifications are on");
	await createAlertInForm(page, "eggs", "2.50", { category: "Dairy" });
	const item = page.getByTestId("alert-item").filter({ hasText: "eggs" });
	await expect(item).toContainText("At or under $2.50 · Dairy · near 10001");
	await expect(item).toContainText("No matching price yet");

	// Bruno, ten zip codes away in his own browser, reports cheaper eggs.
	const bruno = await signInInNewContext(browser, origin, { zipCode: "10011", firstName: "Bruno" });
	await reportThroughApi(bruno.page, origin, {
		productName: "Free Range Eggs",
		price: 2.39,
		storeName: "Union Market",
	});

	await expect.poll(() => shownTitles(page)).toContain("Price alert: eggs");
	const shown = await page.evaluate(
		() => window.__shownNotifications.find((n) => n.title === "Price alert: eggs")?.body,
	);
	expect(shown).toBe("Free Range Eggs is $2.39 at Union Market, 5 Union Sq W (0.6 mi away). Your target: $2.50.");
	// Shown as a notification, so not as a toast as well.
	await expect(page.getByRole("status").filter({ hasText: "Price alert: eggs" })).toHaveCount(0);
	// The list learns its last hit without a reload.
	await expect(item.getByTestId("alert-last-hit")).toContainText("$2.39 at Union Market");
	await expect(item.getByTestId("alert-last-hit")).toContainText("just now");
	// A click on the notification opens the deal, in this tab.
	await page.evaluate(() =>
		window.__shownNotifications.find((n) => n.title === "Price alert: eggs")?.note.onclick?.(new Event("click")),
	);
	await expect(page).toHaveURL(/\/deals\/\d+$/);
	await expect(page.getByText("Free Range Eggs").first()).toBeVisible();
	// Bruno leaves, and his price with him: the alert still tells that it found a match.
	const left = await bruno.page.request.delete("/api/auth/delete-account", { headers: { Origin: origin } });
	expect(left.status()).toBe(200);
	await bruno.page.context().close();
	await openAlertsTab(page);
	await expect(item.getByTestId("alert-last-hit")).toHaveText("Last match just now, no longer listed");
});

test("without notification permission a hit and the test notification arrive as toasts", async ({
	page,
	browser,
	baseURL,
}) => {
	const origin = baseURL ?? "";
	await signInFreshUser(page, origin, { zipCode: "10001" });
	await page.request.post("/api/price-alerts", {
		headers: { Origin: origin },
		data: { productName: "greek yogurt", targetPrice: 5 },
	});
	await openAlertsTab(page);
	const banner = page.getByTestId("notification-banner");
	await expect(banner).toContainText("Get notified about price drops");
	await expect(banner.getByRole("button", { name: "Enable Notifications" })).toBeVisible();

	await banner.getByRole("button", { name: "Send Test Notification" }).click();
	await expect(page.getByRole("status").filter({ hasText: "CommonCents test notification" })).toBeVisible();

	// A neighbour in the Garment District, among the 20 ZIP areas nearest the alert's 10001.
	const other = await signInInNewContext(browser, origin, { zipCode: "10018" });
	await reportThroughApi(other.page, origin, {
		productName: "Greek Yogurt Plain",
		price: 4.49,
		storeName: "Dairy Barn",
	});
	const toast = page.getByRole("status").filter({ hasText: "Price alert: greek yogurt" });
	await expect(toast).toContainText("Greek Yogurt Plain is $4.49 at Dairy Barn");
	await other.page.context().close();
});

test("a browser that grants notifications but refuses a page's own (Chrome on Android) gets the test as a toast, then says so", async ({
	page,
	baseURL,
}) => {
	const origin = baseURL ?? "";
	await page.context().grantPermissions(["notifications"], { origin });
	await page.context().addInitScript(() => {
		const Original = window.Notification;
		const Refusing = (() => {
			throw new TypeError(
				"Failed to construct 'Notification': Illegal constructor. Use ServiceWorkerRegistration.showNotification() instead.",
			);
		}) as unknown as typeof Notification;
		Object.defineProperty(Refusing, "permission", { get: () => Original.permission });
		Refusing.requestPermission = Original.requestPermission.bind(Original);
		window.Notification = Refusing;
	});
	await signInFreshUser(page, origin);
	await openAlertsTab(page);
	const banner = page.getByTestId("notification-banner");
	await expect(banner.getByRole("heading", { name: "Notifications are on" })).toBeVisible();
	await banner.getByRole("button", { name: "Send Test Notification" }).click();
	await expect(page.getByRole("status").filter({ hasText: "CommonCents test notification" })).toBeVisible();
	await expect(banner.getByRole("heading", { name: "Notification Limited" })).toBeVisible();
});

const STATES: [string, string, string][] = [
	["denied", "Object.defineProperty(Notification, 'permission', { get: () => 'denied' })", "Notifications Disabled"],
	["insecure", "Object.defineProperty(window, 'isSecureContext', { get: () => false })", "HTTPS Required"],
	["restricted", "delete window.Notification", "Notification Limited"],
];

for (const [state, script, title] of STATES) {
	test(`the banner says "${title}" when notifications are ${state}`, async ({ page, baseURL }) => {
		await page.context().addInitScript(script);
		await signInFreshUser(page, baseURL ?? "");
		await openAlertsTab(page);
		const banner = page.getByTestId("notification-banner");
		await expect(banner.getByRole("heading", { name: title })).toBeVisible();
		await expect(banner.getByRole("button", { name: "Enable Notifications" })).toHaveCount(0);
	});
}

test("the create form opens, closes and insists on a product and a target; alerts are deleted", async ({
	page,
	signedIn,
	baseURL,
}) => {
	expect(signedIn.username).toBeTruthy();
	await openAlertsTab(page);
	await expect(page.getByText("No price alerts yet")).toBeVisible();

	await page.getByRole("button", { name: "New Alert" }).click();
	const form = page.getByRole("form", { name: "Create a price alert" });
	await expect(form.getByRole("spinbutton", { name: "Target price ($)" })).toHaveAttribute("step", "0.01");
	await form.getByRole("button", { name: "Create Alert" }).click();
	await expect(page.getByRole("alert").filter({ hasText: "Missing Information" }).first()).toContainText(
		"Please fill in product name and target price.",
	);
	// A fuel alert is named by its fuel: only the target can be missing.
	await form.getByRole("radio", { name: "A fuel" }).check();
	await expect(page.getByTestId("alert-missing-fields")).toContainText("Please fill in a target price.");
	await form.getByRole("radio", { name: "A product" }).check();
	await page.getByRole("button", { name: "Close new alert form" }).click();
	await expect(form).toBeHidden();

	await createAlertInForm(page, "organic milk", "3.25");
	await createAlertInForm(page, "bread", "2", { spots: true });
	await expect(page.getByTestId("alert-item")).toHaveCount(2);
	await expect(page.getByTestId("alert-item").first()).toContainText("bread");
	await expect(page.getByTestId("alert-item").first()).toContainText("At or under $2.00 · at your starred spots");
	await expect(page.getByTestId("alert-item").last()).toContainText("At or under $3.25 · near 10001");

	// A failing delete says so and keeps the alert.
	await page.route("**/api/price-alerts/*", (route) =>
		route.request().method() === "DELETE" ? route.fulfill({ status: 500, body: "{}" }) : route.continue(),
	);
	await page.getByRole("button", { name: "Delete alert for bread" }).click();
	await expect(
		page.getByRole("alert").filter({ hasText: "Failed to delete price alert. Please try again." }),
	).toBeVisible();
	await expect(page.getByTestId("alert-item")).toHaveCount(2);
	await page.unroute("**/api/price-alerts/*");

	await page.getByRole("button", { name: "Delete alert for bread" }).click();
	await expect(page.getByTestId("alert-item")).toHaveCount(1);
	await expect(page.getByTestId("alert-item")).toContainText("organic milk");

	// Deleted meanwhile elsewhere (another tab, another device): deleting it here just takes it off the list.
	const [milk] = (await (await page.request.get("/api/price-alerts")).json()) as { id: number }[];
	const elsewhere = await page.request.delete(`/api/price-alerts/${milk?.id}`, { headers: { Origin: baseURL ?? "" } });
	expect(elsewhere.status()).toBe(200);
	await page.getByRole("button", { name: "Delete alert for organic milk" }).click();
	await expect(page.getByText("No price alerts yet")).toBeVisible();
	await expect(page.getByRole("status").filter({ hasText: "Price alert deleted" })).toBeVisible();
	await expect(page.getByRole("alert").filter({ hasText: "Failed to delete" })).toHaveCount(0);

	// A failing create says so and keeps what was typed.
	await page.route("**/api/price-alerts", (route) =>
		route.request().method() === "POST" ? route.fulfill({ status: 500, body: "{}" }) : route.continue(),
	);
	await page.getByRole("button", { name: "New Alert" }).click();
	await form.getByLabel("Product name").fill("butter");
	await form.getByRole("spinbutton", { name: "Target price ($)" }).fill("4");
	await form.getByRole("button", { name: "Create Alert" }).click();
	await expect(
		page.getByRole("alert").filter({ hasText: "Failed to create price alert. Please try again." }),
	).toBeVisible();
	await expect(form.getByLabel("Product name")).toHaveValue("butter");

	// Sent while the server is slow: held, and sent once.
	await page.unroute("**/api/price-alerts");
	const posts = await holdRequests(page, "**/api/price-alerts", "POST");
	await form.getByRole("button", { name: "Create Alert" }).click();
	await expect(form.getByRole("button", { name: "Creating…" })).toBeDisabled();
	posts.release();
	await expect(page.getByTestId("alert-item")).toHaveCount(1);
	await expect(page.getByTestId("alert-item")).toContainText("butter");
	expect(posts.sent()).toBe(1);
});

// The service worker answers the app's reads itself (its kept copies), out of the page's routes: this test
// routes a read, so the worker is kept out of it.
test.describe(() => {
	test.use({ serviceWorkers: "block" });
	test("the list shows an error with a retry when it cannot load", async ({ page, signedIn }) => {
		expect(signedIn.username).toBeTruthy();
		let fail = true;
		await page.route("**/api/price-alerts", (route) =>
			fail && route.request().method() === "GET" ? route.fulfill({ status: 500, body: "{}" }) : route.continue(),
		);
		await openAlertsTab(page);
		await expect(page.getByText("Could not load your price alerts")).toBeVisible();
		fail = false;
		await page.getByRole("button", { name: "Try again" }).click();
		await expect(page.getByText("No price alerts yet")).toBeVisible();
	});
});

test("seven tabs share one live stream: every tab still answers, hits reach them all, and a closed leader is replaced", async ({
	page,
	browser,
	baseURL,
}) => {
	test.slow(); // seven tabs and a second shopper
	const origin = baseURL ?? "";
	await signInFreshUser(page, origin, { zipCode: "10001" });
	// Two alerts: one fires once per crossing, so the second hit (after the leader left) is another alert's.
	for (const productName of ["oat milk", "rice cakes"]) {
		const created = await page.request.post("/api/price-alerts", {
			headers: { Origin: origin },
			data: { productName, targetPrice: 5 },
		});
		expect(created.status()).toBe(201);
	}
	const tabs = [page];
	await openAlertsTab(page);
	for (let i = 1; i < 7; i++) {
		const tab = await page.context().newPage();
		await openAlertsTab(tab);
		tabs.push(tab);
	}
	// A stream per tab held all six connections a browser keeps to a plain-HTTP origin: the seventh tab hung.
	const status = await tabs[6]!.evaluate(
		async () => (await fetch("/api/price-alerts", { signal: AbortSignal.timeout(5_000) })).status,
	);
	expect(status).toBe(200);

	// A neighbour in the Garment District, among the 20 ZIP areas nearest the alert's 10001.
	const other = await signInInNewContext(browser, origin, { zipCode: "10018" });
	await reportThroughApi(other.page, origin, { productName: "Oat Milk Barista", price: 4.29, storeName: "Dairy Barn" });
	for (const tab of [tabs[0]!, tabs[3]!, tabs[6]!]) {
		await expect(tab.getByRole("status").filter({ hasText: "Price alert: oat milk" })).toContainText(
			"Oat Milk Barista is $4.29",
		);
	}
	// The first tab led; once it closes another tab takes the stream over.
	await tabs[0]!.close();
	await reportThroughApi(other.page, origin, {
		productName: "Brown Rice Cakes",
		price: 3.99,
		storeName: "Dairy Barn",
	});
	await expect(tabs[6]!.getByRole("status").filter({ hasText: "Price alert: rice cakes" })).toContainText(
		"Brown Rice Cakes is $3.99",
	);
	await other.page.context().close();
});
