import type { Page } from "@playwright/test";
import { audit } from "./axe.ts";
import {
	expect,
	fillDairyReport,
	neighbourIn,
	PNG,
	reportThroughApi,
	signInFreshUser,
	test,
	uniqueName,
} from "./fixtures.ts";

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

test("reports made offline wait on the device, survive a reload, and are each sent once when back online", async ({
	page,
	context,
	baseURL,
}) => {
	await signInFreshUser(page, baseURL!);
	const product = uniqueName("Kefir ");
	const station = uniqueName("Offline Fuel ");
	await page.goto("/");
	await workerInCharge(page);
	// Online once: the form's categories and the Gas page are kept.
	await page.goto("/");
	await page.getByRole("tab", { name: "Report Prices" }).click();
	await expect(page.getByLabel("Category").locator("option", { hasText: "Dairy" })).toHaveCount(1);
	await page.goto("/gas");
	await expect(page.getByRole("heading", { level: 1, name: /Gas Prices/ })).toBeVisible();
	await page.goto("/");
	await page.getByRole("tab", { name: "Report Prices" }).click();

	// The connection drops on the open form: a photo cannot wait; without it, the report does.
	await context.setOffline(true);
	await fillDairyReport(page, { product, price: "2.79", store: "Corner Grocer", address: "9 Elm St" });
	await page.getByLabel("Photo").setInputFiles({ name: "kefir.png", mimeType: "image/png", buffer: PNG });
	await page.getByRole("button", { name: "Submit Price Report" }).click();
	await expect(page.getByRole("alert").filter({ hasText: "Photos need a connection" })).toContainText(
		"Remove the photo to keep this report on your device",
	);
	await expect(page.getByTestId("waiting-to-send")).toHaveCount(0);
	await page.getByRole("button", { name: "Remove photo" }).click();
	await page.getByRole("button", { name: "Submit Price Report" }).click();
	await expect(page.getByRole("status").filter({ hasText: "Saved on this device" })).toBeVisible();
	const waiting = page.getByTestId("waiting-to-send");
	await expect(waiting.getByRole("listitem")).toHaveText([`${product} at Corner Grocer waiting to send`]);
	await expect(page.getByLabel("Product name")).toHaveValue("");

	// A fuel report from a page opened offline, whose send finds no network.
	await page.goto("/gas");
	await page.getByRole("button", { name: "Report Price", exact: true }).click();
	const dialog = page.getByRole("dialog", { name: "Report a fuel price" });
	await dialog.getByLabel("Station name").fill(station);
	await dialog.getByLabel("Station address").fill("7 Pump Rd");
	await dialog.getByLabel("Price ($/gal)", { exact: true }).fill("4.159");
	await dialog.getByRole("button", { name: "Submit Report" }).click();
	await expect(dialog).toBeHidden();
	const both = [`${product} at Corner Grocer waiting to send`, `Regular at ${station} waiting to send`];
	await expect(waiting.getByRole("listitem")).toHaveText(both);
	const found: string[] = [];
	await audit(page, "offline Gas, reports waiting", found);
	expect(found, found.join("\n")).toEqual([]);

	// A reload offline: still kept, still waiting.
	await page.reload();
	await expect(waiting.getByRole("listitem")).toHaveText(both);

	// Back online, the app sends each once; a second start finds nothing left to send.
	await context.setOffline(false);
	await page.reload();
	await expect(page.getByRole("status").filter({ hasText: "Sent 2 reports kept offline" })).toBeVisible();
	await expect(waiting).toHaveCount(0);
	await page.reload();
	await expect(page.getByRole("heading", { level: 1, name: /Gas Prices/ })).toBeVisible();
	await expect(waiting).toHaveCount(0);
	const me = await (await page.request.get("/api/auth/user")).json();
	expect(me.totalReports).toBe(2);
	const prices = await (await page.request.get(`/api/search?q=${encodeURIComponent(product)}`)).json();
	expect(prices.map((r: { productName: string }) => r.productName)).toEqual([product]);

	// Signing out leaves nothing of the shopper's on the device: no kept answers, no outbox.
	await page.goto("/settings");
	await page.getByRole("button", { name: "Sign Out" }).click();
	await expect(page.getByRole("heading", { name: "Welcome to CommonCents" })).toBeVisible();
	await expect
		.poll(() =>
			page.evaluate(async () => {
				const kept: string[] = [];
				for (const name of await caches.keys()) {
					for (const req of await (await caches.open(name)).keys()) kept.push(new URL(req.url).pathname);
				}
				const dbs = (await indexedDB.databases()).map((db) => db.name ?? "");
				return [...kept.filter((path) => path.startsWith("/api/")), ...dbs];
			}),
		)
		.toEqual([]);
});

