import {
	expect,
	neighbourLeaves,
	reportAsNeighbour,
	searchFor,
	signInFreshUser,
	test,
	uniqueName,
} from "./fixtures.ts";

// Cards acted on after what they show changed elsewhere: another tab, another shopper.

test("a card whose report is gone meanwhile says so when upvoted, and leaves the results", async ({
	page,
	baseURL,
}) => {
	const origin = baseURL ?? "";
	await signInFreshUser(page, origin);
	const product = `Goat milk ${uniqueName("")}`;
	await reportAsNeighbour(origin, product, "2.99");
	const leaving = await reportAsNeighbour(origin, product, "3.19");
	await searchFor(page, product);
	const cards = page.getByTestId("result-card");
	await expect(cards).toHaveCount(2);

	await neighbourLeaves(origin, leaving.username);
	const stale = cards.filter({ hasText: "$3.19" });
	await stale.getByRole("button", { name: "Upvote, 0 votes" }).click();
	const refused = page.getByRole("alert").filter({ hasText: "Failed to toggle upvote. Please try again." });
	await expect(refused).toContainText("Price report not found");
	await expect(cards).toHaveCount(1);
	await expect(cards.first().getByTestId("result-price")).toHaveText("$2.99");
});

test("an upvote from a card out of date (upvoted meanwhile elsewhere) still upvotes, and unpressing takes it back", async ({
	page,
	baseURL,
}) => {
	const origin = baseURL ?? "";
	await signInFreshUser(page, origin);
	const product = `Quail eggs ${uniqueName("")}`;
	const report = await reportAsNeighbour(origin, product, "4.49");
	await searchFor(page, product);
	const card = page.getByTestId("result-card");
	await expect(card.getByRole("button", { name: "Upvote, 0 votes" })).toHaveAttribute("aria-pressed", "false");
	// Another tab of the same shopper upvotes it.
	const elsewhere = await page.request.post(`/api/price-reports/${report.id}/upvote`, { headers: { Origin: origin } });
	expect(((await elsewhere.json()) as { wasAdded: boolean }).wasAdded).toBe(true);

	await card.getByRole("button", { name: "Upvote, 0 votes" }).click();
	await expect(card.getByRole("button", { name: "Upvote, 1 vote" })).toHaveAttribute("aria-pressed", "true");
	const stored = async () =>
		(
			(await (await page.request.get(`/api/search?q=${encodeURIComponent(product)}`)).json()) as {
				upvotes: number;
				hasUserUpvoted: boolean;
			}[]
		)[0];
	expect(await stored()).toMatchObject({ upvotes: 1, hasUserUpvoted: true });
	await card.getByRole("button", { name: "Upvote, 1 vote" }).click();
	await expect(card.getByRole("button", { name: "Upvote, 0 votes" })).toHaveAttribute("aria-pressed", "false");
	expect(await stored()).toMatchObject({ upvotes: 0, hasUserUpvoted: false });
});
