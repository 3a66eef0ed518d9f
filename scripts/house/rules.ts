/**
 * The house rules the import check holds the tree to, besides "no loops":
 * - a feature's files are reached from outside it through its front door, `index.ts` (and, for the web, a
 *   server feature's wire contract, `schemas.ts`); a dynamic import from a composition root may name any file,
 *   since that file is a chunk of its own;
 * - the shared layers below the features (src/lib, src/data, db, web/components, web/api, web/state) import no
 *   feature;
 * - the driver (bun:sqlite, drizzle's query builders, the schema's tables, `$client`) is reached only from the
 *   data layer and the database's own infrastructure.
 */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

export type Import = { from: string; to: string; typeOnly: boolean; dynamic: boolean };

/** The layers every feature stands on. They import no feature. */
export const LAYERS = new Set(["src/lib", "src/data", "db", "web/components", "web/api", "web/state"]);
/** What puts the features together: it may import any feature's front door. */
const ROOT_FOLDERS = new Set(["web/app", "src/test"]);
/** The database's own infrastructure (opening, migrating, checkpointing, backing up): may use the driver. */
const DRIVER_INFRASTRUCTURE = new Set([
	"src/db.ts",
	"src/server-stop.ts",
	"src/ops/backup.ts",
	"src/ops/checkpointer.ts",
	"src/ops/health.ts",
	"src/ops/data-lock.ts",
]);
const DRIVER_PACKAGES = /^(bun:sqlite|drizzle-orm(\/(bun-sqlite|sqlite-core|sql))?)$/;

const isTest = (file: string) =>
	/(\.(test|e2e)\.tsx?|\/testing\.ts)$/.test(file) || file.startsWith("src/test/") || file.startsWith("web/e2e/");
/** The scripts that fill a database with a demo town: they stand above the features they use. */
const SEEDING = new Set(["db/seed.ts", "db/demo.ts"]);
/** Files at the top of src/ a layer may lean on: the database's opening and the configuration. */
const BELOW_LAYERS = new Set(["src/db.ts", "src/env.ts"]);

/** src/deals/routes.ts -> src/deals; a file directly in src/ or web/ stands for itself. */
export function folderOf(file: string): string {
	const parts = file.split("/");
	// The schema and its migrations are the bottom layer; the seeding scripts beside them stand for themselves.
	if (parts[0] === "db") return SEEDING.has(file) ? file : "db";
	return parts.length > 2 ? `${parts[0]}/${parts[1]}` : file;
}

export const isFeature = (folder: string) =>
	!LAYERS.has(folder) && !ROOT_FOLDERS.has(folder) && folder !== "web/e2e" && /^(src|web)\/[^/.]+$/.test(folder);

function sourceFiles(root: string, dir: string): string[] {
	const out: string[] = [];
	for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
		const path = `${dir}/${entry.name}`;
		if (entry.isDirectory()) {
			if (entry.name !== "node_modules" && entry.name !== "fixtures") out.push(...sourceFiles(root, path));
		} else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts")) out.push(path);
	}
	return out;
}

