import { type Page, request } from "@playwright/test";
import {
	expect,
	PASSWORD,
	signInFreshUser,
	signInInNewContext,
	suspendThroughApi,
	test,
	uniqueName,
} from "./fixtures.ts";
import { establishAccounts } from "./standing.ts";

// This file's journeys need the app's service worker (offline, notifications, push); the rest block it.
test.use({ serviceWorkers: "allow" });

// The developer console, and what a suspension does to the suspended shopper's open browser.

/** The browser tests' server runs with this developer passkey (playwright.config.ts). */
const PASSKEY = "e2e-passkey";

/**
 * Neighbours (a fresh shopper each, made one of standing so their flags can hide a report) flag a product
 * report as wrong, one reason each, through the feedback API: setup, not the behaviour under test. Several
 * reasons may be given by one neighbour to several reports.
 */
async function flagAsNeighbours(origin: string, flags: { reportId: number; reasons: string[] }[]) {
	const most = Math.max(...flags.map((f) => f.reasons.length));
	for (let i = 0; i < most; i++) {
		const api = await request.newContext({ baseURL: origin, extraHTTPHeaders: { Origin: origin } });
		const account = {
			password: PASSWORD,
			confirmPassword: PASSWORD,
			firstName: "Nia",
			lastName: "Bor",
			zipCode: "10001",
		};
		const username = uniqueName("nb");
		expect((await api.post("/api/auth/register", { data: { username, ...account } })).status()).toBe(201);
		establishAccounts([username]);
		for (const { reportId, reasons } of flags) {
			const reason = reasons[i];
			if (!reason) continue;
			const res = await api.post(`/api/price-reports/${reportId}/feedback`, { data: { kind: "wrong", reason } });
			expect(res.status()).toBe(200);
		}
		await api.dispose();
	}
}

/** A fresh moderator on Settings with the console unlocked: the setup of the tests after the first. */
async function moderatorConsole(page: Page, origin: string) {
	await signInFreshUser(page, origin, { firstName: "Mo", lastName: "Derator" });
	await page.goto("/settings");
	await page.getByRole("button", { name: "Developer", exact: true }).click();
	await page.getByLabel("Developer passkey").fill(PASSKEY);
	await page.getByRole("button", { name: "Unlock" }).click();
	return page.getByTestId("admin-console");
}