test("a report kept offline at a store like one nearby asks in the outbox, and is filed once as answered", async ({
	page,
	context,
	baseURL,
}) => {
	test.slow(); // a neighbour's report, a report kept offline, the question, an audit and the answer
	const origin = baseURL ?? "";
	// Sioux Falls (a town of this test alone): a neighbour in 57104 lists Hilander Foods; the shopper lives next
	// door, in 57103.
	const address = `${4300 + (Date.now() % 500)} E ${uniqueName("State")} St`;
	const neighbour = await neighbourIn(origin, "57104");
	const data = {
		productName: "Rye Bread",
		price: "3.10",
		categoryId: 3,
		storeName: "Hilander Foods",
		storeAddress: address,
	};
	expect((await neighbour.post("/api/price-reports", { data })).status()).toBe(201);
	await neighbour.dispose();
	await signInFreshUser(page, origin, { zipCode: "57103" });
	const product = uniqueName("Buttermilk ");
	await page.goto("/");
	await workerInCharge(page);
	await page.goto("/");
	await page.getByRole("tab", { name: "Report Prices" }).click();
	await expect(page.getByLabel("Category").locator("option", { hasText: "Dairy" })).toHaveCount(1);
	await expect(page.getByLabel("Store zip code")).toHaveValue("57103");

	// Offline, "Hilander" typed at Hilander Foods' address waits on the device.
	await context.setOffline(true);
	await fillDairyReport(page, { product, price: "2.59", store: "Hilander", address });
	await page.getByRole("button", { name: "Submit Price Report" }).click();
	const waiting = page.getByTestId("waiting-to-send");
	await expect(waiting.getByRole("listitem")).toHaveText([`${product} at Hilander waiting to send`]);

	// Back online, the server asks about the store: the report stays, holding the question, and is not resent.
	await context.setOffline(false);
	await expect(page.getByRole("status").filter({ hasText: "A report kept offline has a question" })).toBeVisible();
	const question = waiting.getByRole("group", { name: `Did you mean Hilander Foods at ${address}?` });
	await expect(question).toContainText(`A store of a name like it is already listed at ${address}, 57104.`);
	await expect(waiting.getByRole("listitem")).toContainText(`${product} at Hilander needs your answer`);
	await expect(question.getByRole("button", { name: "It's a new store" })).toBeVisible();
	await page.reload();
	await expect(question).toBeVisible();
	const me = async () => (await (await page.request.get("/api/auth/user")).json()).totalReports;
	expect(await me()).toBe(0);
	const found: string[] = [];
	await audit(page, "a report kept offline with the question about its store", found);
	expect(found, found.join("\n")).toEqual([]);

	// Use Hilander Foods: sent with the same key, filed there, once.
	await question.getByRole("button", { name: "Use Hilander Foods" }).click();
	await expect(page.getByRole("status").filter({ hasText: "Sent 1 report kept offline" })).toBeVisible();
	await expect(waiting).toHaveCount(0);
	await page.reload();
	await expect(page.getByRole("tab", { name: "Report Prices" })).toBeVisible();
	await expect(waiting).toHaveCount(0);
	expect(await me()).toBe(1);
	const prices = await (await page.request.get(`/api/search?q=${encodeURIComponent(product)}`)).json();
	expect(prices.map((r: { store: { name: string } }) => r.store.name)).toEqual(["Hilander Foods"]);
	const stores = (await (await page.request.get("/api/stores?zipCode=57103")).json()) as {
		name: string;
		address: string;
	}[];
	expect(stores.filter((s) => s.address === address).map((s) => s.name)).toEqual(["Hilander Foods"]);
});
