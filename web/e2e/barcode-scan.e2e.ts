import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { audit } from "./axe.ts";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./chromium.ts";
import { ean13Photo, writeEan13Video } from "./ean13.ts";
import { expect, reportThroughApi, signInFreshUser, signInInNewContext, test, uniqueName } from "./fixtures.ts";

// Pine Bluff, Arkansas: no other browser test reports near it.
const HOME = "71601";
const CODE = "4006381333931";

// Chromium's fake camera plays this video of the code; the browser of this file starts with it.
const video = join(mkdtempSync(join(tmpdir(), "commoncents-scan-")), "ean13.y4m");
writeEan13Video(video, CODE);
test.use({
	launchOptions: {
		executablePath: CHROMIUM_PATH,
		args: [...CHROMIUM_ARGS, "--use-fake-device-for-media-stream", `--use-file-for-fake-video-capture=${video}`],
	},
});

/** The page reads codes with the WebAssembly decoder, as on every browser without a native BarcodeDetector. */
async function withoutNativeDetector(page: Page) {
	await page.addInitScript(() => {
		delete (window as { BarcodeDetector?: unknown }).BarcodeDetector;
	});
	return page.waitForResponse((res) => /\/zxing_reader-[a-z0-9]+\.wasm$/.test(res.url()) && res.ok());
}

test.describe("with the camera allowed", () => {
	test.use({ permissions: ["camera"] });

	test("Scan reads the camera's barcode into the report form", async ({ page, baseURL }) => {
		const wasm = withoutNativeDetector(page);
		await signInFreshUser(page, baseURL ?? "", { zipCode: HOME });
		await page.goto("/");
		await page.getByRole("tab", { name: "Report Prices" }).click();
		const barcode = page.getByRole("textbox", { name: "Barcode" });
		await expect(barcode).toHaveValue("");
		await page.getByRole("button", { name: "Scan a barcode" }).click();
		const scanner = page.getByRole("dialog", { name: "Scan a barcode" });
		await expect(scanner.getByLabel("Camera view")).toBeVisible();
		await wasm;
		// The code read closes the scanner, fills the field and says so; the focus is back on Scan.
		await expect(scanner).toBeHidden({ timeout: 15_000 });
		await expect(barcode).toHaveValue(CODE);
		await expect(page.getByTestId("scan-announcement").filter({ hasText: `Barcode ${CODE} scanned` })).toHaveCount(1);
		await expect(page.getByRole("button", { name: "Scan a barcode" })).toBeFocused();
	});
});

test("with the camera blocked, a photo scanned in the search box goes straight to the code's prices", async ({
	page,
	browser,
	baseURL,
}) => {
	const origin = baseURL ?? "";
	const bea = await signInInNewContext(browser, origin, { zipCode: HOME, firstName: "Bea" });
	// A store of its own, so that a retry's price is a new report rather than a confirmation of the first's.
	const store = uniqueName("Jefferson Supply ");
	await reportThroughApi(bea.page, origin, {
		productName: "Pencils, 12 pack",
		price: 2.49,
		storeName: store,
		barcode: CODE,
	});

	const wasm = withoutNativeDetector(page);
	await signInFreshUser(page, origin, { zipCode: HOME });
	await page.goto("/");
	await page.getByRole("tab", { name: "Find Deals" }).click();
	await page.getByRole("button", { name: "Scan a barcode" }).click();
	const scanner = page.getByRole("dialog", { name: "Scan a barcode" });
	await expect(scanner.getByTestId("scan-problem")).toContainText("Camera access is blocked");
	await expect(scanner.getByLabel("Camera view")).toHaveCount(0);
	const found: string[] = [];
	await audit(page, "scanner, camera blocked", found);
	expect(found).toEqual([]);

	// A photo with no code in it says so, and the scanner stays open for another.
	const chooser = page.waitForEvent("filechooser");
	await scanner.getByRole("button", { name: "Choose a photo" }).click();
	const blank = await page.evaluate(() => {
		const canvas = document.createElement("canvas");
		canvas.width = 400;
		canvas.height = 300;
		return canvas.toDataURL("image/png");
	});
	await (await chooser).setFiles({
		name: "shelf.png",
		mimeType: "image/png",
		buffer: Buffer.from(blank.slice(blank.indexOf(",") + 1), "base64"),
	});
	await wasm;
	await expect(scanner.getByTestId("scan-problem")).toContainText("No barcode was found in that photo");

	const photo = await ean13Photo(page, CODE);
	const again = page.waitForEvent("filechooser");
	await scanner.getByRole("button", { name: "Choose a photo" }).click();
	await (await again).setFiles({ name: "pencils.jpg", mimeType: "image/jpeg", buffer: photo });
	await expect(scanner).toBeHidden();
	await expect(page.getByRole("searchbox", { name: "Search for a product" })).toHaveValue(CODE);
	const cards = page.getByTestId("result-card").filter({ hasText: store });
	await expect(cards).toHaveCount(1);
	await expect(cards.getByTestId("result-price")).toHaveText("$2.49");
});
