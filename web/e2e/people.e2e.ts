import type { Page } from "@playwright/test";
import { expect, PASSWORD, PNG, signInFreshUser, signInInNewContext, test, uniqueName } from "./fixtures.ts";

/** State through the API, not the behaviour under test. */
async function putThroughApi(page: Page, baseURL: string, path: string, data: unknown) {
	const res = await page.request.put(path, { headers: { Origin: baseURL }, data });
	expect(res.status()).toBe(200);
}

async function reportManyPrices(page: Page, baseURL: string, count: number) {
	for (let i = 0; i < count; i++) {
		const res = await page.request.post("/api/price-reports", {
			headers: { Origin: baseURL },
			data: {
				productName: `Pantry item ${i}`,
				price: 2 + i,
				categoryId: 1,
				storeName: "Pantry",
				storeAddress: "9 Elm St",
			},
		});
		expect(res.status()).toBe(201);
	}
}

test("Discover finds shoppers as one types, badges trusted ones and respects privacy", async ({
	page,
	browser,
	baseURL,
}) => {
	test.slow(); // four shoppers and eleven reports
	const origin = baseURL ?? "";
	// One family, found by the start of their usernames: others see their last name's initial only, and a
	// search matches a last name by that initial alone.
	const family = uniqueName("Fam");
	const member = (firstName: string) => ({ firstName, lastName: family, username: `${family}_${firstName}` });
	const trusted = await signInInNewContext(browser, origin, member("Tina"));
	await reportManyPrices(trusted.page, origin, 11);
	const quiet = await signInInNewContext(browser, origin, member("Quinn"));
	await putThroughApi(quiet.page, origin, "/api/profile/privacy", { showActivity: false });
	const hidden = await signInInNewContext(browser, origin, member("Hugo"));
	await putThroughApi(hidden.page, origin, "/api/profile/privacy", { isPublicProfile: false });

	await signInFreshUser(page, origin);
	await page.goto("/discover");
	await expect(page.getByRole("heading", { name: "Find shoppers near you" })).toBeVisible();

	const searches: string[] = [];
	page.on("request", (r) => {
		if (r.url().includes("/api/users/search")) searches.push(new URL(r.url()).searchParams.get("q") ?? "");
	});
	const term = family.toLowerCase();
	await page.getByRole("searchbox", { name: "Search users" }).pressSequentially(term, { delay: 20 });
	const cards = page.getByTestId("user-card");
	await expect(cards).toHaveCount(2);
	await expect(page.getByTestId("announcement")).toHaveText(`2 shoppers found for “${term}”`);
	// Typing asks after a 300 ms pause, not at every key (a stalled machine may pause mid-word once or twice).
	expect(searches.at(-1)).toBe(term);
	expect(searches.length).toBeLessThan(term.length / 2);

	const tina = page.getByRole("article", { name: "Tina F." });
	await expect(tina.getByTestId("trusted-badge")).toHaveText("Trusted Contributor");
	await expect(tina.getByTestId("user-reports")).toHaveText("11");
	// Beside the badge, the share of her reports that stood, in words.
	await expect(tina.getByTestId("accuracy")).toHaveText("100% accurate");
	await expect(tina.getByTestId("accuracy-explained")).toHaveText("11 of 11 reports stood");
	const quinn = page.getByRole("article", { name: "Quinn F." });
	await expect(quinn.getByText("Activity hidden")).toBeVisible();
	await expect(quinn.getByTestId("trusted-badge")).toHaveCount(0);
	await expect(quinn.getByTestId("accuracy")).toHaveCount(0);
	await expect(page.getByRole("article", { name: "Hugo F." })).toHaveCount(0);

	await page.getByRole("searchbox", { name: "Search users" }).fill(`${family}zz`);
	await expect(page.getByRole("heading", { name: "No users found" })).toBeVisible();
	await expect(page.getByTestId("announcement")).toHaveText(`No users found for “${family}zz”`);

	await page.route("**/api/users/search?**", (route) => route.fulfill({ status: 500, json: { message: "Down" } }));
	await page.getByRole("searchbox", { name: "Search users" }).fill(`${family}x`);
	await expect(
		page.getByRole("heading", { name: "Unable to search users right now. Please try again later." }),
	).toBeVisible();
	// Back on line: Try again asks once more, without retyping.
	await page.unroute("**/api/users/search?**");
	await page.getByRole("button", { name: "Try again" }).click();
	await expect(page.getByRole("heading", { name: "No users found" })).toBeVisible();

	await page.getByRole("searchbox", { name: "Search users" }).fill("  ");
	await expect(page.getByRole("heading", { name: "Find shoppers near you" })).toBeVisible();
});

