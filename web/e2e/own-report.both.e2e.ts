import { audit } from "./axe.ts";
import {
	expect,
	fillDairyReport,
	searchFor,
	signInFreshUser,
	signInInNewContext,
	test,
	uniqueName,
} from "./fixtures.ts";

// Fargo: no other test reports near it.
const ZIP = "58102";

test("one's own report offers no vote, deal or word on it, and says whose it is; another shopper's does", async ({
	page,
	browser,
	baseURL,
}) => {
	const origin = baseURL ?? "";
	const product = uniqueName("Quince Jam ");
	await signInFreshUser(page, origin, { zipCode: ZIP, firstName: "Owen" });
	await page.goto("/");
	await page.getByRole("tab", { name: "Report Prices" }).click();
	await fillDairyReport(page, { product, price: "4.29", store: "Harbor Market", address: "10 Fore St" });
	await page.getByRole("button", { name: "Submit Price Report" }).click();
	await expect(page.getByRole("status").filter({ hasText: "Price reported" })).toContainText(product);

	// Owen's own card: its votes and "Your report", none of the buttons the server would refuse.
	await searchFor(page, product);
	const own = page.getByTestId("result-card");
	await expect(own.getByTestId("result-price")).toHaveText("$4.29");
	await expect(own.getByTestId("own-report")).toHaveText("Your report");
	await expect(own.getByTestId("own-votes")).toHaveText("0 votes");
	for (const name of [/^Upvote/, "Take This Deal", "Still $4.29", "Price changed", "Out of stock", "Wrong"])
		await expect(own.getByRole("button", { name })).toHaveCount(0);
	const found: string[] = [];
	await audit(page, "own result card", found, { within: '[data-testid="result-card"]' });

	// Pia, a neighbour, is offered all of them, and her upvote is what Owen's card counts.
	const pia = await signInInNewContext(browser, origin, { zipCode: ZIP, firstName: "Pia" });
	await searchFor(pia.page, product);
	const theirs = pia.page.getByTestId("result-card");
	await expect(theirs.getByTestId("result-price")).toHaveText("$4.29");
	await expect(theirs.getByTestId("own-report")).toHaveCount(0);
	for (const name of ["Take This Deal", "Still $4.29", "Price changed", "Out of stock", "Wrong"])
		await expect(theirs.getByRole("button", { name })).toBeVisible();
	await theirs.getByRole("button", { name: "Upvote, 0 votes" }).click();
	await expect(theirs.getByRole("button", { name: "Upvote, 1 vote" })).toHaveAttribute("aria-pressed", "true");
	await searchFor(page, product);
	await expect(own.getByTestId("own-votes")).toHaveText("1 vote");

	// Its price changed: the card's next step is a new report, the product and store filled in, the price to give.
	await own.getByRole("button", { name: "Report a new price" }).click();
	await expect(page.getByRole("tab", { name: "Report Prices" })).toHaveAttribute("aria-selected", "true");
	await expect(page.getByLabel("Product name")).toHaveValue(product);
	await expect(page.getByLabel("Category").locator("option:checked")).toHaveText("Dairy");
	await expect(page.getByLabel("Store name")).toHaveValue("Harbor Market");
	await expect(page.getByLabel("Store address")).toHaveValue("10 Fore St");
	await expect(page.getByRole("spinbutton", { name: "Price" })).toHaveValue("");
	await expect(page.getByRole("spinbutton", { name: "Price" })).toBeFocused();
	await page.getByRole("tab", { name: "Find Deals" }).click();

	// A fuel price of Owen's on the Gas page: the same, in the recent reports the neighbourhood shares.
	const station = uniqueName("Casco Fuel ");
	const reported = await page.request.post("/api/gas/reports", {
		headers: { Origin: origin },
		data: {
			stationName: station,
			stationAddress: "2 Commercial St",
			stationZipCode: ZIP,
			fuelType: "regular",
			price: 3.459,
		},
	});
	expect(reported.status()).toBe(201);
	await page.goto("/gas");
	const ownFuel = page.getByTestId("gas-report").filter({ hasText: station });
	await expect(ownFuel.getByTestId("gas-report-price")).toHaveText("$3.459/gal");
	await expect(ownFuel.getByTestId("own-report")).toHaveText("Your report");
	for (const name of [/^Still/, "Price changed", "Sold out", "Wrong"])
		await expect(ownFuel.getByRole("button", { name })).toHaveCount(0);
	await audit(page, "own fuel report", found, { within: '[data-testid="gas-report"]' });
	expect(found, found.join("\n")).toEqual([]);

	await pia.page.goto("/gas");
	const theirFuel = pia.page.getByTestId("gas-report").filter({ hasText: station });
	for (const name of [/^Still/, "Price changed", "Sold out", "Wrong"])
		await expect(theirFuel.getByRole("button", { name })).toBeVisible();
	await expect(theirFuel.getByTestId("own-report")).toHaveCount(0);
});
