import { expect, holdRequests, test } from "./fixtures.ts";

test("an unknown path shows the 404 page once signed in; a guest sees only the landing there", async ({
	page,
	baseURL,
}) => {
	await page.goto("/no/such/page");
	await expect(page.getByRole("heading", { name: "Welcome to CommonCents" })).toBeVisible();
	await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toHaveCount(0);
	await expect(page).toHaveURL("/no/such/page");

	const { signInFreshUser } = await import("./fixtures.ts");
	await signInFreshUser(page, baseURL ?? "");
	await page.goto("/pricing");
	await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
	await expect(page.getByText("Did you forget to add the page to the router?")).toBeVisible();
});

test("/grocery is the Grocery tab, and /auth shows the Deals home once signed in", async ({ page, signedIn }) => {
	await page.goto("/grocery");
	const nav = page.getByRole("navigation", { name: "Main" });
	await expect(nav.getByRole("link", { name: "Grocery" })).toHaveAttribute("aria-current", "page");
	await expect(page.getByRole("heading", { name: "Deals near you", exact: true })).toBeVisible();
	await expect(page.getByTestId("header-zip")).toHaveText("10001");

	await page.goto("/auth");
	await expect(page.getByRole("heading", { name: "Deals near you", exact: true })).toBeVisible();
	await expect(page).toHaveURL("/");
	expect(signedIn.username).toBeTruthy();
});

test("the zip code can be edited inline and a blank one is ignored", async ({ page, signedIn }) => {
	await page.goto("/gas");
	await page.getByRole("button", { name: /Change zip code/ }).click();
	const input = page.getByRole("textbox", { name: "Zip code" });
	await input.fill("   ");
	await expect(page.getByRole("button", { name: "Save" })).toBeDisabled();
	await input.fill("94110");
	await input.press("Enter");
	await expect(page.getByTestId("header-zip")).toHaveText("94110");
	await page.reload();
	await expect(page.getByTestId("header-zip")).toHaveText("94110");
	expect(signedIn.username).toBeTruthy();
});

test("on a phone the selling points panel stays out of the way", async ({ page }) => {
	await page.goto("/");
	await expect(page.getByRole("heading", { name: "Welcome to CommonCents" })).toBeVisible();
	await expect(page.getByTestId("selling-points")).toBeHidden();
});

test("each screen names itself in the window title, and a screen reader hears where it arrived", async ({
	page,
	baseURL,
}) => {
	await page.goto("/");
	await expect(page).toHaveTitle("Sign In · CommonCents");
	await page.getByRole("tab", { name: "Sign Up" }).click();
	await expect(page).toHaveTitle("Sign Up · CommonCents");

	const { signInFreshUser } = await import("./fixtures.ts");
	await signInFreshUser(page, baseURL ?? "");
	await page.goto("/no/such/page");
	await expect(page).toHaveTitle("Page Not Found · CommonCents");
	await page.goto("/");
	await expect(page).toHaveTitle("Find Deals · CommonCents");
	await page.getByRole("tab", { name: "Alerts" }).click();
	await expect(page).toHaveTitle("Alerts · CommonCents");
	const nav = page.getByRole("navigation", { name: "Main" });
	// The first screen of the visit is read as it loads; each later one is announced on arrival.
	const announcer = page.getByTestId("route-announcement");
	await expect(announcer).toHaveText("");
	// Back on the Deals home, the tab it was left on (Alerts) names the window.
	for (const [link, title] of [
		["Gas", "Gas Prices"],
		["Discover", "Discover"],
		["Settings", "Settings"],
		["Grocery", "Alerts"],
	] as const) {
		await nav.getByRole("link", { name: link }).click();
		await expect(page).toHaveTitle(`${title} · CommonCents`);
		await expect(announcer).toHaveText(title);
	}
});

test("the Deals home keeps its tab and its search while the shopper looks at other pages", async ({
	page,
	baseURL,
}) => {
	const { reportAsNeighbour, signInFreshUser, uniqueName } = await import("./fixtures.ts");
	const product = `Kefir ${uniqueName("")}`;
	await reportAsNeighbour(baseURL ?? "", product, "2.99");
	await signInFreshUser(page, baseURL ?? "");
	await page.goto("/");
	const search = page.getByRole("searchbox", { name: "Search for a product" });
	await search.fill(product);
	await search.press("Enter");
	await expect(page.getByTestId("result-card")).toHaveCount(1);
	await page.getByLabel("Sort by").selectOption("distance");

	const nav = page.getByRole("navigation", { name: "Main" });
	await nav.getByRole("link", { name: "Gas" }).click();
	await expect(page).toHaveTitle("Gas Prices · CommonCents");
	await nav.getByRole("link", { name: "Grocery" }).click();
	await expect(search).toHaveValue(product);
	await expect(page.getByLabel("Sort by")).toHaveValue("distance");
	await expect(page.getByTestId("result-card")).toHaveCount(1);

	await page.getByRole("tab", { name: "Alerts" }).click();
	await nav.getByRole("link", { name: "Settings" }).click();
	await expect(page).toHaveTitle("Settings · CommonCents");
	await nav.getByRole("link", { name: "Grocery" }).click();
	await expect(page.getByRole("tab", { name: "Alerts" })).toHaveAttribute("aria-selected", "true");
	await expect(page).toHaveTitle("Alerts · CommonCents");
});