test("a moderator unlocks the console and terminates a user, whose open browser then shows only the suspension", async ({
	page,
	browser,
	baseURL,
}) => {
	test.slow(); // two shoppers, a deletion with its 2 s pause
	const origin = baseURL ?? "";
	const target = await signInInNewContext(browser, origin, { firstName: "Rex", lastName: "Spammer" });
	await target.page.goto("/");
	await expect(target.page.getByRole("heading", { name: "Deals near you", exact: true })).toBeVisible();
	const fake = await target.page.request.post("/api/gas/reports", {
		headers: { Origin: origin },
		data: { stationName: "Rex Fuel", stationAddress: "1 Spam Rd", price: 3.199, fuelType: "regular" },
	});
	expect(fake.status()).toBe(201);

	await signInFreshUser(page, origin, { firstName: "Mo", lastName: "Derator" });
	await page.goto("/settings");
	await expect(page.getByTestId("admin-console")).toHaveCount(0);
	// Hidden (spec §2): a closed disclosure until opened.
	const developer = page.getByRole("button", { name: "Developer", exact: true });
	await expect(developer).toHaveAttribute("aria-expanded", "false");
	await expect(page.getByLabel("Developer passkey")).toBeHidden();
	await developer.click();
	await expect(developer).toHaveAttribute("aria-expanded", "true");
	const passkey = page.getByLabel("Developer passkey");
	const unlock = page.getByRole("button", { name: "Unlock" });

	// Blank: ignored, never sent (a check right after the click would pass before any answer could come back).
	const verifications: string[] = [];
	page.on("request", (req) => {
		if (req.url().endsWith("/api/admin/verify-passkey")) verifications.push(req.postData() ?? "");
	});
	await passkey.fill("   ");
	await unlock.click();
	await passkey.fill("not-the-passkey");
	await unlock.click();
	await expect.poll(() => verifications).toEqual([JSON.stringify({ passkey: "not-the-passkey" })]);
	const denied = page.getByRole("alert").filter({ hasText: "Access Denied" });
	await expect(denied).toContainText("Invalid developer passkey");
	await expect(page.getByTestId("admin-console")).toHaveCount(0);

	await passkey.fill(PASSKEY);
	await unlock.click();
	const console = page.getByTestId("admin-console");
	await expect(console).toBeVisible();
	// Back on Settings later in the session, the section is open on the console.
	const nav = page.getByRole("navigation", { name: "Main" });
	await nav.getByRole("link", { name: "Grocery" }).click();
	await nav.getByRole("link", { name: "Settings" }).click();
	await expect(console).toBeVisible();
	await expect(developer).toHaveAttribute("aria-expanded", "true");

	// The server's own test notification, then (the server made to fail) the console's error toast.
	await console.getByRole("button", { name: "Send Test Notification" }).click();
	await expect(page.getByRole("status").filter({ hasText: "CommonCents test notification" })).toContainText(
		"Notifications work.",
	);
	await page.route("**/api/test-notification", (route) => route.fulfill({ status: 500, json: { message: "Down" } }));
	await console.getByRole("button", { name: "Send Test Notification" }).click();
	await expect(page.getByRole("alert").filter({ hasText: "Failed to send test notification" })).toBeVisible();

	await console.getByRole("searchbox", { name: "Filter by username" }).fill(target.username);
	const terminate = console.getByRole("button", { name: "Terminate Account" });
	await expect(terminate).toBeDisabled();
	await console.getByRole("radio", { name: `@${target.username}` }).check();
	await expect(terminate).toBeDisabled();
	await expect(terminate).toHaveAccessibleDescription("Still needed: reason");
	await console.getByLabel("Reason").fill("Posting fake prices");
	await terminate.click();
	await page.getByRole("dialog").getByRole("button", { name: "Terminate", exact: true }).click();
	const terminated = page.getByRole("status").filter({ hasText: "Account terminated" });
	await expect(terminated).toContainText(`@${target.username} can no longer use CommonCents. 1 report withdrawn.`);
	await expect(console.getByRole("radio", { name: `@${target.username}` })).toBeDisabled();
	await expect(console.getByText("Suspended", { exact: true })).toBeVisible();

	// The terminated user's open tab switches to the suspension by itself: the live stream's last word.
	await expect(target.page.getByRole("heading", { name: "Account Suspended" })).toBeVisible({ timeout: 3_000 });
	// And on its next load, only the suspension, with the reason.
	await target.page.reload();
	await expect(target.page.getByRole("heading", { name: "Account Suspended" })).toBeVisible();
	await expect(target.page.getByTestId("suspension-reason")).toHaveText("Posting fake prices");
	await expect(target.page.getByRole("navigation", { name: "Main" })).toHaveCount(0);
	await target.page.goto("/settings");
	await expect(target.page.getByRole("heading", { name: "Account Suspended" })).toBeVisible();
	await target.page.goto("/no/such/page");
	await expect(target.page.getByRole("heading", { name: "Account Suspended" })).toBeVisible();
	await expect(target.page.getByRole("heading", { name: "404 Page Not Found" })).toHaveCount(0);

	// Signing in again through the form leads straight back to the suspension, with no welcome.
	await target.page.getByRole("button", { name: "Sign Out" }).click();
	await target.page.goto("/auth");
	await target.page.getByLabel("Username").fill(target.username);
	await target.page.getByLabel("Password", { exact: true }).fill(PASSWORD);
	await target.page.getByRole("button", { name: "Sign In" }).click();
	await expect(target.page.getByRole("heading", { name: "Account Suspended" })).toBeVisible();
	await expect(target.page.getByText("Welcome back", { exact: false })).toHaveCount(0);

	await target.page.getByRole("button", { name: "Delete Account Permanently" }).click();
	await target.page.getByRole("button", { name: "Delete Forever" }).click();
	await expect(target.page.getByRole("status").filter({ hasText: "Account deleted" })).toBeVisible();
	await expect(target.page).toHaveURL(/\/auth$/, { timeout: 5_000 });
	await expect(target.page.getByRole("heading", { name: "Welcome to CommonCents" })).toBeVisible();
	const relogin = await target.page.request.post("/api/auth/login", {
		headers: { Origin: origin },
		data: { username: target.username, password: PASSWORD },
	});
	expect(relogin.status()).toBe(401);
});

