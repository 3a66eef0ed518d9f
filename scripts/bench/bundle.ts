/**
 * The first-screen JavaScript budget: our web app's initial JavaScript (gzip) against a React 19 + TanStack
 * Router hello-world built by the same bundler with the same options, in the same run. Initial means the
 * entry script named in index.html plus every chunk it imports statically, transitively; chunks reached
 * only through import() load later and do not count.
 *
 *   bun scripts/bench/bundle.ts        prints both, the ratio, and PASS or FAIL (exit code 1) against 1.2
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync } from "node:zlib";
import { listFiles, webBuildConfig } from "../build.ts";

export const BUDGET_RATIO = 1.2;
const root = join(import.meta.dir, "../..");

export type BundleFigures = {
	/** Files of the first screen, entry first, as URLs. */
	initialFiles: string[];
	initialGzip: number;
	initialBrotli: number;
	/** Every JavaScript file of the build, lazy chunks included. */
	totalJsGzip: number;
	jsFiles: number;
};
export type BundleComparison = {
	app: BundleFigures;
	helloWorld: BundleFigures;
	ratio: number;
	budget: number;
	pass: boolean;
};

const HELLO_HTML = `<!doctype html>
<html lang="en"><head><meta charset="utf-8" /><title>Hello</title><script type="module" src="./main.tsx"></script></head>
<body><div id="root"></div></body></html>
`;
const HELLO_MAIN = `import { Outlet, RouterProvider, createRootRoute, createRoute, createRouter } from "@tanstack/react-router";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";

const rootRoute = createRootRoute({ component: () => <Outlet /> });
const indexRoute = createRoute({ getParentRoute: () => rootRoute, path: "/", component: () => <h1>Hello</h1> });
const router = createRouter({ routeTree: rootRoute.addChildren([indexRoute]) });

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
`;

const gzipSize = (bytes: Uint8Array<ArrayBuffer>) => Bun.gzipSync(bytes, { level: 9 }).length;
const brotliSize = (bytes: Uint8Array) => brotliCompressSync(bytes).length;

/** `import {a} from "./x.js"`, `from"./x.js"`, `import"./x.js"`; never `import("./x.js")`. */
const STATIC_IMPORT = /\b(?:from|import)\s*["']([^"']+\.js)["']/g;

/** Follows the static imports of the entry scripts that outDir/index.html names. */
export function measureBuild(outDir: string): BundleFigures {
	const html = readFileSync(join(outDir, "index.html"), "utf8");
	const entries = [...html.matchAll(/<script\b[^>]*\bsrc="([^"]+\.js)"/g)].map((m) => m[1] as string);
	if (entries.length === 0) throw new Error(`${outDir}/index.html names no script`);
	const seen = new Set<string>();
	const queue = [...entries];
	while (queue.length > 0) {
		const url = queue.shift() as string;
		if (seen.has(url)) continue;
		seen.add(url);
		const code = readFileSync(join(outDir, url), "utf8");
		for (const [, spec] of code.matchAll(STATIC_IMPORT)) {
			queue.push(new URL(spec as string, `http://bundle${url}`).pathname);
		}
	}
	const initialFiles = [...seen];
	const bytesOf = (url: string) => new Uint8Array(readFileSync(join(outDir, url)));
	const js = listFiles(outDir).filter((f) => f.endsWith(".js"));
	return {
		initialFiles,
		initialGzip: initialFiles.reduce((sum, url) => sum + gzipSize(bytesOf(url)), 0),
		initialBrotli: initialFiles.reduce((sum, url) => sum + brotliSize(bytesOf(url)), 0),
		totalJsGzip: js.reduce((sum, f) => sum + gzipSize(new Uint8Array(readFileSync(f))), 0),
		jsFiles: js.length,
	};
}

async function buildInto(entry: string, outDir: string) {
	const result = await Bun.build(webBuildConfig(entry, outDir));
	if (!result.success) throw new AggregateError(result.logs, `building ${entry} failed`);
}

/** Builds both apps into a temporary folder and compares their first screens. */
export async function measureBundles(): Promise<BundleComparison> {
	// Inside the repository (git-ignored) so the hello-world resolves react from our node_modules.
	const cache = join(root, "node_modules/.cache");
	mkdirSync(cache, { recursive: true });
	const tmp = mkdtempSync(join(cache, "bench-bundle-"));
	try {
		const helloSrc = join(tmp, "hello");
		mkdirSync(helloSrc);
		await Bun.write(join(helloSrc, "index.html"), HELLO_HTML);
		await Bun.write(join(helloSrc, "main.tsx"), HELLO_MAIN);
		await buildInto(join(helloSrc, "index.html"), join(tmp, "hello-out"));
		await buildInto(join(root, "web/index.html"), join(tmp, "app-out"));
		const helloWorld = measureBuild(join(tmp, "hello-out"));
		const app = measureBuild(join(tmp, "app-out"));
		const ratio = app.initialGzip / helloWorld.initialGzip;
		return { app, helloWorld, ratio, budget: BUDGET_RATIO, pass: ratio <= BUDGET_RATIO };
	} finally {
		rmSync(tmp, { recursive: true, force: true });
	}
}

if (import.meta.main) {
	const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
	const { app, helloWorld, ratio, budget, pass } = await measureBundles();
	const line = (name: string, f: BundleFigures) =>
		`${name.padEnd(12)} initial ${kb(f.initialGzip)} gzip (${kb(f.initialBrotli)} brotli) in ${f.initialFiles.length} file(s);` +
		` all JavaScript ${kb(f.totalJsGzip)} gzip in ${f.jsFiles} file(s)`;
	console.log(line("hello-world", helloWorld));
	console.log(line("CommonCents", app));
	console.log(`  first screen: ${app.initialFiles.join(", ")}`);
	console.log(`ratio ${ratio.toFixed(3)} (budget ${budget}): ${pass ? "PASS" : "FAIL"}`);
	if (!pass) process.exitCode = 1;
}
