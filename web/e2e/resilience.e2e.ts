import { audit } from "./axe.ts";
import { expect, fillDairyReport, PASSWORD, registerAccount, signInFreshUser, test, uniqueName } from "./fixtures.ts";

// This file's journeys need the app's service worker (offline, notifications, push); the rest block it.
test.use({ serviceWorkers: "allow" });

// The service worker would answer from its cache; these tests are about what the network refuses.
test.use({ serviceWorkers: "block" });

/** Answers 404 for one of the app's chunks, as the server does for a file of an older build. */
const missing = (name: string) => new RegExp(`/${name}-\\w+\\.js$`);

test("a part of the landing that fails to load reloads once, then offers a Reload instead of a blank page", async ({
	page,
}) => {
	await page.route(missing("SignUpForm"), (route) => route.fulfill({ status: 404, body: "Not found" }));
	await page.goto("/");
	await expect(page.getByRole("heading", { name: "Welcome to CommonCents" })).toBeVisible();

	// The first failure reloads the page by itself (a new version was deployed: the reload fetches it).
	const reloaded = page.waitForEvent("load");
	await page.getByRole("tab", { name: "Sign Up" }).click();
	await reloaded;
	await expect(page.getByRole("tab", { name: "Sign In" })).toHaveAttribute("aria-selected", "true");

	// Still missing within the minute: no reload loop, a card that says what happened.
	await page.getByRole("tab", { name: "Sign Up" }).click();
	const card = page.getByTestId("app-error");
	await expect(card.getByRole("heading", { name: "This screen didn't load" })).toBeVisible();
	await expect(card).toContainText("Part of CommonCents did not load");
	await expect(page).toHaveURL("/");
	const found: string[] = [];
	await audit(page, "error card", found);
	expect(found, found.join("\n")).toEqual([]);

	await page.unrouteAll();
	await card.getByRole("button", { name: "Reload" }).click();
	await page.getByRole("tab", { name: "Sign Up" }).click();
	await expect(page.getByRole("button", { name: "Create Account" })).toBeVisible();
});

test("a page of the signed-in app that fails to load shows the card in the frame; another screen still opens", async ({
	page,
	baseURL,
}) => {
	await signInFreshUser(page, baseURL ?? "");
	await page.route(missing("DiscoverPage"), (route) => route.fulfill({ status: 404, body: "Not found" }));
	await page.goto("/");
	await expect(page.getByRole("heading", { name: "Deals near you", exact: true })).toBeVisible();
	const nav = page.getByRole("navigation", { name: "Main" });
	await nav.getByRole("link", { name: "Discover" }).click();
	// The router reloads once, then this app once more (each once a minute); the third failure shows the card.
	await expect(page.getByRole("heading", { name: "This screen didn't load" })).toBeVisible({ timeout: 15_000 });
	await expect(page.getByTestId("header-zip")).toHaveText("10001"); // the frame is still there
	const found: string[] = [];
	await audit(page, "error card in the frame", found);
	expect(found, found.join("\n")).toEqual([]);
	await nav.getByRole("link", { name: "Gas" }).click();
	await expect(page.getByRole("heading", { level: 1, name: "Gas Prices" })).toBeVisible();

	// Back online (or deployed): the page is fetched again on the next visit, no reload needed.
	await page.unrouteAll();
	await nav.getByRole("link", { name: "Discover" }).click();
	await expect(page.getByRole("heading", { level: 1, name: "Discover" })).toBeVisible();
});

test("a sign-out that does not reach the server says so and stays signed in; the next one signs out", async ({
	page,
	baseURL,
}) => {
	const { username } = await signInFreshUser(page, baseURL ?? "");
	await page.goto("/settings");
	await expect(page.getByText(`@${username}`)).toBeVisible();
	await page.route("**/api/auth/logout", (route) => route.abort("internetdisconnected"));
	await page.getByRole("button", { name: "Sign Out" }).click();
	const failed = page.getByRole("alert").filter({ hasText: "Sign out failed" });
	await expect(failed).toContainText("You are still signed in. Check your connection and try again.");
	await expect(page.getByText(`@${username}`)).toBeVisible();
	await expect(page).toHaveURL("/settings");

	await page.unroute("**/api/auth/logout");
	await page.getByRole("button", { name: "Sign Out" }).click();
	await expect(page.getByRole("status").filter({ hasText: "Signed out" })).toBeVisible();
	await expect(page.getByRole("heading", { name: "Welcome to CommonCents" })).toBeVisible();
	await page.reload();
	await expect(page.getByRole("tab", { name: "Sign In" })).toHaveAttribute("aria-selected", "true");
});

