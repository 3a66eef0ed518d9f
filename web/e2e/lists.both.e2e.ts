import { audit } from "./axe.ts";
import { ean13Photo } from "./ean13.ts";
import {
	expect,
	PASSWORD,
	reportThroughApi,
	searchFor,
	signInFreshUser,
	signInInNewContext,
	test,
	uniqueName,
} from "./fixtures.ts";

// Wichita, Kansas, on a phone and Manhattan, Kansas, on a desktop: no other browser test reports near either.
const HOME_OF = { phone: "67202", desktop: "66502" } as Record<string, string>;
// Codes no other browser test reports: a product is the same in every town.
const MILK = "0012345678905";
const CRACKERS = "5901234123457";

test("a list made from a result and a scan plans its stores, ticks items off and is shared by a link", async ({
	page,
	browser,
	baseURL,
}) => {
	const origin = baseURL ?? "";
	const HOME = HOME_OF[test.info().project.name] ?? "67202";
	const bob = await signInInNewContext(browser, origin, { zipCode: HOME, firstName: "Bob" });
	// Stores of their own, so that a retry's reports are new ones rather than confirmations of the first run's.
	const union = uniqueName("Union Grocer ");
	const prairie = uniqueName("Prairie Market ");
	const at = (storeName: string) => ({
		storeName,
		storeZipCode: HOME,
		storeAddress: `${storeName.length} Douglas Ave`,
	});
	await reportThroughApi(bob.page, origin, {
		productName: "Whole milk",
		price: 3.99,
		barcode: MILK,
		...at(union),
	});
	await reportThroughApi(bob.page, origin, {
		productName: "Milk gallon",
		price: 3.49,
		barcode: MILK,
		...at(prairie),
	});
	await reportThroughApi(bob.page, origin, {
		productName: "Rye crackers",
		price: 2.25,
		barcode: CRACKERS,
		...at(union),
	});
	await reportThroughApi(bob.page, origin, {
		productName: "Rye crackers",
		price: 1.99,
		barcode: CRACKERS,
		priceType: "member",
		...at(prairie),
	});

	await signInFreshUser(page, origin, { zipCode: HOME, firstName: "Alice" });
	await page.goto("/");
	await page.getByRole("link", { name: "Shopping lists" }).click();
	await expect(page.getByTestId("lists-empty")).toBeVisible();
	await page.getByRole("textbox", { name: "New list" }).fill("Weekly shop");
	await page.getByRole("button", { name: "Make list" }).click();
	await page.getByRole("link", { name: /Weekly shop/ }).click();
	await expect(page.getByRole("heading", { level: 1, name: "Weekly shop" })).toBeVisible();
	const found: string[] = [];
	await audit(page, "an empty list", found);
	expect(found).toEqual([]);

	// From a result: its menu of the shopper's lists.
	await searchFor(page, "milk");
	const card = page.getByTestId("result-card").first();
	await card.getByText("Add to list").click();
	await card.getByRole("button", { name: "Weekly shop" }).click();
	await expect(page.getByRole("status").filter({ hasText: "Added to the list" })).toBeVisible();

	// From a scan: a photo of the crackers' code, the camera being out of reach here.
	await page.goto("/lists");
	await page.getByRole("link", { name: /Weekly shop/ }).click();
	await page.getByRole("button", { name: "Scan a barcode" }).click();
	const scanner = page.getByRole("dialog", { name: "Scan a barcode" });
	await expect(scanner.getByTestId("scan-problem")).toBeVisible();
	const chooser = page.waitForEvent("filechooser");
	await scanner.getByRole("button", { name: "Choose a photo" }).click();
	await (await chooser).setFiles({
		name: "crackers.jpg",
		mimeType: "image/jpeg",
		buffer: await ean13Photo(page, CRACKERS),
	});
	const items = page.getByTestId("list-item");
	await expect(items).toHaveCount(2);
	await expect(items).toContainText(["Whole milk", "Rye crackers"]);

	// The plan: milk is cheaper at Prairie Market, the crackers at Union Grocer but for Prairie's member price,
	// which counts only once the shopper says they are a member there.
	const plan = page.getByTestId("plan");
	await expect(plan.getByRole("heading", { name: "Best plan: two stores" })).toBeVisible();
	await expect(page.getByTestId("best-plan-total")).toContainText("$5.74");
	await expect(page.getByTestId("member-prices")).toContainText(`${prairie} has a member price for 1 item`);
	await audit(page, "a list with its plan", found);
	expect(found).toEqual([]);
	await page.getByRole("button", { name: `I'm a member at ${prairie}` }).click();
	await expect(plan.getByRole("heading", { name: "Best plan: one store" })).toBeVisible();
	await expect(page.getByTestId("best-plan-total")).toContainText("$5.48");
	await expect(page.getByTestId("plan-store").first()).toContainText("Member price");
	// (A retry's earlier stores may still be named there; this run's is not.)
	await expect(page.getByText(`${prairie} has a member price`)).toHaveCount(0);

	// Ticked in the store, and still ticked when the page is opened again.
	await page.getByRole("checkbox", { name: /Rye crackers/ }).check();
	await expect(page.getByRole("checkbox", { name: /Rye crackers/ })).toBeChecked();
	await page.reload();
	await expect(page.getByRole("checkbox", { name: /Rye crackers/ })).toBeChecked();

	// Shared read-only: Bob opens the link and reads the list; so does someone with no account at all.
	await page.getByRole("button", { name: "Share a read-only link" }).click();
	const link = await page.getByRole("textbox", { name: "Read-only link" }).inputValue();
	expect(link).toMatch(/\/shared-lists\/\d+-[a-z2-7]{26}$/);
	await bob.page.goto(link);
	await expect(bob.page.getByRole("heading", { level: 1, name: "Weekly shop" })).toBeVisible();
	await expect(bob.page.getByTestId("shared-item")).toHaveText(["Whole milk", "Rye crackers (ticked)"]);
	const guest = await browser.newContext({ baseURL: origin });
	const guestPage = await guest.newPage();
	await guestPage.goto(link);
	await expect(guestPage.getByRole("heading", { level: 1, name: "Weekly shop" })).toBeVisible();
	await expect(guestPage.getByTestId("shared-item")).toHaveText(["Whole milk", "Rye crackers (ticked)"]);
	await expect(guestPage.getByRole("link", { name: "Sign in" })).toBeVisible();
	await audit(guestPage, "a shared list read without an account", found);
	expect(found).toEqual([]);
	// Signing in from there comes back to the list.
	await guestPage.getByRole("link", { name: "Sign in" }).click();
	await guestPage.getByLabel("Username").fill(bob.username);
	await guestPage.getByLabel("Password", { exact: true }).fill(PASSWORD);
	await guestPage.getByRole("button", { name: "Sign In" }).click();
	await expect(guestPage.getByRole("heading", { level: 1, name: "Weekly shop" })).toBeVisible();
	await expect(guestPage).toHaveURL(link);
	await guest.close();
});