test("a half-filled report, and one being sent, are still there after a look at the Gas page", async ({
	page,
	baseURL,
}) => {
	const { PNG, signInFreshUser } = await import("./fixtures.ts");
	await signInFreshUser(page, baseURL ?? "");
	await page.goto("/");
	await page.getByRole("tab", { name: "Report Prices" }).click();
	await page.getByLabel("Product name").fill("Oat Milk");
	await page.getByRole("spinbutton", { name: "Price" }).fill("3.79");
	await page.getByLabel("Category").selectOption({ label: "Dairy" });
	await page.getByLabel("Description").fill("Barista edition");
	await page.getByLabel("Store name").fill("Corner Grocer");
	await page.getByLabel("Store address").fill("12 Elm St");
	await page.getByLabel("Photo").setInputFiles({ name: "oat.png", mimeType: "image/png", buffer: PNG });

	const nav = page.getByRole("navigation", { name: "Main" });
	const away = async () => {
		await nav.getByRole("link", { name: "Gas" }).click();
		await expect(page).toHaveTitle("Gas Prices · CommonCents");
		await nav.getByRole("link", { name: "Grocery" }).click();
		await expect(page.getByRole("tab", { name: "Report Prices" })).toHaveAttribute("aria-selected", "true");
	};
	await away();
	await expect(page.getByLabel("Product name")).toHaveValue("Oat Milk");
	await expect(page.getByRole("spinbutton", { name: "Price" })).toHaveValue("3.79");
	await expect(page.getByLabel("Category").locator("option:checked")).toHaveText("Dairy");
	await expect(page.getByLabel("Description")).toHaveValue("Barista edition");
	await expect(page.getByLabel("Store address")).toHaveValue("12 Elm St");
	await expect(page.getByRole("img", { name: "Selected photo preview" })).toBeVisible();

	// Sent, then left while the server is slow to answer: back on the form it is still being sent, and then
	// it is done (cleared for the next item, the store kept), sent once.
	const posts = await holdRequests(page, "**/api/price-reports");
	await page.getByRole("button", { name: "Submit Price Report" }).click();
	await expect(page.getByRole("button", { name: "Submitting…" })).toBeDisabled();
	await away();
	await expect(page.getByRole("button", { name: "Submitting…" })).toBeDisabled();
	posts.release();
	await expect(page.getByRole("status").filter({ hasText: "Price reported" })).toContainText(
		"Oat Milk at Corner Grocer for $3.79",
	);
	await expect(page.getByLabel("Product name")).toHaveValue("");
	await expect(page.getByLabel("Store name")).toHaveValue("Corner Grocer");
	await expect(page.getByRole("img", { name: "Selected photo preview" })).toBeHidden();
	expect(posts.sent()).toBe(1);
});

test("typing on Sign In and Sign Up survives a look at the other tab", async ({ page }) => {
	await page.goto("/");
	await page.getByRole("textbox", { name: "Username" }).fill("returning-shopper");
	await page.getByRole("tab", { name: "Sign Up" }).click();
	const signUp = page.getByRole("form", { name: "Sign up" });
	await expect(signUp.getByRole("textbox", { name: "Username" })).toHaveValue("");
	await signUp.getByRole("textbox", { name: "First name" }).fill("Rosa");
	await signUp.getByRole("textbox", { name: "Zip code" }).fill("10003");

	await page.getByRole("tab", { name: "Sign In" }).click();
	await expect(page.getByRole("form", { name: "Sign in" }).getByRole("textbox", { name: "Username" })).toHaveValue(
		"returning-shopper",
	);
	await page.getByRole("tab", { name: "Sign Up" }).click();
	await expect(signUp.getByRole("textbox", { name: "First name" })).toHaveValue("Rosa");
	await expect(signUp.getByRole("textbox", { name: "Zip code" })).toHaveValue("10003");
});

test("a reload keeps the Deals home's tab, search and half-filled report; signing out forgets them", async ({
	page,
	baseURL,
}) => {
	const { fillDairyReport, searchFor, signInFreshUser } = await import("./fixtures.ts");
	await signInFreshUser(page, baseURL ?? "");
	await searchFor(page, "oat milk");
	await page.getByLabel("Sort by").selectOption({ label: "Distance" });
	await page.getByRole("tab", { name: "Report Prices" }).click();
	await fillDairyReport(page, { product: "Oat Milk", price: "3.79", store: "Corner Grocer", address: "12 Elm St" });
	await page.getByLabel("Description").fill("Barista edition");

	await page.reload();
	await expect(page.getByRole("tab", { name: "Report Prices" })).toHaveAttribute("aria-selected", "true");
	await expect(page.getByLabel("Product name")).toHaveValue("Oat Milk");
	await expect(page.getByRole("spinbutton", { name: "Price" })).toHaveValue("3.79");
	await expect(page.getByLabel("Category").locator("option:checked")).toHaveText("Dairy");
	await expect(page.getByLabel("Description")).toHaveValue("Barista edition");
	await expect(page.getByLabel("Store address")).toHaveValue("12 Elm St");
	await page.getByRole("tab", { name: "Find Deals" }).click();
	await expect(page.getByRole("searchbox", { name: "Search for a product" })).toHaveValue("oat milk");
	await expect(page.getByLabel("Sort by").locator("option:checked")).toHaveText("Distance");

	await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Settings" }).click();
	await page.getByRole("button", { name: "Sign Out" }).click();
	await expect(page.getByRole("heading", { name: "Welcome to CommonCents" })).toBeVisible();
	expect(
		await page.evaluate(() => Object.keys(sessionStorage).filter((key) => key.startsWith("commoncents."))),
	).toEqual([]);
});