test("a live stream answered 502 while the server restarts behind its proxy leaves the app on screen", async ({
	page,
	baseURL,
}) => {
	await signInFreshUser(page, baseURL ?? "");
	let userCalls = 0;
	// The first "who is signed in" loads the app; from then on the proxy answers 502, as during a restart.
	await page.route("**/api/auth/user", (route) =>
		++userCalls === 1 ? route.continue() : route.fulfill({ status: 502, body: "Bad Gateway" }),
	);
	await page.route("**/api/events*", (route) => route.fulfill({ status: 502, body: "Bad Gateway" }));
	await page.goto("/");
	await expect(page.getByRole("tab", { name: "Alerts" })).toBeVisible();
	// The ended stream made the app ask who is signed in; the 502 it got changes nothing on screen.
	await expect.poll(() => userCalls).toBeGreaterThan(1);
	await page.waitForTimeout(300);
	await expect(page.getByText("could not load your account")).toHaveCount(0);
	await expect(page.getByRole("tab", { name: "Alerts" })).toBeVisible();
});

/** What a shop's guest Wi-Fi answers to every request until its terms are accepted: 200 and its own page. */
const PORTAL = {
	status: 200,
	contentType: "text/html",
	body: "<!DOCTYPE html><html><body><h1>Welcome to ShopNet Wi-Fi</h1></body></html>",
};
/** What nginx answers while the server behind it restarts. */
const NGINX_502 = {
	status: 502,
	contentType: "text/html",
	body: "<html><head><title>502 Bad Gateway</title></head><body><center>nginx</center></body></html>",
};

test("a Wi-Fi sign-in page answering for the API is a failure, not an answer: the search says so, the report waits on the device", async ({
	page,
	baseURL,
}) => {
	await signInFreshUser(page, baseURL ?? "");
	await page.goto("/");
	await page.route("**/api/search?*", (route) => route.fulfill(PORTAL));
	const search = page.getByRole("searchbox", { name: "Search for a product" });
	await search.fill(uniqueName("portalberry")); // found nowhere: the answer, once it comes, is "No deals found"
	await search.press("Enter");
	await expect(page.getByTestId("toast").filter({ hasText: "Search failed. Please try again." })).toContainText(
		"Wi-Fi sign-in page",
	);
	const card = page.getByTestId("search-message");
	await expect(card.getByRole("heading", { name: "Search failed. Please try again." })).toBeVisible();
	await page.unroute("**/api/search?*");
	await card.getByRole("button", { name: "Try again" }).click();
	await expect(page.getByRole("heading", { name: "No deals found" })).toBeVisible();

	await page.getByRole("tab", { name: "Report Prices" }).click();
	await fillDairyReport(page, { product: "Portal Yogurt", price: "2.49", store: "Wi-Fi Mart", address: "1 Lobby Rd" });
	await page.route("**/api/price-reports", (route) => route.fulfill(PORTAL));
	await page.getByRole("button", { name: "Submit Price Report" }).click();
	// No answer of CommonCents': the report waits on the device rather than being lost (decision 0083).
	await expect(page.getByRole("status").filter({ hasText: "Saved on this device" })).toBeVisible();
	const waiting = page.getByTestId("waiting-to-send");
	await expect(waiting).toContainText("Portal Yogurt at Wi-Fi Mart waiting to send");
	await page.unroute("**/api/price-reports");
	await page.reload();
	await expect(page.getByRole("status").filter({ hasText: "Sent 1 report kept offline" })).toBeVisible();
	await expect(waiting).toHaveCount(0);
});

test("a Wi-Fi sign-in page at start-up is not taken for a signed-in shopper", async ({ page }) => {
	await page.route("**/api/auth/user", (route) => route.fulfill(PORTAL));
	await page.goto("/settings");
	await expect(page.getByRole("button", { name: "Try again" })).toBeVisible();
	await expect(page.getByRole("heading", { name: "Settings" })).toHaveCount(0);
	await page.unroute("**/api/auth/user");
	await page.getByRole("button", { name: "Try again" }).click();
	await expect(page.getByRole("heading", { name: "Welcome to CommonCents" })).toBeVisible();
});

test("a proxy's error page is never read out: a failed sign-in says the server is not answering", async ({ page }) => {
	await page.route("**/api/auth/login", (route) => route.fulfill(NGINX_502));
	await page.goto("/");
	await page.getByLabel("Username").fill("someone");
	await page.getByLabel("Password", { exact: true }).fill("Journey!Pass1");
	await page.getByRole("button", { name: "Sign In" }).click();
	const failed = page.getByRole("alert").filter({ hasText: "Login failed" });
	await expect(failed).toContainText("CommonCents is not answering right now. Please try again in a moment.");
	await expect(failed).not.toContainText("nginx");
	await expect(failed).not.toContainText("<");
});

