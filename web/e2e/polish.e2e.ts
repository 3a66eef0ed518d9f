import type { Page } from "@playwright/test";
import { audit } from "./axe.ts";
import { expect, signInFreshUser, test, uniqueName } from "./fixtures.ts";

// This file's journeys need the app's service worker (offline, notifications, push); the rest block it.
test.use({ serviceWorkers: "allow" });

declare global {
	interface Window {
		__notificationPictures: string[];
	}
}

/** Reports a fuel price through the API: state for the test, not the behaviour under test. */
async function reportFuel(page: Page, origin: string, data: Record<string, unknown>) {
	const res = await page.request.post("/api/gas/reports", { headers: { Origin: origin }, data });
	expect(res.status()).toBe(201);
}

const savedFuel = async (page: Page) =>
	((await (await page.request.get("/api/auth/user")).json()) as { preferredFuelType: string }).preferredFuelType;

test("fuel to three decimals, unpriced stations apart, a card's report for its station, looking is not saving, a notification's icon loads", async ({
	page,
	baseURL,
}, testInfo) => {
	const origin = baseURL ?? "";
	// Santa Fe for the phone, Las Cruces for the desktop: no other test's stations near either.
	const zipCode = testInfo.project.name === "desktop" ? "88001" : "87501";
	await page.context().grantPermissions(["notifications"], { origin });
	// The notifications the app makes are still shown; their pictures are noted for the test to load.
	await page.context().addInitScript(() => {
		const Original = window.Notification;
		window.__notificationPictures = [];
		class Recording extends Original {
			constructor(title: string, options?: NotificationOptions & { badge?: string }) {
				super(title, options);
				for (const picture of [options?.icon, options?.badge]) if (picture) window.__notificationPictures.push(picture);
			}
		}
		window.Notification = Recording as typeof Notification;
	});
	await signInFreshUser(page, origin, { zipCode });
	const mesa = uniqueName("Mesa Fuel ");
	const volt = uniqueName("Volt Yard ");
	await reportFuel(page, origin, {
		stationName: mesa,
		stationAddress: "10 Cerrillos Rd",
		fuelType: "regular",
		price: 3.04,
	});
	await reportFuel(page, origin, {
		stationName: mesa,
		stationAddress: "10 Cerrillos Rd",
		fuelType: "diesel",
		price: 3.9,
	});
	await reportFuel(page, origin, {
		stationName: volt,
		stationAddress: "5 Alameda St",
		fuelType: "electric",
		price: 0.39,
	});

	// The Alerts tab's test notification: its icon and badge are files the built app serves as they are named.
	await page.goto("/");
	await page.getByRole("tab", { name: "Alerts" }).click();
	await page.getByTestId("notification-banner").getByRole("button", { name: "Send Test Notification" }).click();
	await expect.poll(() => page.evaluate(() => window.__notificationPictures.length)).toBe(2);
	for (const picture of await page.evaluate(() => window.__notificationPictures)) {
		const res = await page.request.get(new URL(picture, origin).href);
		expect(res.status(), picture).toBe(200);
		expect(res.headers()["content-type"], picture).toBe("image/png");
	}

	const fuelSaves: string[] = [];
	page.on("request", (r) => r.url().includes("/api/profile/fuel-preference") && fuelSaves.push(r.method()));
	await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Gas" }).click();
	const card = (name: string) => page.getByRole("article", { name });
	// Every fuel price to the tenth of a cent: the station's, its other fuels', the average, the recent reports.
	await expect(card(mesa).getByTestId("station-price")).toHaveText("$3.040");
	await expect(card(mesa).getByTestId("other-diesel")).toHaveText("Diesel$3.900/gal");
	await expect(page.getByTestId("area-average-price")).toHaveText(/^\$\d+\.\d{3}$/);
	await expect(page.getByTestId("gas-report").filter({ hasText: mesa }).getByTestId("gas-report-price")).toHaveText([
		"$3.900/gal",
		"$3.040/gal",
	]);
	// Volt Yard has no Regular price: below the priced ones, under its own heading, with nothing to compare.
	let unpriced = page.getByRole("region", { name: "No Regular price yet" });
	await expect(unpriced.getByRole("article", { name: volt })).toBeVisible();
	await expect(unpriced.getByRole("article", { name: mesa })).toHaveCount(0);
	await expect(unpriced.getByTestId("price-comparison")).toHaveCount(0);
	await expect(page.getByTestId("fuel-default")).toHaveText("Regular is your default fuel.");

	// Looking at Electric shows it (and names the page after it) without saving it.
	await page.getByRole("radio", { name: "Electric" }).check();
	await expect(page.getByRole("heading", { level: 1, name: "Charging Station Prices" })).toBeVisible();
	await expect(card(volt).getByTestId("station-price")).toHaveText("$0.390");
	unpriced = page.getByRole("region", { name: "No Electric price yet" });
	await expect(unpriced.getByRole("article", { name: mesa })).toBeVisible();
	const found: string[] = [];
	await audit(page, "Gas, another fuel than the default, a station apart", found);

	// A station's own Report: its name and address, the fuel shown and its unit; Submit says what it lacks.
	await card(volt)
		.getByRole("button", { name: `Report price at ${volt}` })
		.click();
	const dialog = page.getByRole("dialog", { name: "Report a fuel price" });
	await expect(dialog.getByLabel("Station name")).toHaveValue(volt);
	await expect(dialog.getByLabel("Station address")).toHaveValue("5 Alameda St");
	await expect(dialog.getByLabel("Fuel type")).toHaveValue("electric");
	const price = dialog.getByLabel("Price ($/kWh)", { exact: true });
	await expect(price).toHaveAttribute("placeholder", "e.g. 0.429");
	const submit = dialog.getByRole("button", { name: "Submit Report" });
	await expect(submit).toBeDisabled();
	await expect(submit).toHaveAccessibleDescription("Still needed: price");
	await dialog.getByLabel("Station address").fill("");
	await expect(submit).toHaveAccessibleDescription("Still needed: station address, price");
	await audit(page, "Gas report, Submit saying what is still needed", found);
	await dialog.getByLabel("Station address").fill("5 Alameda St");
	await price.fill("0.410");
	await expect(submit).toBeEnabled();
	await expect(dialog.getByTestId("submit-missing")).toHaveCount(0);
	await submit.click();
	await expect(page.getByRole("status").filter({ hasText: "Price reported" })).toContainText(
		`Electric at ${volt}: $0.410/kWh.`,
	);
	expect(await savedFuel(page)).toBe("regular");
	expect(fuelSaves).toEqual([]);

	// Only the shopper's word saves it.
	await page.getByRole("button", { name: "Make Electric my default" }).click();
	await expect(page.getByRole("status").filter({ hasText: "Default fuel saved" })).toBeVisible();
	await expect.poll(() => savedFuel(page)).toBe("electric");
	await expect(page.getByTestId("fuel-default")).toHaveText("Electric is your default fuel.");

	// A half-filled report follows the page to another fuel, and to its unit.
	await page.getByRole("button", { name: "Report Price", exact: true }).click();
	await dialog.getByLabel("Price ($/kWh)", { exact: true }).fill("0.399");
	await page.keyboard.press("Escape");
	await page.getByRole("radio", { name: "Regular" }).check();
	await expect(page.getByRole("heading", { level: 1, name: "Gas Prices" })).toBeVisible();
	await page.getByRole("button", { name: "Report Price", exact: true }).click();
	await expect(dialog.getByLabel("Fuel type")).toHaveValue("regular");
	await expect(dialog.getByLabel("Price ($/gal)", { exact: true })).toHaveValue("0.399");
	expect(await savedFuel(page)).toBe("electric");
	expect(found, found.join("\n")).toEqual([]);
});