test("a moderator's stale list: a refused termination keeps the console open, and the list catches up", async ({
	page,
	baseURL,
}) => {
	const origin = baseURL ?? "";
	const prefix = uniqueName("stale");
	const api = await request.newContext({ baseURL: origin, extraHTTPHeaders: { Origin: origin } });
	const register = async (username: string) => {
		const res = await api.post("/api/auth/register", {
			data: { username, password: PASSWORD, confirmPassword: PASSWORD, firstName: "Stale", lastName: "Entry" },
		});
		expect(res.status()).toBe(201);
		return ((await res.json()) as { id: string }).id;
	};
	const suspendedId = await register(`${prefix}s`);
	await register(`${prefix}d`); // signed in as this one now: deletes their account below

	const console = await moderatorConsole(page, origin);
	await console.getByRole("searchbox", { name: "Filter by username" }).fill(prefix);
	await expect(console.getByRole("radio")).toHaveCount(2);

	const terminateAs = async (username: string) => {
		await console.getByRole("radio", { name: `@${username}` }).check();
		await console.getByLabel("Reason").fill("Posting fake prices");
		await console.getByRole("button", { name: "Terminate Account" }).click();
		await page.getByRole("dialog").getByRole("button", { name: "Terminate", exact: true }).click();
	};
	const refused = page.getByRole("alert").filter({ hasText: "Failed to terminate account" });

	// Meanwhile the account deletes itself: the refusal, and the console stays open (no passkey asked again).
	expect((await api.delete("/api/auth/delete-account")).status()).toBe(200);
	await terminateAs(`${prefix}d`);
	await expect(refused).toContainText("User not found");
	await expect(console.getByRole("radio", { name: `@${prefix}d` })).toHaveCount(0);
	await expect(console).toBeVisible();
	await expect(page.getByLabel("Developer passkey")).toHaveCount(0);

	// Meanwhile another moderator suspends the other account: the refusal, and the list shows it suspended.
	expect(
		(
			await api.post("/api/auth/register", {
				data: {
					username: uniqueName("mod"),
					password: PASSWORD,
					confirmPassword: PASSWORD,
					firstName: "Other",
					lastName: "Mod",
				},
			})
		).status(),
	).toBe(201);
	expect((await api.post("/api/admin/verify-passkey", { data: { passkey: PASSKEY } })).status()).toBe(200);
	expect(
		(await api.post("/api/admin/terminate-account", { data: { userId: suspendedId, reason: "Spam" } })).status(),
	).toBe(200);
	await api.dispose();
	await terminateAs(`${prefix}s`);
	await expect(refused).toContainText("This account is already suspended");
	await expect(console.getByRole("radio", { name: `@${prefix}s` })).toBeDisabled();
	await expect(console).toBeVisible();

	// The moderator's own row is marked and cannot be chosen.
	const me = (await (await page.request.get("/api/auth/user")).json()) as { username: string };
	await console.getByRole("searchbox", { name: "Filter by username" }).fill(me.username);
	await expect(console.getByRole("radio", { name: `@${me.username}` })).toBeDisabled();
	await expect(console.getByRole("listitem").filter({ hasText: `@${me.username}` })).toContainText("You");
});

