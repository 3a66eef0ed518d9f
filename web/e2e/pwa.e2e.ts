import { expect, test } from "@playwright/test";

// This file's journeys need the app's service worker (offline, notifications, push); the rest block it.
test.use({ serviceWorkers: "allow" });

const OFFLINE = "You're offline. Showing what was last loaded; reports wait on this device until you're back online.";

test("the app is installable: a linked web manifest with its icons", async ({ page, request }) => {
	await page.goto("/");
	await expect(page.locator('link[rel="manifest"]')).toHaveAttribute("href", "/manifest.webmanifest");
	await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute("href", /\.png$/);

	const res = await request.get("/manifest.webmanifest");
	expect(res.status()).toBe(200);
	expect(res.headers()["content-type"]).toBe("application/manifest+json");
	const manifest = await res.json();
	expect(manifest).toMatchObject({
		name: "CommonCents",
		start_url: "/",
		display: "standalone",
		theme_color: "#0f766e",
	});
	const icons = manifest.icons as { src: string; sizes: string; purpose: string }[];
	expect(icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual(
		expect.arrayContaining(["192x192 any", "512x512 any", "512x512 maskable"]),
	);
	for (const icon of icons) {
		const png = await request.get(icon.src);
		expect(png.status(), icon.src).toBe(200);
		expect(png.headers()["content-type"]).toBe("image/png");
	}
});

test("offline, the landing opens from the service worker and says what works", async ({ page, context }) => {
	const welcome = page.getByRole("heading", { name: "Welcome to CommonCents" });
	const banner = page.getByRole("status").filter({ hasText: OFFLINE });

	await page.goto("/");
	await expect(welcome).toBeVisible();
	await page.evaluate(async () => {
		await navigator.serviceWorker.ready;
	});
	if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) await page.reload();
	await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
	await expect(banner).toHaveCount(0);

	// The shell is cached; a guest has no API answers to keep.
	const cached = await page.evaluate(async () => {
		const paths: string[] = [];
		for (const name of await caches.keys()) {
			for (const req of await (await caches.open(name)).keys()) paths.push(new URL(req.url).pathname);
		}
		return paths;
	});
	expect(cached).toContain("/index.html");
	expect(cached.some((p) => /^\/index-[a-z0-9]+\.js$/.test(p))).toBe(true);
	expect(cached.filter((p) => p.startsWith("/api/") || p.startsWith("/uploads/"))).toEqual([]);

	await context.setOffline(true);
	await page.reload();
	await expect(welcome).toBeVisible();
	await expect(banner).toBeVisible();
	await expect(page.getByRole("button", { name: "Sign In" })).toBeVisible();

	// The connection comes back: the banner goes, and the page asks who is signed in again.
	const asked = page.waitForRequest((req) => req.url().endsWith("/api/auth/user"));
	await context.setOffline(false);
	await expect(banner).toHaveCount(0);
	await asked;
	await expect(welcome).toBeVisible();
});
