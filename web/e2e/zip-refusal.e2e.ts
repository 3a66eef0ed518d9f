import { audit } from "./axe.ts";
import { expect, PASSWORD, test, uniqueName } from "./fixtures.ts";

const REFUSAL = "We can't find ZIP code 00000. Check the number, or use your 5-digit US ZIP code.";
const POSTAL_HINT = "Outside the US: you'll see prices reported with this exact postal code.";

test("the header refuses a ZIP that resolves nowhere and says what a postal code from abroad means", async ({
	page,
	signedIn,
}) => {
	const found: string[] = [];
	await page.goto("/");
	await page.getByRole("button", { name: "Zip code 10001. Change zip code" }).click();
	const input = page.getByRole("textbox", { name: "Zip code", exact: true });
	await input.fill("00000");
	await input.press("Enter");
	await expect(page.getByRole("alert").filter({ hasText: REFUSAL })).toBeVisible();
	await expect(input).toHaveAttribute("aria-invalid", "true");
	await expect(input).toHaveAccessibleDescription(REFUSAL);
	await expect(input).toBeFocused();
	await audit(page, "header zip refused", found);

	// Typing again clears the refusal; a code that is not a US ZIP is explained before it is saved.
	await input.fill("SW1A 1AA");
	await expect(page.getByText(REFUSAL)).toBeHidden();
	await expect(input).toHaveAccessibleDescription(POSTAL_HINT);
	await input.fill("90069");
	await expect(page.getByTestId("header-zip-note")).toBeHidden();
	await input.fill("SW1A 1AA");
	await input.press("Enter");
	await expect(page.getByTestId("header-zip")).toHaveText("SW1A 1AA");
	await expect(page.getByTestId("header-zip-note")).toBeHidden();
	expect(found).toEqual([]);
	expect(signedIn.username).toBeTruthy();
});

test("sign-up refuses a ZIP that resolves nowhere, hints at a postal code from abroad, and takes a PO box ZIP", async ({
	page,
}) => {
	await page.goto("/");
	await page.getByRole("tab", { name: "Sign Up" }).click();
	const form = page.getByRole("form", { name: "Sign up" });
	await form.getByLabel("First name").fill("Zara");
	await form.getByLabel("Last name").fill("Zipless");
	await form.getByLabel("Username").fill(uniqueName("zip"));
	await form.getByLabel("Password", { exact: true }).fill(PASSWORD);
	await form.getByLabel("Confirm password").fill(PASSWORD);
	const zip = form.getByRole("textbox", { name: "Zip code" });
	await zip.fill("00000");
	await form.getByRole("button", { name: "Create Account" }).click();
	await expect(page.getByTestId("zipCode-errors")).toHaveText(REFUSAL);
	await expect(zip).toBeFocused();
	await expect(zip).toHaveAttribute("aria-invalid", "true");

	await zip.fill("M5V 2T6");
	await expect(page.getByTestId("zipCode-errors")).toBeHidden();
	await expect(form.getByText(POSTAL_HINT)).toBeVisible();
	await expect(zip).toHaveAccessibleDescription(POSTAL_HINT);

	// A PO box ZIP is a place of its own: taken.
	await zip.fill("10008");
	await expect(form.getByText(POSTAL_HINT)).toBeHidden();
	await form.getByRole("button", { name: "Create Account" }).click();
	await expect(page.getByTestId("header-zip")).toHaveText("10008");
});
