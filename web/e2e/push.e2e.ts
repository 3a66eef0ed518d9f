import type { Page } from "@playwright/test";
import { expect, reportAsNeighbour, test, uniqueName } from "./fixtures.ts";

// This file's journeys need the app's service worker (offline, notifications, push); the rest block it.
test.use({ serviceWorkers: "allow" });

/**
 * Web Push in the browser (issue 39): a push message delivered to the real service worker through Chromium's
 * DevTools protocol becomes a notification, a newer one of the same alert replaces it, and its click shows the
 * deal in the open tab. Settings tells this device's state without asking for permission, and keeps the limit.
 */
type Shown = { title: string; body: string; tag: string; data: { url: string } };

/** The page's service worker, active and in control of it. */
async function controlledBy(page: Page) {
	await page.evaluate(async () => {
		await navigator.serviceWorker.ready;
	});
	if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) await page.reload();
	await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
	const worker = page.context().serviceWorkers()[0] ?? (await page.context().waitForEvent("serviceworker"));
	return worker;
}

/** Delivers push messages to the page's service worker registration, as a push service would. */
async function pushChannel(page: Page, origin: string) {
	const cdp = await page.context().newCDPSession(page);
	const registrationId = new Promise<string>((resolve) => {
		cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }) => {
			const ours = registrations.find((r) => r.scopeURL === `${origin}/` && !r.isDeleted);
			if (ours) resolve(ours.registrationId);
		});
	});
	await cdp.send("ServiceWorker.enable");
	const id = await registrationId;
	return (data: string) => cdp.send("ServiceWorker.deliverPushMessage", { origin, registrationId: id, data });
}

test("a push message shows a notification, a newer one replaces it, and its click opens the deal", async ({
	page,
	context,
	baseURL,
	signedIn: _,
}) => {
	const origin = baseURL ?? "";
	const product = `Push butter ${uniqueName("")}`;
	const { id } = await reportAsNeighbour(origin, product, "2.79");
	await context.grantPermissions(["notifications"], { origin });
	await page.goto("/settings");
	const worker = await controlledBy(page);
	const push = await pushChannel(page, origin);
	const shown = () =>
		worker.evaluate(async () => {
			const scope = self as unknown as { registration: ServiceWorkerRegistration };
			const notes = await scope.registration.getNotifications();
			return notes.map((n) => ({ title: n.title, body: n.body, tag: n.tag, data: n.data as { url: string } }));
		});

	// A message the worker cannot read still shows something (Chrome counts silent pushes against a site).
	await push("not json");
	await expect.poll(shown).toEqual([
		{
			title: "CommonCents price alert",
			body: "A price you are watching has changed. Open CommonCents to see it.",
			tag: "commoncents-alert",
			data: { url: "/" },
		},
	]);
	await worker.evaluate(async () => {
		const scope = self as unknown as { registration: ServiceWorkerRegistration };
		for (const n of await scope.registration.getNotifications()) n.close();
	});

	// What the server sends (src/push/payload.ts), and the notification it becomes.
	const message = (price: string) => ({
		title: `${product} ${price}`,
		body: "Shop 2.79 · 0 mi away",
		url: `/deals/${id}`,
		tag: "alert-1",
	});
	const notification = ({ url, ...rest }: ReturnType<typeof message>): Shown => ({ ...rest, data: { url } });
	await push(JSON.stringify(message("$2.99")));
	await expect.poll(shown).toEqual([notification(message("$2.99"))]);
	await push(JSON.stringify(message("$2.79")));
	await expect.poll(shown).toEqual([notification(message("$2.79"))]);

	// A link to another site is never opened: it becomes the app's home.
	await push(JSON.stringify({ title: "Elsewhere", body: "x", url: "https://example.com/deals/1", tag: "alert-2" }));
	await expect.poll(async () => (await shown()).find((n) => n.tag === "alert-2")?.data).toEqual({ url: "/" });

	await page.evaluate(() => {
		(window as unknown as { sameDocument: boolean }).sameDocument = true;
	});
	// Headless Chromium has no notification to click: the worker is handed the click event a click would fire.
	await worker.evaluate(async () => {
		const scope = self as unknown as { registration: ServiceWorkerRegistration } & EventTarget;
		const [note] = (await scope.registration.getNotifications()).filter((n) => n.tag === "alert-1");
		const Click = (globalThis as unknown as { NotificationEvent: new (t: string, i: object) => Event })
			.NotificationEvent;
		scope.dispatchEvent(new Click("notificationclick", { notification: note }));
	});
	await expect(page).toHaveURL(`${origin}/deals/${id}`);
	const card = page.getByTestId("result-card");
	await expect(card.getByRole("heading", { name: product })).toBeVisible();
	await expect(card.getByTestId("result-price")).toHaveText("$2.79");
	await expect(page.getByRole("heading", { level: 1, name: "Deal" })).toBeVisible();
	// The click closed its notification; the other alert's stays.
	await expect.poll(async () => (await shown()).map((n) => n.tag)).toEqual(["alert-2"]);
	// Routed in the app: the page never reloaded (the mark made before the click is still there).
	expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
});