test("a shopper suspended meanwhile sees the suspension at their next action, with no error toast over it", async ({
	browser,
	baseURL,
}) => {
	const origin = baseURL ?? "";
	// No live stream in these tabs: the action's own answer must switch the screen.
	const settings = await signInInNewContext(browser, origin);
	await settings.page.route("**/api/events**", (route) => route.abort());
	await settings.page.goto("/settings");
	const showActivity = settings.page.getByRole("switch", { name: "Show activity" });
	await expect(showActivity).toBeChecked();
	const search = await settings.page.context().newPage();
	await search.route("**/api/events**", (route) => route.abort());
	await search.goto("/");
	const box = search.getByRole("searchbox", { name: "Search for a product" });
	await expect(box).toBeVisible();

	await suspendThroughApi(settings.page, origin, "Sock puppet votes");
	await showActivity.click(); // a write
	await expect(settings.page.getByRole("heading", { name: "Account Suspended" })).toBeVisible({ timeout: 2_000 });
	await expect(settings.page.getByTestId("suspension-reason")).toHaveText("Sock puppet votes");
	await expect(settings.page.getByTestId("toast")).toHaveCount(0);

	await box.fill("milk"); // a read
	await box.press("Enter");
	await expect(search.getByRole("heading", { name: "Account Suspended" })).toBeVisible({ timeout: 2_000 });
	await expect(search.getByTestId("toast")).toHaveCount(0);
	await settings.page.context().close();
});

test("a long list says it shows only the first 100, and a longer filter finds the rest", async ({ page, baseURL }) => {
	test.slow(); // 101 sign-ups
	const origin = baseURL ?? "";
	const prefix = uniqueName("many");
	const api = await request.newContext({ baseURL: origin, extraHTTPHeaders: { Origin: origin } });
	for (let batch = 0; batch < 101; batch += 10) {
		const names = Array.from(
			{ length: Math.min(10, 101 - batch) },
			(_, i) => `${prefix}${String(batch + i).padStart(3, "0")}`,
		);
		const answers = await Promise.all(
			names.map((username) =>
				api.post("/api/auth/register", {
					data: { username, password: PASSWORD, confirmPassword: PASSWORD, firstName: "Many", lastName: "Users" },
				}),
			),
		);
		for (const res of answers) expect(res.status()).toBe(201);
	}
	await api.dispose();

	const console = await moderatorConsole(page, origin);
	const filter = console.getByRole("searchbox", { name: "Filter by username" });
	await filter.fill(prefix);
	await expect(console.getByRole("radio")).toHaveCount(100);
	await expect(
		console.getByText("Showing the first 100 of 101 users. Type more of a username to find others."),
	).toBeVisible();
	await expect(console.getByRole("radio", { name: `@${prefix}100` })).toHaveCount(0);
	await filter.fill(`${prefix}10`);
	await expect(console.getByRole("radio")).toHaveCount(1);
	await expect(console.getByRole("radio", { name: `@${prefix}100` })).toBeVisible();
	await expect(console.getByText(/Showing the first/)).toHaveCount(0);
});

