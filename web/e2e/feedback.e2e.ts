import { request } from "@playwright/test";
import { audit } from "./axe.ts";
import { expect, PASSWORD, reportAsNeighbour, searchFor, signInFreshUser, test, uniqueName } from "./fixtures.ts";
import { establishAccounts } from "./standing.ts";

// A shopper's word on another shopper's price, in one tap with undo (issue 40), on the phone this project runs.

test("a result is confirmed and undone, flagged with a reason, and given a new price", async ({ page, baseURL }) => {
	const origin = baseURL ?? "";
	const product = uniqueName("Oat milk ");
	await reportAsNeighbour(origin, product, "2.49");
	await reportAsNeighbour(origin, product, "2.79");
	// A shopper of standing: a new account's flag would leave the price as it stood (decision 0071).
	const { username } = await signInFreshUser(page, origin);
	establishAccounts([username]);
	await searchFor(page, product);
	const cards = page.getByTestId("result-card");
	await expect(cards).toHaveCount(2);
	const cheap = cards.filter({ hasText: "$2.49" });
	const dear = cards.filter({ hasText: "$2.79" });
	await expect(cheap.getByText("Best Deal")).toBeVisible();

	// One row of small buttons on a phone, each saying which deal it is for.
	const still = cheap.getByRole("button", { name: "Still $2.49" });
	const wrong = cheap.getByRole("button", { name: "Wrong", exact: true });
	expect((await still.boundingBox())?.y).toBe((await wrong.boundingBox())?.y);
	await expect(still).toHaveAccessibleDescription(`${product} Shop 2.49`);

	// Confirm: pressed, counted, said aloud, and the price's age is the confirmation's.
	await still.click();
	await expect(still).toHaveAttribute("aria-pressed", "true");
	const status = cheap.getByRole("status");
	await expect(status).toHaveText("You said it's still $2.49.");
	await expect(cheap.getByTestId("feedback-counts")).toHaveText("1 confirmed");
	await expect(cheap.getByTestId("result-time")).toHaveText("Confirmed just now");
	// Undo takes it back; the focus goes to the answer taken back, not to the page's top.
	await cheap.getByRole("button", { name: "Undo" }).click();
	await expect(still).toHaveAttribute("aria-pressed", "false");
	await expect(still).toBeFocused();
	await expect(status).toHaveText("Undone: your answer was taken back.");
	await expect(cheap.getByTestId("feedback-counts")).toHaveCount(0);
	await expect(cheap.getByTestId("result-time")).toHaveText(/^(just now|1 min ago)$/);

	// Wrong opens its reasons, the first one focused; the card passes the accessibility audit with them open.
	await wrong.click();
	await expect(wrong).toHaveAttribute("aria-expanded", "true");
	const reason = cheap.getByRole("button", { name: "Wrong product" });
	await expect(cheap.getByRole("button", { name: "Wrong price" })).toBeFocused();
	const found: string[] = [];
	await audit(page, "result card, reasons open", found, { within: '[data-testid="result-card"]' });
	expect(found, found.join("\n")).toEqual([]);
	await reason.click();
	await expect(status).toHaveText("You flagged it: Wrong product.");
	await expect(wrong).toBeFocused();
	await expect(cheap.getByTestId("feedback-counts")).toHaveText("1 flagged");
	// A flagged price is no Best Deal: the badge moves to the next result that may wear it.
	await expect(cheap.getByText("Best Deal")).toHaveCount(0);
	await expect(dear.getByText("Best Deal")).toBeVisible();

	// Price changed: the new price is the shopper's own report, listed in place of the old one.
	await dear.getByRole("button", { name: "Price changed" }).click();
	const newPrice = dear.getByRole("spinbutton", { name: "New price" });
	await expect(newPrice).toBeFocused();
	await newPrice.fill("2.69");
	await dear.getByRole("button", { name: "Save" }).click();
	await expect(page.getByRole("status").filter({ hasText: "New price reported" })).toContainText("$2.69");
	await expect(page.getByTestId("result-price")).toHaveText(["$2.49", "$2.69"]);
	// On one's own report there is nothing to answer, only what others said.
	await expect(cards.filter({ hasText: "$2.69" }).getByRole("button", { name: "Still $2.69" })).toHaveCount(0);
});

test("a fuel price marked sold out says so in the recent reports", async ({ page, baseURL }) => {
	const origin = baseURL ?? "";
	// Jackson, Wyoming: no other test reports near it.
	const zipCode = "83001";
	const neighbour = await request.newContext({ baseURL: origin, extraHTTPHeaders: { Origin: origin } });
	const account = {
		username: uniqueName("gus"),
		password: PASSWORD,
		confirmPassword: PASSWORD,
		firstName: "Gus",
		lastName: "Pump",
	};
	expect((await neighbour.post("/api/auth/register", { data: { ...account, zipCode } })).status()).toBe(201);
	const reported = await neighbour.post("/api/gas/reports", {
		data: {
			stationName: uniqueName("Teton Fuel "),
			stationAddress: "1 Broadway",
			stationZipCode: zipCode,
			fuelType: "regular",
			price: 3.899,
		},
	});
	expect(reported.status()).toBe(201);
	await neighbour.dispose();

	await signInFreshUser(page, origin, { zipCode });
	await page.goto("/gas");
	const report = page.getByTestId("gas-report").filter({ hasText: "by Gus" });
	await expect(report.getByTestId("gas-report-price")).toHaveText("$3.899/gal");
	const soldOut = report.getByRole("button", { name: "Sold out" });
	await soldOut.click();
	await expect(soldOut).toHaveAttribute("aria-pressed", "true");
	await expect(report.getByTestId("gas-report-sold-out")).toHaveText("Sold out");
	await expect(report.getByTestId("feedback-counts")).toHaveText("1 said sold out");
	await expect(report.getByRole("status")).toHaveText("You said it's sold out.");
});
