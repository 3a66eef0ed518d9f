import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./web/e2e/chromium.ts";

/**
 * Browser tests: Debian's Chromium (Playwright's own browser download cannot work here) against the compiled
 * binary, on a fresh data folder each run. Build first: ./scripts/build (./scripts/test does it).
 */
const port = Number(process.env.E2E_PORT ?? 4317);
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), "commoncents-e2e-"));
process.env.E2E_DATA_DIR = dataDir; // workers re-read this file; keep one folder per run

export default defineConfig({
	testDir: "./web/e2e",
	testMatch: /.*\.e2e\.ts$/,
	fullyParallel: true,
	workers: 2,
	// On CI, a test that fails once runs once more: a busy two-core runner now and then loses a browser event
	// (a push message delivered through DevTools). A test that passes only on its retry is listed as flaky.
	retries: process.env.CI ? 1 : 0,
	timeout: 30_000,
	expect: { timeout: 7_000 },
	reporter: [["list"], ["json", { outputFile: "test-results/e2e.json" }]],
	use: {
		baseURL: `http://127.0.0.1:${port}`,
		// A trace snapshots the page at every action, which makes action-heavy tests (a keyboard journey) several
		// times slower; a failure still leaves its screenshot and error context. To debug one, run it again
		// with `--trace retain-on-failure`.
		trace: "off",
		screenshot: "only-on-failure",
		// The app's service worker precaches the whole bundle in every new browser context: work no test of
		// layout or flow needs. Files that test offline, notifications or push allow it (test.use).
		serviceWorkers: "block",
		launchOptions: {
			executablePath: CHROMIUM_PATH,
			args: CHROMIUM_ARGS,
		},
	},
	projects: [
		{ name: "phone", use: { ...devices["Pixel 7"], browserName: "chromium" }, testIgnore: /desktop\.e2e\.ts$/ },
		// The desktop layout's own tests (desktop.e2e.ts, *.desktop.e2e.ts), files named *.both.e2e.ts, and the
		// journeys of the history pages and of the home screen's discovery (feed, chips, profiles, sizes, polish)
		// on a wide screen too.
		{
			name: "desktop",
			use: { ...devices["Desktop Chrome"], browserName: "chromium" },
			testMatch: /(desktop|both|history|history-entry|find-deals|home-feed|profiles|like-with-like|polish)\.e2e\.ts$/,
		},
	],
	webServer: {
		command: "./dist/commoncents serve",
		url: `http://127.0.0.1:${port}/api/health`,
		reuseExistingServer: false,
		timeout: 20_000,
		env: {
			PORT: String(port),
			DATA_DIR: dataDir,
			NODE_ENV: "production",
			ADMIN_PASSKEY: "e2e-passkey",
			OLLAMA_HOST: "off",
			// Every test signs up its own shoppers from this one address, with the least hashing memory allowed.
			SIGNUPS_PER_HOUR: "0",
			PASSWORD_HASH_MEMORY_KIB: "19456",
		},
		stdout: "ignore",
		stderr: "pipe",
	},
});