const STATIC = /^\s*(import|export)\s+(type\s+)?(?:[^'";]*?\s+from\s+)?["']([^"']+)["']/gm;
const DYNAMIC = /import\(\s*["']([^"']+)["']\s*\)/g;

/** Every import and re-export of every source file under src, web and db, resolved to a path from `root`. */
export function readImports(root: string): { files: Map<string, string>; imports: Import[] } {
	const files = new Map<string, string>();
	const imports: Import[] = [];
	for (const file of ["src", "web", "db"].flatMap((dir) => sourceFiles(root, dir))) {
		const text = readFileSync(join(root, file), "utf8");
		files.set(file, text);
		const target = (spec: string) => (spec.startsWith(".") ? relative(root, resolve(root, dirname(file), spec)) : spec);
		for (const m of text.matchAll(STATIC)) {
			// `export { x }` without a source and `import x = ...` do not match: only what names a module counts.
			// Only `import type` is erased whole: under verbatimModuleSyntax `import { type A }` still loads the module.
			const typeOnly = Boolean(m[2]);
			imports.push({ from: file, to: target(m[3]!), typeOnly, dynamic: false });
		}
		for (const m of text.matchAll(DYNAMIC))
			imports.push({ from: file, to: target(m[1]!), typeOnly: false, dynamic: true });
	}
	return { files, imports };
}

/** The breaches of the front-door and layer rules, one line each. */
export function doorBreaches(imports: Import[]): string[] {
	const found: string[] = [];
	for (const { from, to, typeOnly, dynamic } of imports) {
		if (isTest(from) || !/^(src|web|db)\//.test(to)) continue;
		const [source, target] = [folderOf(from), folderOf(to)];
		if (source === target) continue;
		if (LAYERS.has(source) && (isFeature(target) || !LAYERS.has(target))) {
			// The one exception: types of what sits above (the app's routes for the typed client, the runtime's shape).
			const allowed = LAYERS.has(target) || BELOW_LAYERS.has(to) || (typeOnly && !isFeature(target));
			if (!allowed) found.push(`layer imports above it: ${from} -> ${to}`);
			continue;
		}
		if (!isFeature(target)) continue;
		const door = to === `${target}/index.ts`;
		// The wire contracts may lean on one another (a reason list, a bound): each is what the web may load.
		const contractToContract = from === `${source}/schemas.ts` && to === `${target}/schemas.ts`;
		const contract = from.startsWith("web/") && to === `${target}/schemas.ts`;
		const typeDoor = from.startsWith("web/") && typeOnly && to.startsWith("src/") && door;
		const chunk = dynamic && !isFeature(source);
		if (!door && !contract && !contractToContract && !typeDoor && !chunk)
			found.push(`past the front door: ${from} -> ${to}`);
		else if (from.startsWith("web/") && to.startsWith("src/") && door && !typeOnly)
			found.push(`server code in the web bundle: ${from} -> ${to}`);
	}
	return found;
}

const inDataLayer = (file: string) =>
	file.startsWith("src/data/") || file.startsWith("db/") || DRIVER_INFRASTRUCTURE.has(file);

/** Files outside the data layer that reach the driver: its packages, the schema's tables, or `$client`. */
export function driverBreaches(files: Map<string, string>, imports: Import[]): string[] {
	const found = new Set<string>();
	for (const { from, to, typeOnly } of imports) {
		if (isTest(from) || inDataLayer(from) || typeOnly || !from.startsWith("src/")) continue;
		if (DRIVER_PACKAGES.test(to) || to.startsWith("db/schema"))
			found.add(`driver outside the data layer: ${from} -> ${to}`);
	}
	for (const [file, text] of files) {
		if (isTest(file) || inDataLayer(file) || !file.startsWith("src/")) continue;
		if (/\$client\b/.test(text)) found.add(`driver outside the data layer: ${file} uses $client`);
	}
	return [...found].sort();
}

/** The longest chain of server features importing one another (the folder graph has no cycles). */
export function longestChain(imports: Import[]): string[] {
	const graph = new Map<string, Set<string>>();
	for (const { from, to } of imports) {
		if (isTest(from) || !from.startsWith("src/") || !to.startsWith("src/")) continue;
		const [source, target] = [folderOf(from), folderOf(to)];
		if (source === target || !isFeature(source) || !isFeature(target)) continue;
		if (!graph.has(source)) graph.set(source, new Set());
		graph.get(source)!.add(target);
	}
	const memo = new Map<string, string[]>();
	const from = (node: string, seen: Set<string>): string[] => {
		if (memo.has(node)) return memo.get(node)!;
		if (seen.has(node)) return [node];
		seen.add(node);
		let best: string[] = [];
		for (const next of graph.get(node) ?? []) {
			const path = from(next, seen);
			if (path.length > best.length) best = path;
		}
		seen.delete(node);
		const path = [node, ...best];
		memo.set(node, path);
		return path;
	};
	let longest: string[] = [];
	for (const node of [...graph.keys()].sort()) {
		const path = from(node, new Set());
		if (path.length > longest.length) longest = path;
	}
	return longest;
}
