import { expect, signInFreshUser, signInInNewContext, test } from "./fixtures.ts";

// This file's journeys need the app's service worker (offline, notifications, push); the rest block it.
test.use({ serviceWorkers: "allow" });

test("a fuel alert set in the form hears a neighbour's cheaper regular and its toast opens the Gas page", async ({
	page,
	browser,
	baseURL,
}) => {
	const origin = baseURL ?? "";
	await signInFreshUser(page, origin, { zipCode: "10001" });
	await page.goto("/");
	await page.getByRole("tab", { name: "Alerts" }).click();

	// "Regular under $3.20 near me": the shopper's fuel and their neighbourhood are the defaults.
	await page.getByRole("button", { name: "New Alert" }).click();
	const form = page.getByRole("form", { name: "Create a price alert" });
	await form.getByRole("radio", { name: "A fuel" }).check();
	await expect(form.getByRole("textbox", { name: "Product name" })).toHaveCount(0);
	await expect(form.getByRole("combobox", { name: "Fuel" })).toHaveValue("regular");
	await expect(form.getByRole("radio", { name: "Near me" })).toBeChecked();
	await expect(form.getByRole("radio", { name: "At my starred spots" })).toHaveAccessibleDescription(
		"Star stores and stations from results and the Gas page.",
	);
	const target = form.getByRole("spinbutton", { name: "Target price ($)" });
	await expect(target).toHaveAttribute("step", "0.01");
	await form.getByRole("button", { name: "Create Alert" }).click();
	await expect(form.getByTestId("alert-missing-fields")).toContainText("Please fill in a target price.");
	await target.fill("3.20");
	const sent = page.waitForRequest((r) => r.url().endsWith("/api/price-alerts") && r.method() === "POST");
	await form.getByRole("button", { name: "Create Alert" }).click();
	expect((await sent).postDataJSON()).toEqual({ fuelType: "regular", targetPrice: 3.2 });
	await expect(page.getByRole("status").filter({ hasText: "Price alert created" })).toContainText(
		"We will tell you when Regular is $3.200/gal or less near 10001.",
	);
	const item = page.getByTestId("alert-item").filter({ hasText: "Regular" });
	await expect(item).toContainText("At or under $3.200/gal · near 10001");
	await expect(item).toContainText("No matching price yet");

	// A neighbour in the Garment District (one of 10001's 20 nearest ZIP areas) fills up for less.
	const other = await signInInNewContext(browser, origin, { zipCode: "10018" });
	const reported = await other.page.request.post("/api/gas/reports", {
		headers: { Origin: origin },
		data: { stationName: "Garment Fuel", stationAddress: "500 8th Ave", fuelType: "regular", price: 3.099 },
	});
	expect(reported.status()).toBe(201);

	// No notification permission here: the hit arrives as a toast, and the list learns its last hit.
	const toast = page.getByRole("status").filter({ hasText: "Price alert: Regular" });
	await expect(toast).toContainText("at Garment Fuel, 500 8th Ave (0.4 mi away). Your target: $3.200.");
	await expect(item.getByTestId("alert-last-hit")).toContainText("$3.099/gal at Garment Fuel");
	await toast.getByRole("link", { name: "See the station" }).click();
	await expect(page).toHaveURL(/\/gas\?station=\d+$/);
	await expect(page.getByRole("heading", { level: 1, name: "Gas Prices", exact: true })).toBeVisible();
	// The station the alert was about is the one shown: focused and marked.
	const station = page.getByRole("article", { name: "Garment Fuel" });
	await expect(station).toBeFocused();
	await expect(station).toHaveAttribute("aria-current", "true");
	await other.page.context().close();
});
