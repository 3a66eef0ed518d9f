import { request } from "@playwright/test";
import { audit } from "./axe.ts";
import { expect, test } from "./fixtures.ts";

test("a token made in Settings is shown once, reads but cannot write, and stops working once revoked", async ({
	page,
	baseURL,
	signedIn,
}) => {
	const origin = baseURL ?? "";
	await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin });
	await page.goto("/settings");
	const card = page.getByRole("region", { name: "API access" });
	await expect(card.getByText("No tokens yet.")).toBeVisible();
	await expect(card.getByRole("link", { name: "API reference" })).toHaveAttribute("href", "/docs/api");

	await card.getByLabel("Token name").fill("Home Assistant");
	await card.getByRole("button", { name: "Create token" }).click();
	const shown = card.getByRole("region", { name: "Your new token “Home Assistant”" });
	await expect(shown).toContainText("you won't see it again");
	const secret = await shown.getByLabel("Personal access token Home Assistant").inputValue();
	expect(secret).toMatch(/^cc_pat_[a-z2-7]{32}$/);
	const found: string[] = [];
	await audit(page, "API access with a new token", found, { within: "#api-access" });
	expect(found).toEqual([]);

	await shown.getByRole("button", { name: "Copy" }).click();
	await expect(page.getByTestId("copy-status")).toHaveText("Copied");
	expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
	await shown.getByRole("button", { name: "Done" }).click();
	await expect(shown).toHaveCount(0);
	// Once dismissed, the page holds no trace of it but its last four characters.
	expect(await page.content()).not.toContain(secret.slice(7));
	await expect(card.getByTestId("api-token")).toContainText(`Home Assistant…${secret.slice(-4)}`);

	// A script with the token only (no cookie) reads as the shopper, and is refused a write.
	const script = await request.newContext({
		baseURL: origin,
		extraHTTPHeaders: { Authorization: `Bearer ${secret}`, Origin: origin },
	});
	const me = await script.get("/api/auth/user");
	expect([me.status(), (await me.json()).username]).toEqual([200, signedIn.username]);
	const write = await script.patch("/api/auth/user", { data: { zipCode: "90210" } });
	expect(write.status()).toBe(403);
	expect((await write.json()).message).toContain("read-only");

	await card.getByRole("button", { name: "Revoke Home Assistant" }).click();
	await page.getByRole("dialog", { name: "Revoke “Home Assistant”?" }).getByRole("button", { name: "Revoke" }).click();
	await expect(card.getByText("No tokens yet.")).toBeVisible();
	expect((await script.get("/api/auth/user")).status()).toBe(401);
	await script.dispose();
});