test("the queue: neighbours' flags, an expired report, a terminated reporter lifted again, all in the record", async ({
	page,
	browser,
	baseURL,
}) => {
	test.slow(); // five shoppers, three decisions
	const origin = baseURL ?? "";
	const product = uniqueName("Feta");
	const reporter = await signInInNewContext(browser, origin, { firstName: "Rhea", lastName: "Porter" });
	const report = async (name: string, price: string) => {
		const res = await reporter.page.request.post("/api/price-reports", {
			headers: { Origin: origin },
			data: {
				productName: `${product} ${name}`,
				price,
				categoryId: 3,
				storeName: "Flag Mart",
				storeAddress: "7 Elm St",
			},
		});
		expect(res.status()).toBe(201);
		return ((await res.json()) as { id: number }).id;
	};
	const cheese = await report("Cheese", "4.49");
	const figs = await report("Figs", "2.99");
	await report("Olives", "3.79");
	await flagAsNeighbours(origin, [
		{ reportId: cheese, reasons: ["wrong-price", "spam", "wrong-price"] },
		{ reportId: figs, reasons: ["offensive"] },
	]);
	await reporter.page.goto("/");
	await expect(reporter.page.getByRole("heading", { name: "Deals near you", exact: true })).toBeVisible();

	const console = await moderatorConsole(page, origin);
	const cheeseCard = console.getByRole("article", { name: `${product} Cheese` });
	await expect(cheeseCard).toContainText("3 flags");
	await expect(cheeseCard).toContainText("Hidden from search");
	await expect(cheeseCard.getByRole("list", { name: "Why it was flagged" }).getByRole("listitem")).toHaveText([
		"Wrong price ×2",
		"Spam ×1",
	]);
	await expect(cheeseCard).toContainText(`Rhea Porter (@${reporter.username}) · 100% accurate (3 of 3 reports stood)`);

	await cheeseCard.getByRole("button", { name: "Expire report" }).click();
	const expire = page.getByRole("dialog", { name: `Expire ${product} Cheese?` });
	await expect(expire.getByRole("button", { name: "Expire report" })).toBeDisabled(); // no reason yet
	await expire.getByLabel("Reason").fill("Price far off the shelf");
	await expire.getByRole("button", { name: "Expire report" }).click();
	await expect(page.getByRole("status").filter({ hasText: "Report expired" })).toContainText("3 flags resolved.");
	await expect(cheeseCard).toHaveCount(0);
	// The upheld flags count against the reporter: 2 of 3 stood.
	const figsCard = console.getByRole("article", { name: `${product} Figs` });
	await expect(figsCard).toContainText("67% accurate (2 of 3 reports stood)");

	await figsCard.getByRole("button", { name: "Terminate reporter" }).click();
	const terminate = page.getByRole("dialog", { name: `Terminate @${reporter.username}?` });
	await terminate.getByLabel("Reason").fill("Offensive listings");
	await terminate.getByRole("button", { name: "Terminate reporter" }).click();
	await expect(page.getByRole("status").filter({ hasText: "Reporter terminated" })).toContainText(
		"2 reports withdrawn.",
	);
	await expect(reporter.page.getByRole("heading", { name: "Account Suspended" })).toBeVisible({ timeout: 3_000 });
	await reporter.page.getByRole("button", { name: "Check again" }).click();
	await expect(reporter.page.getByText("Your account is still suspended.")).toBeVisible();

	await console.getByRole("searchbox", { name: "Filter by username" }).fill(reporter.username);
	await console.getByRole("button", { name: `Lift suspension of @${reporter.username}` }).click();
	const lift = page.getByRole("dialog", { name: `Lift the suspension of @${reporter.username}?` });
	await lift.getByLabel("Reason").fill("Appeal accepted");
	await lift.getByRole("button", { name: "Lift suspension" }).click();
	// The olives come back; the figs, expired with the termination, do not.
	await expect(page.getByRole("status").filter({ hasText: "Suspension lifted" })).toContainText(
		`@${reporter.username} can use CommonCents again. 1 report restored.`,
	);
	await expect(console.getByRole("radio", { name: `@${reporter.username}` })).toBeEnabled();

	await reporter.page.getByRole("button", { name: "Check again" }).click();
	await expect(reporter.page.getByRole("heading", { name: "Deals near you", exact: true })).toBeVisible();

	// The record, newest first: who, what, why.
	const entries = console
		.getByRole("region", { name: "Moderation record" })
		.getByTestId("record-entry")
		.filter({ hasText: `@${reporter.username}` });
	await expect(entries).toHaveCount(3);
	await expect(entries.nth(0)).toContainText("Lifted suspension");
	await expect(entries.nth(0)).toContainText("Why: Appeal accepted");
	await expect(entries.nth(1)).toContainText("Terminated");
	await expect(entries.nth(1)).toContainText("Why: Offensive listings");
	await expect(entries.nth(2)).toContainText(`Expired report · @${reporter.username}`);
	await expect(entries.nth(2)).toContainText(
		`${product} Cheese $4.49 at Flag Mart, 7 Elm St; 3 flags: wrong price x2, spam`,
	);
	await expect(entries.nth(2)).toContainText("Why: Price far off the shelf");
	const me = (await (await page.request.get("/api/auth/user")).json()) as { username: string };
	await expect(entries.nth(2)).toContainText(`By @${me.username}`);
});
