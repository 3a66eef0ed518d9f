import { type Browser, test as base, expect, type Locator, type Page, request } from "@playwright/test";

export const PASSWORD = "Journey!Pass1";

/** A 1×1 PNG: a real image for the upload's magic-byte check. */
export const PNG = Buffer.from(
	"iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
	"base64",
);
let seq = 0;
export const uniqueName = (prefix: string) => `${prefix}${Date.now().toString(36)}${(seq++).toString(36)}`;

/** Signs a fresh user in through the API (not the UI): the page's context keeps the session cookie. */
export async function signInFreshUser(page: Page, baseURL: string, fields: Record<string, string> = {}) {
	const username = uniqueName("e2e");
	const res = await page.request.post("/api/auth/register", {
		headers: { Origin: baseURL },
		data: {
			username,
			password: PASSWORD,
			confirmPassword: PASSWORD,
			firstName: "Erin",
			lastName: "Tester",
			zipCode: "10001",
			...fields,
		},
	});
	expect(res.status()).toBe(201);
	return { username };
}

/** Another shopper in a browser context of their own (own cookies), signed in through the API. */
export async function signInInNewContext(browser: Browser, baseURL: string, fields: Record<string, string> = {}) {
	const context = await browser.newContext();
	const page = await context.newPage();
	const { username } = await signInFreshUser(page, baseURL, fields);
	return { page, username };
}

/** Fills Report Prices (already open) with a Dairy price: what, how much, where. */
export async function fillDairyReport(
	page: Page,
	report: { product: string; price: string; store: string; address: string },
) {
	await page.getByLabel("Product name").fill(report.product);
	await page.getByRole("spinbutton", { name: "Price" }).fill(report.price);
	await page.getByLabel("Category").selectOption({ label: "Dairy" });
	await page.getByLabel("Store name").fill(report.store);
	await page.getByLabel("Store address").fill(report.address);
}

/** An account made through the API in a context of its own (the page stays signed out), for a sign-in by form. */
export async function registerAccount(baseURL: string, firstName: string) {
	const api = await request.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL } });
	const username = uniqueName(firstName.toLowerCase());
	const account = { username, password: PASSWORD, confirmPassword: PASSWORD, firstName, lastName: "Tester" };
	expect((await api.post("/api/auth/register", { data: account })).status()).toBe(201);
	await api.dispose();
	return username;
}

/** Searches from the Deals home, as a shopper does (the home opens on the tab it was left on). */
export async function searchFor(page: Page, words: string) {
	await page.goto("/");
	await page.getByRole("tab", { name: "Find Deals" }).click();
	await page.getByRole("searchbox", { name: "Search for a product" }).fill(words);
	await page.getByRole("searchbox", { name: "Search for a product" }).press("Enter");
}

/** A moderator (a fresh account of their own, through the API) suspends the signed-in user of `page`. */
export async function suspendThroughApi(page: Page, baseURL: string, reason: string) {
	const me = (await (await page.request.get("/api/auth/user")).json()) as { id: string };
	const moderator = await request.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL } });
	const account = { password: PASSWORD, confirmPassword: PASSWORD, firstName: "Mo", lastName: "Derator" };
	expect(
		(await moderator.post("/api/auth/register", { data: { username: uniqueName("mod"), ...account } })).status(),
	).toBe(201);
	expect((await moderator.post("/api/admin/verify-passkey", { data: { passkey: "e2e-passkey" } })).status()).toBe(200);
	const terminated = await moderator.post("/api/admin/terminate-account", { data: { userId: me.id, reason } });
	expect(terminated.status()).toBe(200);
	await moderator.dispose();
}

/** A shopper of their own (one voice each for the quality check) in `zipCode`, signed in through the API. */
export async function neighbourIn(baseURL: string, zipCode: string, username = uniqueName("nb")) {
	const api = await request.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL } });
	const registered = await api.post("/api/auth/register", {
		data: { username, password: PASSWORD, confirmPassword: PASSWORD, firstName: "Nia", lastName: "Bor", zipCode },
	});
	expect(registered.status()).toBe(201);
	return api;
}

