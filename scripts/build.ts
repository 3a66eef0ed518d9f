/**
 * Builds dist/commoncents: the web app bundled (minified, split per route, hashed), its service worker and
 * manifest, every text file precompressed (brotli and gzip), then compiled with the server into one
 * executable that carries every web file inside it.
 */
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { basename, join, relative, resolve } from "node:path";
import { brotliCompressSync, constants as zlib } from "node:zlib";
import type { BunPlugin } from "bun";
import tailwind from "bun-plugin-tailwind";

const root = join(import.meta.dir, "..");
const HASHED_NAME = /-[a-z0-9]{8,}\.[a-z0-9]+$/;
const COMPRESSIBLE = /\.(?:js|css|html|svg|json|webmanifest|txt|wasm)$/;

/**
 * The manifest keeps one stable address (/manifest.webmanifest, copied as is): browsers tie an installed
 * app to its manifest URL, so Bun must not hash it like the other linked files. index.html links it as
 * "./manifest.webmanifest" so that the dev server finds it too; the build makes that absolute.
 */
const keepManifestUrl: BunPlugin = {
	name: "keep-manifest-url",
	setup(build) {
		build.onResolve({ filter: /manifest\.webmanifest$/ }, (args) => ({ path: args.path, external: true }));
	},
};

/** The bundler options of the web app; scripts/bench/bundle.ts builds its comparison with the same. */
export function webBuildConfig(entrypoint: string, outdir: string): Bun.BuildConfig {
	return {
		entrypoints: [entrypoint],
		outdir,
		minify: true,
		splitting: true,
		target: "browser",
		publicPath: "/",
		plugins: [tailwind, keepManifestUrl],
		define: { "process.env.NODE_ENV": JSON.stringify("production") },
		naming: { entry: "[name].[ext]", chunk: "[name]-[hash].[ext]", asset: "[name]-[hash].[ext]" },
	};
}

export function listFiles(dir: string): string[] {
	return readdirSync(dir, { recursive: true, withFileTypes: true })
		.filter((d) => d.isFile())
		.map((d) => join(d.parentPath, d.name))
		.sort();
}

async function build(config: Bun.BuildConfig) {
	const result = await Bun.build(config);
	if (!result.success) {
		for (const log of result.logs) console.error(log);
		process.exit(1);
	}
	return result;
}

/** Writes .br (quality 11) and .gz (level 9) beside each text file, each only when it is smaller. */
async function precompress(files: string[]) {
	for (const file of files.filter((f) => COMPRESSIBLE.test(f))) {
		const bytes = await Bun.file(file).bytes();
		const br = brotliCompressSync(bytes, {
			params: {
				[zlib.BROTLI_PARAM_QUALITY]: 11,
				[zlib.BROTLI_PARAM_MODE]: file.endsWith(".wasm") ? zlib.BROTLI_MODE_GENERIC : zlib.BROTLI_MODE_TEXT,
				[zlib.BROTLI_PARAM_SIZE_HINT]: bytes.length,
			},
		});
		const gz = Bun.gzipSync(bytes, { level: 9 });
		if (br.length < bytes.length) await Bun.write(`${file}.br`, br);
		if (gz.length < bytes.length) await Bun.write(`${file}.gz`, gz);
	}
}

/**
 * The service worker precaches index.html and every hashed file. Its version hashes index.html (which names
 * every entry file by content hash) and the file list, so each new build gives a byte-different sw.js and
 * browsers install it.
 */
async function buildServiceWorker(webOut: string) {
	const urls = listFiles(webOut)
		.map((f) => `/${relative(webOut, f)}`)
		.filter((url) => HASHED_NAME.test(url));
	const hasher = new Bun.CryptoHasher("sha256");
	hasher.update(await Bun.file(join(webOut, "index.html")).text());
	hasher.update(urls.join("\n"));
	const version = hasher.digest("hex").slice(0, 12);
	await build({
		entrypoints: [join(root, "web/sw.ts")],
		outdir: webOut,
		minify: true,
		target: "browser",
		naming: "sw.js",
		define: { __PRECACHE__: JSON.stringify(JSON.stringify({ version, urls: ["/index.html", ...urls] })) },
	});
	return { version, count: urls.length + 1 };
}

/**
 * Bun's splitting gives a feature's front door (an index.ts of re-exports only) a chunk of its own when the
 * entries reaching it form a new set, and prints nothing into it (oven-sh/bun#40595): an empty file that no
 * chunk imports. Drop it, so that the service worker does not precache it.
 */
async function dropEmptyChunks(webOut: string) {
	const js = listFiles(webOut).filter((f) => f.endsWith(".js"));
	const empty = js.filter((f) => statSync(f).size === 0);
	if (empty.length === 0) return;
	const texts = await Promise.all([...js, join(webOut, "index.html")].map((f) => Bun.file(f).text()));
	for (const file of empty) if (!texts.some((text) => text.includes(basename(file)))) rmSync(file);
}

/** index.html is served at every app path, so its manifest link must not be relative. */
async function absoluteManifestLink(indexPath: string) {
	const html = await Bun.file(indexPath).text();
	const linked = html.replace('href="./manifest.webmanifest"', 'href="/manifest.webmanifest"');
	if (linked === html) throw new Error("index.html does not link ./manifest.webmanifest");
	await Bun.write(indexPath, linked);
}

