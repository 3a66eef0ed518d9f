import type { Page } from "@playwright/test";
import { audit } from "./axe.ts";
import { expect, signInFreshUser, test } from "./fixtures.ts";

/** Reports a fuel price through the API: state for the test, not the behaviour under test. */
async function reportThroughApi(page: Page, baseURL: string, data: Record<string, unknown>) {
	const res = await page.request.post("/api/gas/reports", {
		headers: { Origin: baseURL },
		data: { stationAddress: `${data.stationName} Blvd`, fuelType: "regular", ...data },
	});
	expect(res.status()).toBe(201);
}

const card = (page: Page, name: string) =>
	page.getByTestId("station-card").filter({ has: page.getByRole("heading", { name, exact: true }) });
const worth = (page: Page, name: string) => card(page, name).getByTestId("worth-the-drive");

test("stations and recent reports show their miles; worth the drive follows the car set in Settings", async ({
	page,
	baseURL,
}) => {
	test.slow(); // three orders, a trip to Settings and back, two audits
	const origin = baseURL ?? "";
	// Beverly Hills: regular at 3.499 at home, 3.399 in West Hollywood (1.9 mi, 141 ZIP numbers off) and
	// 3.199 in Rancho Park (4.6 mi); the area average is 3.366.
	await signInFreshUser(page, origin, { zipCode: "90210" });
	await reportThroughApi(page, origin, { stationName: "Home Gas", stationZipCode: "90210", price: 3.499 });
	await reportThroughApi(page, origin, { stationName: "Sunset Fuel", stationZipCode: "90069", price: 3.399 });
	await reportThroughApi(page, origin, { stationName: "Rancho Gas", stationZipCode: "90064", price: 3.199 });

	await page.goto("/gas");
	const sort = page.getByLabel("Sort stations");
	await expect(sort).toHaveValue("distance");
	const names = page.getByTestId("station-name");
	await expect(names).toHaveText(["Home Gas", "Sunset Fuel", "Rancho Gas"]);
	await expect(page.getByTestId("station-distance")).toHaveText(["In your ZIP", "1.9 mi", "4.6 mi"]);

	// The default car, 25 mpg and 12 gallons: the cheapest station pays for its drive, the others cost.
	await expect(page.getByTestId("car-assumed")).toContainText("25 mpg, 12-gallon tank");
	await expect(worth(page, "Home Gas")).toHaveText("Costs $1.60 more after the drive");
	await expect(worth(page, "Sunset Fuel")).toHaveText("Costs $0.91 more after the drive");
	await expect(worth(page, "Rancho Gas")).toHaveText("Saves $0.83 a fill-up after the drive");

	// Recent reports, newest first, each with its station's miles.
	const recent = page.getByTestId("gas-report");
	await expect(recent).toHaveCount(3);
	await expect(recent.getByTestId("gas-report-distance")).toHaveText(["4.6 mi", "1.9 mi", "In your ZIP"]);

	await sort.selectOption({ label: "Cheapest first" });
	await expect(names).toHaveText(["Rancho Gas", "Sunset Fuel", "Home Gas"]);
	await sort.selectOption({ label: "Worth the drive" });
	await expect(names).toHaveText(["Rancho Gas", "Sunset Fuel", "Home Gas"]);
	const found: string[] = [];
	await audit(page, "Gas with miles and worth the drive", found);

	// A thirstier car: 10 mpg. Refused first where it is typed, then saved.
	await page.getByRole("link", { name: "Change your car" }).click();
	await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
	const carForm = page.getByRole("form", { name: "Your car" });
	const mpg = carForm.getByLabel("Miles per gallon");
	await expect(mpg).toBeInViewport();
	await expect(mpg).toHaveValue("25");
	await expect(carForm.getByLabel("Tank size (gallons)")).toHaveValue("12");
	await expect(carForm.getByLabel("Miles per kWh")).toHaveValue("3.5");
	await expect(carForm.getByLabel("Battery size (kWh)")).toHaveValue("60");
	await mpg.fill("500");
	await carForm.getByRole("button", { name: "Save car" }).click();
	await expect(carForm.getByTestId("milesPerGallon-errors")).toHaveText(
		"Miles per gallon must be between 1 and 200 mpg",
	);
	await expect(mpg).toBeFocused();
	await audit(page, "Settings with a refused car", found);
	await mpg.fill("10");
	await carForm.getByRole("button", { name: "Save car" }).click();
	await expect(page.getByRole("status").filter({ hasText: "Car updated" })).toBeVisible();
	await expect(carForm.getByTestId("milesPerGallon-errors")).toHaveCount(0);

	// Back on the Gas page, reached without a reload: the drive now costs more than Rancho Gas saves.
	await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Gas" }).click();
	await expect(page.getByTestId("car-assumed")).toContainText("10 mpg, 12-gallon tank");
	await expect(worth(page, "Rancho Gas")).toHaveText("Costs $0.94 more after the drive");
	await expect(worth(page, "Sunset Fuel")).toHaveText("Costs $1.69 more after the drive");
	await expect(worth(page, "Home Gas")).toHaveText("Costs $1.60 more after the drive");
	await page.getByLabel("Sort stations").selectOption({ label: "Worth the drive" });
	await expect(names).toHaveText(["Rancho Gas", "Home Gas", "Sunset Fuel"]);
	expect(found).toEqual([]);
});