test("Settings changes the photo, fuel, privacy and password", async ({ page, browser, baseURL }) => {
	test.slow(); // three password hashes and two devices
	const origin = baseURL ?? "";
	const { username } = await signInFreshUser(page, origin, { firstName: "Pat", lastName: "Setter" });
	// The same account on a second device, which the password change signs out.
	const laptop = await browser.newContext();
	const laptopPage = await laptop.newPage();
	const login = await laptopPage.request.post("/api/auth/login", {
		headers: { Origin: origin },
		data: { username, password: PASSWORD },
	});
	expect(login.status()).toBe(200);

	await page.goto("/settings");
	// A newcomer has no accuracy yet, and the profile says so rather than 0% or 100%.
	await expect(page.getByTestId("reputation")).toHaveText("No reports judged yet");
	await page.getByLabel("Profile photo").setInputFiles({ name: "me.png", mimeType: "image/png", buffer: PNG });
	await expect(page.getByRole("status").filter({ hasText: "Profile photo updated" })).toBeVisible();
	// Emptied after each choice, so the same file chosen again (after a failure) is a change the page hears.
	await expect(page.getByLabel("Profile photo")).toHaveValue("");
	const photo = page.getByRole("img", { name: "Pat Setter's photo" });
	await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
	// An upload refused as expired: the spec's words, with the server's beside them; the photo stays.
	await page.route("**/api/uploads/**", (route) =>
		route.fulfill({ status: 403, json: { message: "Upload URL is invalid or has expired" } }),
	);
	await page.getByLabel("Profile photo").setInputFiles({ name: "again.png", mimeType: "image/png", buffer: PNG });
	const refused = page.getByRole("alert").filter({ hasText: "Failed to update profile photo" });
	await expect(refused).toContainText("Request has expired");
	await expect(refused).toContainText("Upload URL is invalid or has expired");
	await page.unroute("**/api/uploads/**");
	await expect(photo).toBeVisible();

	await page.getByLabel("Preferred fuel type").selectOption("diesel");
	await expect(page.getByRole("status").filter({ hasText: "Fuel preference updated" })).toBeVisible();

	const publicProfile = page.getByRole("switch", { name: "Public profile" });
	await expect(publicProfile).toBeChecked();
	await publicProfile.click();
	await expect(page.getByRole("status").filter({ hasText: "Privacy settings updated" })).toBeVisible();
	await expect(publicProfile).not.toBeChecked();
	await expect(page.getByText("You are hidden from Discover.")).toBeVisible();

	const update = page.getByRole("button", { name: "Update Password" });
	await expect(update).toBeDisabled();
	await expect(update).toHaveAccessibleDescription("Still needed: current password, new password");
	await page.getByLabel("Current password").fill("Wrong!Pass1");
	await page.getByLabel("Current password").press("Enter"); // sends nothing while the new one is missing
	await expect(update).toBeDisabled(); // until the new password is typed too (spec §5)
	await expect(update).toHaveAccessibleDescription("Still needed: new password");
	await expect(page.getByTestId("newPassword-errors")).toHaveCount(0);
	await page.getByLabel("New password", { exact: true }).fill("short");
	await expect(update).toBeEnabled();
	await update.click();
	await expect(page.getByTestId("newPassword-errors")).toContainText("Password must be at least 8 characters long");
	await page.getByLabel("New password", { exact: true }).fill("Brand!New9");
	await page.getByLabel("Confirm new password").fill("Brand!New8");
	await expect(page.getByTestId("confirmPassword-errors")).toHaveText("New passwords don't match.");
	await page.getByLabel("Confirm new password").fill("Brand!New9");
	await update.click();
	await expect(
		page
			.getByRole("alert")
			.filter({ hasText: "Failed to update password. Please check your current password and try again." }),
	).toBeVisible();
	await expect(page.getByTestId("currentPassword-errors")).toHaveText("Current password is incorrect");

	await page.getByLabel("Current password").fill(PASSWORD);
	await update.click();
	await expect(page.getByRole("status").filter({ hasText: "Password updated" })).toBeVisible();
	await expect(page.getByLabel("Current password")).toHaveValue("");

	// Everything stuck: after a reload the screen shows what was saved; the other device is signed out.
	await page.reload();
	await expect(page.getByLabel("Preferred fuel type")).toHaveValue("diesel");
	await expect(page.getByRole("switch", { name: "Public profile" })).not.toBeChecked();
	await expect(page.getByRole("switch", { name: "Show activity" })).toBeChecked();
	expect((await laptopPage.request.get("/api/auth/user")).status()).toBe(401);
	await laptop.close();
});

test("a shopper deletes their own account from Settings once they have typed their username", async ({
	page,
	baseURL,
}) => {
	const origin = baseURL ?? "";
	const { username } = await signInFreshUser(page, origin, { firstName: "Dee", lastName: "Parting" });
	await page.goto("/settings");
	await page.getByRole("button", { name: "Delete Account" }).click();
	const dialog = page.getByRole("dialog", { name: "Delete your account?" });
	await expect(dialog).toHaveAccessibleDescription(/cannot be undone/);
	const forever = dialog.getByRole("button", { name: "Delete Forever" });
	const confirm = dialog.getByLabel(`Type your username, ${username}, to confirm`);
	await expect(confirm).toBeFocused(); // the dialog opens on the field it asks for
	await expect(forever).toBeDisabled();
	await confirm.fill("someone-else");
	await expect(forever).toBeDisabled();
	await expect(forever).toHaveAccessibleDescription("Still needed: your username");
	await dialog.getByRole("button", { name: "Cancel" }).click();
	await expect(dialog).toBeHidden();

	await page.getByRole("button", { name: "Delete Account" }).click();
	await expect(confirm).toHaveValue(""); // a fresh start each time it opens
	await confirm.fill(username.toUpperCase()); // as typed on a phone's keyboard
	await confirm.press("Enter");
	await expect(page.getByRole("status").filter({ hasText: "Account deleted" })).toContainText(
		"Your account and your data have been removed.",
	);
	await expect(page).toHaveURL(/\/auth$/, { timeout: 5_000 });
	await expect(page.getByRole("heading", { name: "Welcome to CommonCents" })).toBeVisible();
	const relogin = await page.request.post("/api/auth/login", {
		headers: { Origin: origin },
		data: { username, password: PASSWORD },
	});
	expect(relogin.status()).toBe(401);
});
