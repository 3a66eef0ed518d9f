/**
 * Lighthouse (npm, installed on demand into .tools/lighthouse, never package.json) driving Debian's Chromium
 * headless: the median of `runs` runs per preset (mobile, the default, and desktop) on one URL.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { median, ROOT, run } from "./util.ts";

export type Scores = {
	performance: number;
	accessibility: number;
	bestPractices: number;
	lcpMs: number;
	tbtMs: number;
	fcpMs: number;
	cls: number;
};
export type LighthouseResult =
	| { version: string; chrome: string; mobile: Scores; desktop: Scores; runs: number }
	| { unavailable: string };

const DIR = join(ROOT, ".tools/lighthouse");
const CLI = join(DIR, "node_modules/lighthouse/cli/index.js");
const CHROME = process.env.CHROME_PATH ?? "/usr/bin/chromium";

function ensureLighthouse(): string | null {
	if (!existsSync(CHROME)) return `no Chromium at ${CHROME} (install Debian's chromium or set CHROME_PATH)`;
	if (!Bun.which("node")) return "Node.js is not installed (Lighthouse runs on Node)";
	if (!existsSync(CLI)) {
		console.log("==> Installing lighthouse from npm into .tools/lighthouse");
		mkdirSync(DIR, { recursive: true });
		if (!existsSync(join(DIR, "package.json"))) writeFileSync(join(DIR, "package.json"), '{"private":true}\n');
		const res = run(
			["npm", "install", "--no-save", "--no-package-lock", "--no-audit", "--no-fund", "--loglevel=error", "lighthouse"],
			{ cwd: DIR, allowFail: true },
		);
		if (res.code !== 0)
			return `npm could not install lighthouse: ${(res.err || res.out).trim().split("\n").slice(-3).join(" ")}`;
	}
	return null;
}

async function once(url: string, preset: "mobile" | "desktop", out: string): Promise<Scores> {
	const args = [
		"node",
		CLI,
		url,
		"--quiet",
		"--output=json",
		`--output-path=${out}`,
		"--only-categories=performance,accessibility,best-practices",
		"--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage",
		...(preset === "desktop" ? ["--preset=desktop"] : []),
	];
	const proc = Bun.spawn(args, { env: { ...process.env, CHROME_PATH: CHROME }, stdout: "pipe", stderr: "pipe" });
	const err = await new Response(proc.stderr).text();
	if ((await proc.exited) !== 0 || !existsSync(out))
		throw new Error(`lighthouse failed: ${err.trim().split("\n").slice(-5).join(" | ")}`);
	const report = JSON.parse(readFileSync(out, "utf8")) as {
		runtimeError?: { message: string };
		categories: Record<string, { score: number | null }>;
		audits: Record<string, { numericValue?: number }>;
	};
	if (report.runtimeError) throw new Error(`lighthouse: ${report.runtimeError.message}`);
	const score = (k: string) => Math.round((report.categories[k]?.score ?? Number.NaN) * 100);
	const audit = (k: string) => report.audits[k]?.numericValue ?? Number.NaN;
	return {
		performance: score("performance"),
		accessibility: score("accessibility"),
		bestPractices: score("best-practices"),
		lcpMs: audit("largest-contentful-paint"),
		tbtMs: audit("total-blocking-time"),
		fcpMs: audit("first-contentful-paint"),
		cls: audit("cumulative-layout-shift"),
	};
}

/**
 * One run, again once when Lighthouse itself asks for it ("Please run Lighthouse again", e.g. NO_NAVSTART: its
 * trace lost the navigation, which happens on a loaded machine); any other failure stands.
 */
async function retried(url: string, preset: "mobile" | "desktop", out: string): Promise<Scores> {
	try {
		return await once(url, preset, out);
	} catch (error) {
		if (!/run Lighthouse again/i.test((error as Error).message)) throw error;
		rmSync(out, { force: true });
		return once(url, preset, out);
	}
}

const medianScores = (xs: Scores[]): Scores => {
	const m = (k: keyof Scores) => median(xs.map((x) => x[k]));
	return {
		performance: m("performance"),
		accessibility: m("accessibility"),
		bestPractices: m("bestPractices"),
		lcpMs: m("lcpMs"),
		tbtMs: m("tbtMs"),
		fcpMs: m("fcpMs"),
		cls: m("cls"),
	};
};

/** Median of `runs` runs for each preset, or why Lighthouse could not run here. */
export async function lighthouse(url: string, runs: number): Promise<LighthouseResult> {
	const why = ensureLighthouse();
	if (why) return { unavailable: why };
	const dir = mkdtempSync(join(tmpdir(), "commoncents-lh-"));
	try {
		const result = { mobile: [] as Scores[], desktop: [] as Scores[] };
		for (let i = 0; i < runs; i++) {
			for (const preset of ["mobile", "desktop"] as const)
				result[preset].push(await retried(url, preset, join(dir, `${preset}-${i}.json`)));
		}
		const version = (
			JSON.parse(readFileSync(join(DIR, "node_modules/lighthouse/package.json"), "utf8")) as { version: string }
		).version;
		const chrome = run([CHROME, "--version"], { allowFail: true }).out.trim();
		return { version, chrome, mobile: medianScores(result.mobile), desktop: medianScores(result.desktop), runs };
	} catch (error) {
		return { unavailable: (error as Error).message };
	} finally {
		rmSync(dir, { recursive: true, force: true });
	}
}