function embeddingEntry(webOut: string, files: string[]) {
	return [
		"// Generated by scripts/build.ts: the binary's entry, with every web file embedded.",
		`import { runCli } from ${JSON.stringify(join(root, "src/cli.ts"))};`,
		`import { createStaticAssets } from ${JSON.stringify(join(root, "src/static.ts"))};`,
		...files.map((f, i) => `import f${i} from ${JSON.stringify(f)} with { type: "file" };`),
		"const manifest: Record<string, string> = {",
		...files.map((f, i) => `  ${JSON.stringify(`/${relative(webOut, f)}`)}: f${i},`),
		"};",
		// No top-level await: --bytecode compiles the entry as CommonJS.
		"runCli(process.argv.slice(2), createStaticAssets(manifest)).catch((error) => {\n  console.error(error);\n  process.exit(1);\n});",
		"",
	].join("\n");
}

/** JavaScriptCore's tier-up thresholds times this until the server is up (8 measured best of 2 to 64). */
const START_JIT_POLICY = 8;

const sizeOf = (files: string[]) => files.reduce((sum, f) => sum + (existsSync(f) ? statSync(f).size : 0), 0);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** `--target=bun-darwin-arm64` (any of `bun build --compile`'s targets) builds for another system. */
function targetArgument(args: string[]) {
	const unknown = args.filter((a) => !/^--target=bun-[a-z0-9-]+$/.test(a));
	if (unknown.length > 0) {
		console.error(
			`usage: bun scripts/build.ts [--target=bun-darwin-arm64 | bun-windows-x64 | ...]; not understood: ${unknown.join(" ")}`,
		);
		process.exit(2);
	}
	return args[0]?.slice("--target=".length) ?? null;
}

async function main() {
	const target = targetArgument(process.argv.slice(2));
	// DIST_DIR builds elsewhere, leaving dist/ to whoever is running it (the browser tests use dist/).
	const dist = process.env.DIST_DIR ? resolve(process.env.DIST_DIR) : join(root, "dist");
	const webOut = join(dist, "web");
	// The binary finds the writer's thread by its path from the entry points' common folder
	// ("./src/reports/...", src/reports/writer.ts), so the generated entry must sit inside the project.
	const outside = relative(root, dist).startsWith("..");
	const buildDir = outside ? mkdtempSync(join(root, ".build-")) : join(dist, "build");
	const started = performance.now();
	rmSync(dist, { recursive: true, force: true });
	mkdirSync(buildDir, { recursive: true });

	await build(webBuildConfig(join(root, "web/index.html"), webOut));
	await dropEmptyChunks(webOut);
	await absoluteManifestLink(join(webOut, "index.html"));
	mkdirSync(join(webOut, "icons"), { recursive: true });
	copyFileSync(join(root, "web/manifest.webmanifest"), join(webOut, "manifest.webmanifest"));
	for (const icon of listFiles(join(root, "web/icons"))) copyFileSync(icon, join(webOut, "icons", basename(icon)));
	const sw = await buildServiceWorker(webOut);
	const files = listFiles(webOut);
	await precompress(files);

	const all = listFiles(webOut);
	const entryPath = join(buildDir, "entry.ts");
	await Bun.write(entryPath, embeddingEntry(webOut, all));
	// --compile-jit-policy: start-up code runs once, so the JIT compiling it is wasted work on a cold start;
	// src/server.ts sets the normal policy back once the server is up. The binary must not read a
	// bunfig.toml from whatever folder it is started in: its `preload` entries would run inside our server.
	// Another system's binary is named after it, beside this system's (Bun adds .exe for Windows).
	const binary = join(dist, target ? `commoncents-${target.slice("bun-".length)}` : "commoncents");
	const compile = Bun.spawnSync(
		[
			process.execPath,
			"build",
			"--compile",
			"--minify",
			"--sourcemap",
			...(process.env.NO_BYTECODE ? [] : ["--bytecode"]),
			...(target ? [`--target=${target}`] : []),
			`--compile-jit-policy=${START_JIT_POLICY}`,
			"--no-compile-autoload-bunfig",
			entryPath,
			// The report writer's thread (src/reports/writer.ts loads it by this path inside the binary).
			join(root, "src/report-writer-thread.ts"),
			"--outfile",
			binary,
		],
		{ cwd: root, stdout: "inherit", stderr: "inherit" },
	);
	if (outside) rmSync(buildDir, { recursive: true, force: true });
	if (compile.exitCode !== 0) process.exit(compile.exitCode ?? 1);

	const js = all.filter((f) => f.endsWith(".js") && !f.endsWith("/sw.js"));
	console.log(
		`built ${binary.startsWith(root) ? relative(root, binary) : binary}${target?.includes("windows") ? ".exe" : ""} in ${((performance.now() - started) / 1000).toFixed(1)} s; web files: ${files.length}` +
			` (${js.length} JavaScript, ${kb(sizeOf(js))}: ${kb(sizeOf(js.map((f) => `${f}.gz`)))} gzip,` +
			` ${kb(sizeOf(js.map((f) => `${f}.br`)))} brotli); service worker ${sw.version} precaches ${sw.count} files`,
	);
}

if (import.meta.main) await main();