/**
 * A neighbour in zip 10001 (a shopper of their own: the quality check hears one voice per shopper) reports
 * a Dairy price through the API. Setup, not the behaviour under test; returns the stored report. `extra`: more
 * of the report's fields (`confirmUnusual` for a price the quality check would ask about).
 */
export async function reportAsNeighbour(
	baseURL: string,
	productName: string,
	price: string,
	extra: Record<string, unknown> = {},
) {
	const username = uniqueName("nb");
	const api = await neighbourIn(baseURL, "10001", username);
	const res = await api.post("/api/price-reports", {
		data: { productName, price, categoryId: 3, storeName: `Shop ${price}`, storeAddress: "5 Elm St", ...extra },
	});
	expect(res.status()).toBe(201);
	const report = (await res.json()) as { id: number };
	await api.dispose();
	return { ...report, username };
}

/** Reports a price through the API: state for the test, not the behaviour under test. */
export async function reportThroughApi(page: Page, baseURL: string, report: Record<string, unknown>) {
	const categories = (await (await page.request.get("/api/categories")).json()) as { id: number; name: string }[];
	const res = await page.request.post("/api/price-reports", {
		headers: { Origin: baseURL },
		data: { categoryId: categories.find((c) => c.name === "Dairy")?.id, storeAddress: "5 Union Sq W", ...report },
	});
	expect(res.status()).toBe(201);
}

/** The neighbour of `reportAsNeighbour` deletes their account (and with it their reports). */
export async function neighbourLeaves(baseURL: string, username: string) {
	const api = await request.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL } });
	expect((await api.post("/api/auth/login", { data: { username, password: PASSWORD } })).status()).toBe(200);
	expect((await api.delete("/api/auth/delete-account")).status()).toBe(200);
	await api.dispose();
}

/**
 * Holds the requests to `url` (of `method`, when given) until `release()`, as a slow server would, and counts
 * them: a form must show it is sending and send once.
 */
export async function holdRequests(page: Page, url: string, method?: string) {
	let sent = 0;
	let release = () => {};
	const held = new Promise<void>((resolve) => (release = resolve));
	await page.route(url, async (route) => {
		if (!method || route.request().method() === method) {
			sent++;
			await held;
		}
		await route.continue();
	});
	return { release, sent: () => sent };
}

export const test = base.extend<{ signedIn: { username: string } }>({
	signedIn: async ({ page, baseURL }, use) => {
		await use(await signInFreshUser(page, baseURL ?? ""));
	},
});
export { expect };

/**
 * Marks each toast with the page clock's time as it enters the page (an init script: call it before the page
 * loads), for expectShownFor.
 */
export function markToastsOnEntry(page: Page) {
	return page.addInitScript(() => {
		new MutationObserver((records) => {
			for (const record of records) {
				for (const node of record.addedNodes) {
					if (node instanceof HTMLElement && node.dataset.testid === "toast") node.dataset.shownAt = String(Date.now());
				}
			}
		}).observe(document, { childList: true, subtree: true });
	});
}

/**
 * How long a toast stays up (success 4 s, welcome and errors 6 s, the uploader's 5 s, rejections, expiry
 * notices and alert hits 8 s), on a page whose clock is installed and whose toasts are marked
 * (markToastsOnEntry). The page's clock is moved on rather than waited for: the toast must still be up 0.6 s
 * before its time and gone 0.6 s after it, counted from when it appeared on the page's clock (a busy machine
 * can take longer than 0.6 s to tell the test it appeared, while that clock runs on).
 */
export async function expectShownFor(page: Page, toast: Locator, ms: number) {
	await expect(toast).toBeVisible();
	const shownAt = Number(await toast.getAttribute("data-shown-at"));
	expect(shownAt).toBeGreaterThan(0);
	await page.clock.pauseAt(shownAt + ms - 600);
	await expect(toast).toBeVisible();
	await page.clock.runFor(1_200);
	await expect(toast).toBeHidden();
	await page.clock.resume();
}