test("Settings tells this device's state without asking for permission, and keeps the daily limit", async ({
	page,
	signedIn: _,
}) => {
	await page.addInitScript(() => {
		const w = window as unknown as { permissionAsked: number };
		w.permissionAsked = 0;
		const ask = Notification.requestPermission.bind(Notification);
		Notification.requestPermission = (...args) => {
			w.permissionAsked++;
			return ask(...args);
		};
	});
	await page.goto("/settings");
	const section = page.getByTestId("push-settings");
	await expect(section.getByRole("heading", { name: "Alerts on this device" })).toBeVisible();
	const state = section.getByTestId("push-state");
	await expect(state).toHaveAttribute("data-state", "off");
	await expect(state).toContainText("Your browser will ask for permission");
	const toggle = section.getByRole("switch", { name: "Send alerts to this device" });
	await expect(toggle).not.toBeChecked();
	await expect(toggle).toHaveAccessibleDescription(/Turn this on/);
	expect(await page.evaluate(() => (window as unknown as { permissionAsked: number }).permissionAsked)).toBe(0);

	const limit = section.getByRole("spinbutton", { name: "Most alerts a day" });
	await expect(limit).toHaveValue("10");
	await expect(limit).toHaveAccessibleDescription("Over the limit, the rest are summed up in the next notification.");
	await limit.fill("60");
	await section.getByRole("button", { name: "Save limit" }).click();
	await expect(section.getByText("Daily limit must be a whole number from 1 to 50")).toBeVisible();
	await limit.fill("4");
	await section.getByRole("button", { name: "Save limit" }).click();
	await expect(page.getByRole("status").filter({ hasText: "Daily limit saved" })).toBeVisible();
	await page.reload();
	await expect(page.getByRole("spinbutton", { name: "Most alerts a day" })).toHaveValue("4");
	expect(await page.evaluate(() => (window as unknown as { permissionAsked: number }).permissionAsked)).toBe(0);

	// Allowed already, the click goes on to subscribe; headless Chromium has no push service to subscribe with.
	await page.context().grantPermissions(["notifications"]);
	const keyAsked = page.waitForResponse((res) => res.url().endsWith("/api/push/public-key") && res.ok());
	await page.getByRole("switch", { name: "Send alerts to this device" }).click();
	await keyAsked;
	await expect(state).toHaveAttribute("data-state", "failed");
	await expect(state).toContainText("push service could not be reached");
	await expect(toggle).not.toBeChecked();
});

test("a deal that is gone says so and leads back to search", async ({ page, signedIn: _ }) => {
	await page.goto("/deals/999999999");
	await expect(page.getByRole("heading", { name: "This deal is no longer listed" })).toBeVisible();
	await page.getByRole("link", { name: "Search deals near you" }).click();
	await expect(page).toHaveURL(/\/$/);
});
