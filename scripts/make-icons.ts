/**
 * Renders the PWA icons from web/favicon.svg into web/icons/ (run once; the PNGs are committed):
 * `bun scripts/make-icons.ts`. Uses Playwright with Debian's Chromium, as the browser tests do.
 */
import { join } from "node:path";
import { chromium } from "@playwright/test";

const root = join(import.meta.dir, "..");
const svg = await Bun.file(join(root, "web/favicon.svg")).text();
const THEME = "#0f766e";

type Icon = { file: string; size: number; fullBleed: boolean };
const ICONS: Icon[] = [
	{ file: "icon-192.png", size: 192, fullBleed: false },
	{ file: "icon-512.png", size: 512, fullBleed: false },
	// Maskable icons are cropped to a circle or squircle of 80%: fill the square and keep the mark inside that zone.
	{ file: "icon-maskable-512.png", size: 512, fullBleed: true },
	// iOS paints transparency black and rounds the corners itself, so it gets the full square too.
	{ file: "apple-touch-icon.png", size: 180, fullBleed: true },
];

const browser = await chromium.launch({
	executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
	args: ["--no-sandbox", "--disable-gpu"],
});
try {
	const page = await browser.newPage({ deviceScaleFactor: 1 });
	for (const { file, size, fullBleed } of ICONS) {
		const mark = fullBleed ? Math.round(size * 0.8) : size;
		await page.setViewportSize({ width: size, height: size });
		await page.setContent(
			`<html><body style="margin:0;display:grid;place-items:center;width:${size}px;height:${size}px;` +
				`background:${fullBleed ? THEME : "transparent"}">` +
				`<div style="width:${mark}px;height:${mark}px">${svg.replace("<svg ", '<svg width="100%" height="100%" ')}</div>` +
				"</body></html>",
		);
		await page.screenshot({ path: join(root, "web/icons", file), omitBackground: !fullBleed });
		console.log(`web/icons/${file} (${size}x${size})`);
	}
} finally {
	await browser.close();
}
