import { request } from "@playwright/test";
import { expect, fillDairyReport, PASSWORD, signInFreshUser, test, uniqueName } from "./fixtures.ts";

test("a newcomer learns the password rules, registers, tours the tabs, stays signed in, and signs out", async ({
	page,
}) => {
	await page.goto("/");
	await expect(page.getByRole("heading", { name: "Welcome to CommonCents" })).toBeVisible();
	await expect(page.getByText("Discover local deals and share price findings with the community")).toBeVisible();

	await page.getByRole("tab", { name: "Sign Up" }).click();
	await expect(page.getByText("At least 8 characters with uppercase, lowercase, and special characters")).toBeVisible();
	const username = uniqueName("newbie");
	await page.getByLabel("First name").fill("Nora");
	await page.getByLabel("Last name").fill("Newcomer");
	await page.getByLabel("Username").fill(username);
	const password = page.getByLabel("Password", { exact: true });
	const confirm = page.getByLabel("Confirm password");
	const passwordErrors = page.getByTestId("password-errors");

	await password.fill("abc");
	await page.getByRole("button", { name: "Create Account" }).click();
	await expect(passwordErrors).toContainText("Password must be at least 8 characters long");
	await expect(passwordErrors).toContainText("Password must contain at least one uppercase letter");
	await expect(passwordErrors).toContainText("Password must contain at least one special character");
	// A confirmation that differs is named at once, not only after the password meets every rule.
	await expect(page.getByTestId("confirmPassword-errors")).toHaveText("Passwords don't match");
	await confirm.fill("abc");
	await expect(page.getByTestId("confirmPassword-errors")).toBeHidden();
	await password.fill("ALLUPPER!1");
	await expect(passwordErrors).toHaveText("Password must contain at least one lowercase letter");
	await password.fill("NoSpecial12");
	await expect(passwordErrors).toHaveText("Password must contain at least one special character");
	await password.fill(PASSWORD);
	await expect(passwordErrors).toBeHidden();
	await confirm.fill("Different!1");
	await expect(page.getByTestId("confirmPassword-errors")).toHaveText("Passwords don't match");

	// One toggle shows and hides both password fields.
	await page.getByRole("button", { name: "Show passwords" }).click();
	await expect(password).toHaveAttribute("type", "text");
	await expect(confirm).toHaveAttribute("type", "text");
	await page.getByRole("button", { name: "Hide passwords" }).click();
	await expect(confirm).toHaveAttribute("type", "password");

	await confirm.fill(PASSWORD);
	await page.getByRole("button", { name: "Create Account" }).click();
	await expect(page.getByRole("status").filter({ hasText: "Welcome to CommonCents, Nora!" })).toBeVisible();
	await expect(page.getByRole("heading", { name: "Deals near you", exact: true })).toBeVisible();
	await expect(page.getByRole("tab", { name: "Find Deals" })).toHaveAttribute("aria-selected", "true");

	const nav = page.getByRole("navigation", { name: "Main" });
	for (const label of ["Grocery", "Gas", "Discover", "Settings"]) {
		await expect(nav.getByRole("link", { name: label })).toBeVisible();
	}
	await expect(nav.getByRole("link", { name: "Grocery" })).toHaveAttribute("aria-current", "page");

	// No zip at sign-up: the header asks for one by itself.
	const zipInput = page.getByRole("textbox", { name: "Zip code" });
	await expect(zipInput).toBeVisible();
	await zipInput.fill("10001");
	await page.getByRole("button", { name: "Save" }).click();
	await expect(page.getByTestId("header-zip")).toHaveText("10001");

	const tour = [
		["Gas", "/gas", "Gas Prices"],
		["Discover", "/discover", "Discover"],
		["Settings", "/settings", "Settings"],
		["Grocery", "/", "Deals near you"],
	] as const;
	for (const [label, path, heading] of tour) {
		await nav.getByRole("link", { name: label }).click();
		await expect(page).toHaveURL(path);
		await expect(page.getByRole("heading", { level: 1, name: heading, exact: true })).toBeVisible();
		await expect(nav.getByRole("link", { name: label })).toHaveAttribute("aria-current", "page");
	}

	await page.reload();
	await expect(page.getByRole("heading", { name: "Deals near you", exact: true })).toBeVisible();
	await expect(page.getByTestId("header-zip")).toHaveText("10001");

	await nav.getByRole("link", { name: "Settings" }).click();
	await expect(page.getByText(`@${username}`)).toBeVisible();
	await page.getByRole("button", { name: "Sign Out" }).click();
	await expect(page.getByRole("heading", { name: "Welcome to CommonCents" })).toBeVisible();
	await expect(page).toHaveURL("/");
	await page.reload();
	await expect(page.getByRole("tab", { name: "Sign In" })).toHaveAttribute("aria-selected", "true");
});

