import type { Page } from "@playwright/test";
import { audit } from "./axe.ts";
import { expect, holdRequests, signInFreshUser, test } from "./fixtures.ts";

async function alertThroughApi(page: Page, origin: string, data: Record<string, unknown>) {
	const res = await page.request.post("/api/price-alerts", { headers: { Origin: origin }, data });
	expect(res.status()).toBe(201);
	return (await res.json()) as { id: number };
}

async function openAlertsTab(page: Page) {
	await page.goto("/");
	await page.getByRole("tab", { name: "Alerts" }).click();
}

test("an alert is edited in place and shows its new values after a reload", async ({ page, baseURL }) => {
	const origin = baseURL ?? "";
	await signInFreshUser(page, origin, { zipCode: "10001" });
	const created = await alertThroughApi(page, origin, { productName: "oat milk", targetPrice: 3 });
	await openAlertsTab(page);
	const edit = page.getByRole("button", { name: "Edit alert for oat milk" });
	await edit.click();

	// The form takes the alert's place, filled with what it watches, its first field focused.
	const form = page.getByRole("form", { name: "Edit the alert for oat milk" });
	const name = form.getByRole("textbox", { name: "Product name" });
	await expect(name).toBeFocused();
	await expect(name).toHaveValue("oat milk");
	await expect(form.getByRole("spinbutton", { name: "Target price ($)" })).toHaveValue("3.00");
	await expect(form.getByRole("radio", { name: "A product" })).toBeChecked();
	await expect(form.getByRole("radio", { name: "Near me" })).toBeChecked();
	await expect(page.getByTestId("alert-item")).toHaveCount(1);
	const found: string[] = [];
	await audit(page, "an alert being edited", found);

	// A required field emptied: the creation's message, and nothing sent.
	await name.fill("");
	await form.getByRole("button", { name: "Save" }).click();
	await expect(form.getByTestId("alert-missing-fields")).toContainText("Please fill in product name and target price.");
	await expect(name).toBeFocused();
	await audit(page, "an alert's edit refused", found);
	expect(found, found.join("\n")).toEqual([]);

	await name.fill("almond milk");
	await form.getByRole("spinbutton", { name: "Target price ($)" }).fill("2.25");
	await form.getByLabel("Category").selectOption({ label: "Dairy" });
	const held = await holdRequests(page, `**/api/price-alerts/${created.id}`, "PATCH");
	const sent = page.waitForRequest(
		(r) => r.url().endsWith(`/api/price-alerts/${created.id}`) && r.method() === "PATCH",
	);
	await form.getByRole("button", { name: "Save" }).click();
	expect((await sent).postDataJSON()).toEqual({
		fuelType: null,
		productName: "almond milk",
		targetPrice: 2.25,
		categoryId: expect.any(Number),
		scope: "near",
	});
	// While it is saved: the button says so, and neither Cancel nor Escape drops the edit.
	await expect(form.getByRole("button", { name: "Saving…" })).toBeVisible();
	await expect(form.getByRole("button", { name: "Cancel" })).toHaveAttribute("aria-disabled", "true");
	await page.keyboard.press("Escape");
	await expect(form).toBeVisible();
	held.release();

	await expect(page.getByRole("status").filter({ hasText: "Price alert saved" })).toContainText(
		"We will tell you when almond milk is $2.25 or less near 10001.",
	);
	await expect(form).toBeHidden();
	const item = page.getByTestId("alert-item");
	await expect(item).toHaveCount(1);
	await expect(item).toContainText("almond milk");
	await expect(item).toContainText("At or under $2.25 · Dairy · near 10001");
	await expect(page.getByRole("button", { name: "Edit alert for almond milk" })).toBeFocused();

	await page.reload();
	await page.getByRole("tab", { name: "Alerts" }).click();
	await expect(item).toHaveCount(1);
	await expect(item).toContainText("almond milk");
	await expect(item).toContainText("At or under $2.25 · Dairy · near 10001");
	await expect(item).not.toContainText("oat milk");
	const list = await (await page.request.get("/api/price-alerts")).json();
	expect(list.map((a: { id: number }) => a.id)).toEqual([created.id]);
});

