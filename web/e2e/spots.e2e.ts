import type { Page } from "@playwright/test";
import { expect, signInFreshUser, test, uniqueName } from "./fixtures.ts";

/** Reports a fuel price through the API: state for the test, not the behaviour under test. */
async function stationThroughApi(page: Page, baseURL: string, stationName: string, zip: string, price: number) {
	const res = await page.request.post("/api/gas/reports", {
		headers: { Origin: baseURL },
		data: { stationName, stationAddress: "1 Spot Rd", stationZipCode: zip, fuelType: "regular", price },
	});
	expect(res.status()).toBe(201);
}

const cards = (page: Page) => page.getByTestId("station-card");
const recentReports = (page: Page) => page.getByRole("region", { name: "Recent Reports" });

test("a starred station comes first on the Gas page and is listed in My spots until unstarred there", async ({
	page,
	baseURL,
}) => {
	const origin = baseURL ?? "";
	// Portland: one station at home, one in the Pearl District next door, dearer and farther.
	await signInFreshUser(page, origin, { zipCode: "97205" });
	const home = uniqueName("Home Gas ");
	const pearl = uniqueName("Pearl Gas ");
	await stationThroughApi(page, origin, home, "97205", 3.1);
	await stationThroughApi(page, origin, pearl, "97209", 3.9);

	await page.goto("/gas");
	await expect(cards(page).first().getByRole("heading")).toHaveText(home);
	const star = page.getByRole("article", { name: pearl }).getByRole("button", { name: `Star ${pearl}` });
	await expect(star).toHaveAttribute("aria-pressed", "false");
	await star.click();
	await expect(star).toHaveAttribute("aria-pressed", "true");
	// The same station's star in Recent Reports shows it too.
	await expect(recentReports(page).getByRole("button", { name: `Star ${pearl}` })).toHaveAttribute(
		"aria-pressed",
		"true",
	);

	await page.reload();
	await expect(cards(page).first().getByRole("heading")).toHaveText(pearl);
	await expect(
		cards(page)
			.first()
			.getByRole("button", { name: `Star ${pearl}` }),
	).toHaveAttribute("aria-pressed", "true");

	await page.goto("/settings");
	const spots = page.getByRole("region", { name: "My spots" });
	await expect(spots.getByTestId("my-station")).toHaveCount(1);
	await expect(spots.getByTestId("my-station")).toContainText(pearl);
	await spots.getByRole("button", { name: `Unstar ${pearl}` }).click();
	await expect(spots.getByText("Star a store or station from any result to keep it here.")).toBeVisible();
	// The focus stays in the section rather than falling to the page.
	await expect(spots.getByRole("heading", { name: "My spots" })).toBeFocused();

	await page.goto("/gas");
	await expect(cards(page).first().getByRole("heading")).toHaveText(home);
	await expect(recentReports(page).getByRole("button", { name: `Star ${pearl}` })).toHaveAttribute(
		"aria-pressed",
		"false",
	);
});