test("signing in with a wrong password says so, and the right one opens the Deals home", async ({ page, baseURL }) => {
	const { signInFreshUser } = await import("./fixtures.ts");
	const { username } = await signInFreshUser(page, baseURL ?? "");
	await page.context().clearCookies();
	await page.goto("/auth");
	await page.getByLabel("Username").fill(username);
	await page.getByLabel("Password", { exact: true }).fill("Wrong!pass1");
	await page.getByRole("button", { name: "Sign In" }).click();
	const toast = page.getByRole("alert").filter({ hasText: "Login failed" });
	await expect(toast).toBeVisible();
	await expect(toast).toContainText("Invalid username or password");

	await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
	await page.getByRole("button", { name: "Sign In" }).click();
	await expect(page.getByRole("heading", { name: "Deals near you", exact: true })).toBeVisible();
	await expect(page).toHaveURL("/");
});

test("the sign-in form names what is missing", async ({ page }) => {
	await page.goto("/");
	await page.getByRole("button", { name: "Sign In" }).click();
	await expect(page.getByTestId("username-errors")).toHaveText("Username is required");
	await expect(page.getByTestId("password-errors")).toHaveText("Password is required");
});

test("signed in from the landing, a first report keeps the form's store (the app is not built again)", async ({
	page,
	baseURL,
}) => {
	const { signInFreshUser } = await import("./fixtures.ts");
	const { username } = await signInFreshUser(page, baseURL ?? "");
	await page.context().clearCookies();
	await page.goto("/");
	await page.getByLabel("Username").fill(username);
	await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
	await page.getByRole("button", { name: "Sign In" }).click();
	await page.getByRole("tab", { name: "Report Prices" }).click();
	await fillDairyReport(page, { product: "Oat Milk", price: "3.99", store: "FreshMart", address: "120 W 23rd St" });
	await page.getByRole("button", { name: "Submit Price Report" }).click();
	await expect(page.getByRole("status").filter({ hasText: "Price reported" })).toBeVisible();
	await expect(page.getByLabel("Product name")).toHaveValue("");
	await expect(page.getByLabel("Store name")).toHaveValue("FreshMart");
	await expect(page.getByLabel("Store address")).toHaveValue("120 W 23rd St");
});

test("the next shopper on the same tab sees none of the last one's search, half-filled report or alerts", async ({
	page,
	baseURL,
}) => {
	const origin = baseURL ?? "";
	const next = uniqueName("next");
	const api = await request.newContext({ baseURL: origin, extraHTTPHeaders: { Origin: origin } });
	const registered = await api.post("/api/auth/register", {
		data: {
			username: next,
			password: PASSWORD,
			confirmPassword: PASSWORD,
			firstName: "Ned",
			lastName: "Next",
			zipCode: "10001",
		},
	});
	expect(registered.status()).toBe(201);
	await api.dispose();

	await signInFreshUser(page, origin, { firstName: "Ada" });
	await page.goto("/");
	const search = page.getByRole("searchbox", { name: "Search for a product" });
	await search.fill("kefir");
	await search.press("Enter");
	await page.getByRole("tab", { name: "Report Prices" }).click();
	await page.getByRole("textbox", { name: "Product name" }).fill("Private cheese");
	await page.getByRole("tab", { name: "Alerts" }).click();
	await page.getByRole("button", { name: "New Alert" }).click();
	const form = page.getByRole("form", { name: "Create a price alert" });
	await form.getByLabel("Product name").fill("secret eggs");
	await form.getByRole("spinbutton", { name: "Target price ($)" }).fill("2.50");
	await form.getByRole("button", { name: "Create Alert" }).click();
	await expect(page.getByTestId("alert-item").filter({ hasText: "secret eggs" })).toBeVisible();

	// Ada signs out and hands over the phone: Ned signs in on the same tab, with no reload.
	await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Settings" }).click();
	await page.getByRole("button", { name: "Sign Out" }).click();
	await page.getByLabel("Username").fill(next);
	await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
	await page.getByRole("button", { name: "Sign In" }).click();
	await expect(page.getByRole("heading", { name: "Deals near you", exact: true })).toBeVisible();
	await expect(page.getByRole("tab", { name: "Find Deals" })).toHaveAttribute("aria-selected", "true");
	await expect(search).toHaveValue("");
	await page.getByRole("tab", { name: "Report Prices" }).click();
	await expect(page.getByRole("textbox", { name: "Product name" })).toHaveValue("");
	await page.getByRole("tab", { name: "Alerts" }).click();
	await expect(page.getByText("No price alerts yet")).toBeVisible();
	await expect(page.getByText("secret eggs")).toHaveCount(0);
});