test("Cancel and Escape leave an alert as it was, the focus back on its Edit button", async ({ page, baseURL }) => {
	const origin = baseURL ?? "";
	await signInFreshUser(page, origin, { zipCode: "10001" });
	await alertThroughApi(page, origin, { productName: "rye bread", targetPrice: 4 });
	await openAlertsTab(page);
	const item = page.getByTestId("alert-item");
	const edit = page.getByRole("button", { name: "Edit alert for rye bread" });
	const form = page.getByRole("form", { name: "Edit the alert for rye bread" });

	await edit.click();
	await form.getByRole("textbox", { name: "Product name" }).fill("sourdough");
	await form.getByRole("button", { name: "Cancel" }).click();
	await expect(form).toBeHidden();
	await expect(item).toContainText("rye bread");
	await expect(item).toContainText("At or under $4.00");
	await expect(edit).toBeFocused();

	// Opened again, it shows the alert, not the draft left behind.
	await edit.press("Enter");
	await expect(form.getByRole("textbox", { name: "Product name" })).toHaveValue("rye bread");
	const target = form.getByRole("spinbutton", { name: "Target price ($)" });
	await target.fill("1.99");
	await target.press("Escape");
	await expect(form).toBeHidden();
	await expect(edit).toBeFocused();
	await expect(item).toContainText("At or under $4.00");

	await page.reload();
	await page.getByRole("tab", { name: "Alerts" }).click();
	await expect(item).toContainText("rye bread");
	await expect(item).toContainText("At or under $4.00");
});

test("a fuel alert is edited to another fuel and target", async ({ page, baseURL }) => {
	const origin = baseURL ?? "";
	await signInFreshUser(page, origin, { zipCode: "10001" });
	await alertThroughApi(page, origin, { fuelType: "regular", targetPrice: 3.2 });
	await openAlertsTab(page);
	await page.getByRole("button", { name: "Edit alert for Regular" }).click();
	const form = page.getByRole("form", { name: "Edit the alert for Regular" });
	const fuel = form.getByRole("combobox", { name: "Fuel" });
	await expect(fuel).toBeFocused();
	await expect(fuel).toHaveValue("regular");
	await expect(form.getByRole("radio", { name: "A fuel" })).toBeChecked();
	await expect(form.getByRole("spinbutton", { name: "Target price ($)" })).toHaveValue("3.20");
	await fuel.selectOption("diesel");
	await form.getByRole("spinbutton", { name: "Target price ($)" }).fill("4.10");
	await form.getByRole("button", { name: "Save" }).click();
	const item = page.getByTestId("alert-item");
	await expect(item).toContainText("Diesel");
	await expect(item).toContainText("At or under $4.100/gal · near 10001");
	await page.reload();
	await page.getByRole("tab", { name: "Alerts" }).click();
	await expect(item).toContainText("At or under $4.100/gal · near 10001");
});

test("an alert at any price is edited and keeps waiting for any price", async ({ page, baseURL }) => {
	const origin = baseURL ?? "";
	await signInFreshUser(page, origin, { zipCode: "10001" });
	// What the empty search's one tap sets: the words at any price.
	const created = await alertThroughApi(page, origin, { productName: "milk", targetPrice: null, categoryId: null });
	await openAlertsTab(page);
	const item = page.getByTestId("alert-item");
	await expect(item).toContainText("Any price · near 10001");
	await page.getByRole("button", { name: "Edit alert for milk" }).click();

	const form = page.getByRole("form", { name: "Edit the alert for milk" });
	const anyPrice = form.getByRole("checkbox", { name: "At any price" });
	const target = form.getByRole("spinbutton", { name: "Target price ($)" });
	await expect(anyPrice).toBeChecked();
	await expect(target).toHaveCount(0);
	const found: string[] = [];
	await audit(page, "an alert at any price being edited", found);
	expect(found, found.join("\n")).toEqual([]);

	// Unticked, it asks for a target as a new alert does; ticked again, it needs none.
	await anyPrice.uncheck();
	await expect(target).toHaveValue("");
	await form.getByRole("button", { name: "Save" }).click();
	await expect(form.getByTestId("alert-missing-fields")).toContainText("Please fill in product name and target price.");
	await anyPrice.check();
	await expect(target).toHaveCount(0);

	await form.getByRole("textbox", { name: "Product name" }).fill("oat milk");
	await form.getByLabel("Category").selectOption({ label: "Dairy" });
	const sent = page.waitForRequest(
		(r) => r.url().endsWith(`/api/price-alerts/${created.id}`) && r.method() === "PATCH",
	);
	await form.getByRole("button", { name: "Save" }).click();
	expect((await sent).postDataJSON()).toEqual({
		fuelType: null,
		productName: "oat milk",
		targetPrice: null,
		categoryId: expect.any(Number),
		scope: "near",
	});
	await expect(page.getByRole("status").filter({ hasText: "Price alert saved" })).toContainText(
		"We will tell you when oat milk is reported at any price near 10001.",
	);
	await expect(form).toBeHidden();
	await expect(item).toContainText("oat milk");
	await expect(item).toContainText("Any price · Dairy · near 10001");

	await page.reload();
	await page.getByRole("tab", { name: "Alerts" }).click();
	await expect(item).toContainText("Any price · Dairy · near 10001");
	await page.getByRole("button", { name: "Edit alert for oat milk" }).click();
	await expect(
		page.getByRole("form", { name: "Edit the alert for oat milk" }).getByRole("checkbox", { name: "At any price" }),
	).toBeChecked();
});
