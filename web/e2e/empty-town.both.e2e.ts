import type { Page } from "@playwright/test";
import { audit } from "./axe.ts";
import { expect, neighbourIn, signInFreshUser, test, uniqueName } from "./fixtures.ts";

// A new town with nothing reported within its 20 ZIP areas, and a store and a station a little farther out. Each
// project has its own town, whose far places are farther from the other town than its own are (phone and
// desktop share one database): DeKalb, with a store in Montgomery and a station in St. Charles; Rockford, with
// a store in Caledonia and a station in Rockton.
const TOWNS = {
	phone: { home: "60115", store: { zip: "60552", miles: "16.4" }, station: { zip: "60175", miles: "19.4" } },
	desktop: { home: "61101", store: { zip: "61019", miles: "14.9" }, station: { zip: "61070", miles: "17.3" } },
} as const;
const townOf = (project: string) => TOWNS[project === "desktop" ? "desktop" : "phone"];

/** A neighbour of the far places prices a product at its store, and regular at its station. */
async function seedFarPlaces(origin: string, town: (typeof TOWNS)[keyof typeof TOWNS], station: string) {
	const api = await neighbourIn(origin, town.store.zip);
	const categories = (await (await api.get("/api/categories")).json()) as { id: number; name: string }[];
	const product = await api.post("/api/price-reports", {
		data: {
			productName: `${uniqueName("town")} Sweet Corn`,
			price: "2.50",
			categoryId: categories.find((c) => c.name === "Produce")?.id,
			storeName: `Farm Stand ${uniqueName("s")}`,
			storeAddress: "1 Route 31",
		},
	});
	expect(product.status()).toBe(201);
	const fuel = await api.post("/api/gas/reports", {
		data: {
			stationName: station,
			stationAddress: "2 Main St",
			stationZipCode: town.station.zip,
			fuelType: "regular",
			price: "3.299",
		},
	});
	expect(fuel.status()).toBe(201);
	await api.dispose();
}

const stationCard = (page: Page, name: string) =>
	page.getByTestId("station-card").filter({ has: page.getByRole("heading", { name, exact: true }) });

test("an empty town's home names how far the nearest reports and stations are, and its Gas lists the nearest", async ({
	page,
	baseURL,
}, info) => {
	const origin = baseURL ?? "";
	const town = townOf(info.project.name);
	const station = `${uniqueName("Prairie")} Fuel`;
	await seedFarPlaces(origin, town, station);
	await signInFreshUser(page, origin, { zipCode: town.home });
	const found: string[] = [];

	// The home: quiet, how far each is, and the town's first price invited (a product's or a fuel's).
	await page.goto("/");
	const quiet = page.getByTestId("feed-quiet");
	await expect(quiet).toContainText(`It's quiet near ${town.home}: nobody has reported a price here yet.`);
	const nearest = quiet.getByTestId("feed-nearest");
	await expect(nearest).toContainText(`The nearest reports are ${town.store.miles} miles away.`);
	await expect(nearest).toContainText(`The nearest gas stations are ${town.station.miles} miles away.`);
	const invite = quiet.getByTestId("feed-invite");
	await expect(invite).toContainText(`Be the first to report a price in ${town.home}`);
	await expect(invite.getByRole("button", { name: "Report a price" })).toBeVisible();
	await expect(invite.getByRole("link", { name: "Report a fuel price" })).toBeVisible();
	await audit(page, "an empty town's home", found);

	// Gas: no station near, so the nearest ones, with their miles, and the town's first fuel price invited.
	await nearest.getByRole("link", { name: "See the nearest stations" }).click();
	await expect(page).toHaveURL(/\/gas$/);
	await expect(page.getByTestId("stations-nearest")).toContainText(
		`No stations reported within 20 zip codes of ${town.home} yet.`,
	);
	await expect(page.getByTestId("stations-nearest")).toContainText(`The nearest are ${town.station.miles} miles away.`);
	await expect(
		page.getByRole("heading", {
			level: 2,
			name: `Nearest stations within ${town.station.miles} miles of ${town.home}`,
		}),
	).toBeVisible();
	await expect(stationCard(page, station).getByTestId("station-distance")).toHaveText(`${town.station.miles} mi`);
	await expect(stationCard(page, station).getByTestId("station-price")).toHaveText("$3.299");
	await expect(page.getByTestId("stations-empty")).toHaveCount(0);
	await audit(page, "an empty town's nearest stations", found);

	const dialog = page.getByRole("dialog", { name: "Report a fuel price" });
	await page.getByTestId("stations-nearest").getByRole("button", { name: "Report a fuel price" }).click();
	await expect(dialog).toBeVisible();
	await expect(dialog.getByLabel("Station name")).toHaveValue("");
	await page.keyboard.press("Escape");
	await expect(dialog).toBeHidden();

	// The home's own invitation opens the fuel report at once, and the address does not keep asking.
	await page.goto("/");
	await page.getByTestId("feed-invite").getByRole("link", { name: "Report a fuel price" }).click();
	await expect(dialog).toBeVisible();
	await expect(page).toHaveURL(/\/gas$/);
	await audit(page, "an empty town's first fuel report", found);
	expect(found).toEqual([]);
});
