import { audit } from "./axe.ts";
import { expect, reportThroughApi, signInFreshUser, signInInNewContext, test, uniqueName } from "./fixtures.ts";

// Issue 42's people worth discovering. Each project has a neighbourhood of its own, far from every other test's
// (phone and desktop share one database): the contributor's home and the viewer's ZIP next door.
const PLACES = {
	phone: { home: "59901", nextDoor: "59932" }, // Kalispell, Montana
	desktop: { home: "82801", nextDoor: "82845" }, // Sheridan, Wyoming
} as const;

test("a neighbour's top contributor opens their page, until they make it private", async ({
	page,
	browser,
	baseURL,
}, testInfo) => {
	const origin = baseURL ?? "";
	const { home, nextDoor } = PLACES[testInfo.project.name === "desktop" ? "desktop" : "phone"];
	// Other shoppers see her last name's initial only: her first name is the part that is hers alone.
	const firstName = uniqueName("Cora");
	const name = `${firstName} T.`;
	const cora = await signInInNewContext(browser, origin, { firstName, lastName: uniqueName("Top"), zipCode: home });
	const cheese = uniqueName("Goat Cheese ");
	await reportThroughApi(cora.page, origin, {
		productName: uniqueName("Oat Milk "),
		price: "3.49",
		storeName: "Co-op",
	});
	await reportThroughApi(cora.page, origin, { productName: cheese, price: "6.25", storeName: "Farm Stand" });

	await signInFreshUser(page, origin, { zipCode: nextDoor });
	await page.goto("/discover");
	const top = page.getByRole("region", { name: "Top contributors near you" });
	const card = top.getByRole("link", { name: new RegExp(name) });
	await expect(card).toContainText("2 prices near you · 100% accurate");
	const found: string[] = [];
	await audit(page, "Discover's top contributors", found);

	await card.click();
	await expect(page).toHaveURL(new RegExp(`/people/${cora.username}$`));
	await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
	await expect(page).toHaveTitle(`${name}'s profile · CommonCents`);
	await expect(page.getByTestId("member-since")).toContainText("Member since");
	await expect(page.getByTestId("profile-reports")).toHaveText("2");
	await expect(page.getByTestId("accuracy")).toHaveText("100% accurate");
	// The newest first, each opening its product's prices.
	const newest = page.getByTestId("recent-report").first();
	await expect(newest).toContainText(cheese);
	await expect(newest).toContainText("$6.25");
	await expect(newest).toContainText("Farm Stand");
	expect(new URL((await newest.getAttribute("href")) ?? "", origin).searchParams.get("name")).toBe(cheese);
	const nav = page.getByRole("navigation", { name: "Main" });
	await expect(nav.getByRole("link", { name: "Discover" })).toHaveAttribute("aria-current", "page");
	await audit(page, "a shopper's profile", found);

	// Cora makes her profile private in Settings; she alone still sees her page, and is told so.
	await cora.page.goto("/settings");
	await cora.page.getByRole("switch", { name: "Public profile" }).click();
	await expect(cora.page.getByRole("status").filter({ hasText: "Privacy settings updated" })).toBeVisible();
	await cora.page.getByRole("link", { name: "See your profile page" }).click();
	await expect(cora.page.getByTestId("profile-own-note")).toContainText("Only you can see this page");

	await page.reload();
	await expect(page.getByRole("heading", { name: "This profile is private or does not exist" })).toBeVisible();
	await audit(page, "a private profile", found);
	await page.getByRole("link", { name: "Back to Discover" }).click();
	// The list has loaded (empty, or a retry's earlier contributor) and she is not on it.
	await expect(top.getByTestId("top-contributors-empty").or(top.getByTestId("top-contributor").first())).toBeVisible();
	await expect(card).toHaveCount(0);
	expect(found).toEqual([]);
});