test("a report that gets no answer in 20 s waits on the device, and is sent once the server answers", async ({
	page,
	baseURL,
}) => {
	await signInFreshUser(page, baseURL ?? "");
	// When the report left, on the page's clock: the 20 s count from there, however slow this runner is to look.
	await page.addInitScript(() => {
		const send = window.fetch;
		window.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
			const url = input instanceof Request ? input.url : String(input);
			if (url.includes("/api/price-reports")) (window as unknown as { reportSentAt: number }).reportSentAt = Date.now();
			return send(input, init);
		}) as typeof fetch;
	});
	await page.clock.install();
	await page.goto("/");
	await page.getByRole("tab", { name: "Report Prices" }).click();
	await fillDairyReport(page, {
		product: "Stalled Cheese",
		price: "5.25",
		store: "Slow Shop",
		address: "2 Dial-Up Ave",
	});
	await page.route("**/api/price-reports", () => {}); // sent, never answered
	await page.getByRole("button", { name: "Submit Price Report" }).click();
	await expect(page.getByRole("button", { name: /Submitting/ })).toBeDisabled();
	const sentAt = await page.evaluate(() => (window as unknown as { reportSentAt?: number }).reportSentAt ?? 0);
	expect(sentAt).toBeGreaterThan(0);
	await page.clock.pauseAt(sentAt + 19_000);
	await expect(page.getByRole("button", { name: /Submitting/ })).toBeDisabled();
	await page.clock.runFor(1_500);
	await page.clock.resume();
	await expect(page.getByRole("status").filter({ hasText: "Saved on this device" })).toBeVisible();
	const waiting = page.getByTestId("waiting-to-send");
	await expect(waiting).toContainText("Stalled Cheese at Slow Shop waiting to send");

	await page.unroute("**/api/price-reports");
	await page.reload();
	await expect(page.getByRole("status").filter({ hasText: "Sent 1 report kept offline" })).toBeVisible();
	await expect(waiting).toHaveCount(0);
	expect((await (await page.request.get("/api/auth/user")).json()).totalReports).toBe(1);
});

test("an alert whose answer was lost, sent again, is there: the second answer (already set) says so and the list shows it", async ({
	page,
	baseURL,
}) => {
	await signInFreshUser(page, baseURL ?? "");
	await page.goto("/");
	await page.getByRole("tab", { name: "Alerts" }).click();
	// The first POST reaches the server and is stored; its answer never reaches the phone.
	await page.route("**/api/price-alerts", async (route) => {
		if (route.request().method() !== "POST") return route.continue();
		await route.fetch();
		await route.abort("connectionreset");
	});
	await page.getByRole("button", { name: "New Alert" }).click();
	const form = page.getByRole("form", { name: "Create a price alert" });
	await form.getByLabel("Product name").fill("Lost Reply Kefir");
	await form.getByRole("spinbutton", { name: "Target price ($)" }).fill("3.50");
	await form.getByRole("button", { name: "Create Alert" }).click();
	await expect(page.getByRole("alert").filter({ hasText: "Failed to create price alert" })).toContainText(
		"check your connection",
	);
	await page.unroute("**/api/price-alerts");
	await form.getByRole("button", { name: "Create Alert" }).click();
	await expect(page.getByRole("status").filter({ hasText: "You already have this price alert" })).toBeVisible();
	await expect(form).toHaveCount(0);
	await expect(page.getByTestId("alert-item")).toHaveCount(1);
	await expect(page.getByTestId("alert-item")).toContainText("Lost Reply Kefir");
});

test("a privacy switch whose save fails after the shopper has left Settings still says so", async ({
	page,
	baseURL,
}) => {
	await signInFreshUser(page, baseURL ?? "");
	await page.goto("/settings");
	let fail = () => {};
	const failed = new Promise<void>((resolve) => (fail = resolve));
	await page.route("**/api/profile/privacy", async (route) => {
		await failed;
		await route.fulfill({ status: 503, contentType: "application/json", body: '{"message":"Try later"}' });
	});
	await page.getByRole("switch", { name: "Public profile" }).click();
	await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Gas" }).click();
	await expect(page.getByRole("heading", { level: 1, name: "Gas Prices" })).toBeVisible();
	fail();
	await expect(
		page.getByRole("alert").filter({ hasText: "Failed to update privacy settings. Please try again." }),
	).toBeVisible();
	expect((await (await page.request.get("/api/auth/user")).json()).isPublicProfile).toBe(true);
});

test("a sign-in answered, then a failing check of who is signed in, still opens the app under the welcome", async ({
	page,
	baseURL,
}) => {
	const username = await registerAccount(baseURL ?? "", "Wes");

	await page.goto("/");
	await expect(page.getByRole("heading", { name: "Welcome to CommonCents" })).toBeVisible();
	await page.route("**/api/auth/user", (route) => route.fulfill(NGINX_502));
	await page.getByLabel("Username").fill(username);
	await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
	await page.getByRole("button", { name: "Sign In" }).click();
	await expect(page.getByRole("status").filter({ hasText: "Welcome back, Wes!" })).toBeVisible();
	await expect(page.getByRole("heading", { level: 1, name: "Deals near you" })).toBeVisible();
	await expect(page.getByRole("heading", { name: "Welcome to CommonCents" })).toHaveCount(0);
});
