/**
 * The house's imports, on the server and the web. First the rules of scripts/house/rules.ts (front doors,
 * layers that import no feature, the driver only in the data layer), each breach printed; a breach listed in
 * scripts/house/known-breaches.txt is one not mended yet, and that list may only shrink. Then import loops: file circles (madge's), and cycles between feature folders, where
 * each file counts as its top folder (src/deals, web/alerts). Shared folders (src/lib, web/components, web/api,
 * web/app, db) sit below every feature and may be imported by any; the test support (src/test) and the files
 * at the top of src/ and web/ (app.ts, main.tsx: what puts the features together) sit above them. Neither
 * kind is a feature, so both are left out of the folder graph.
 * Prints every finding and exits 1 if there is any.  Usage: bun scripts/check-import-loops.ts
 */
import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import madge from "madge";
import { doorBreaches, driverBreaches, longestChain, readImports } from "./house/rules.ts";

const ROOT = resolve(import.meta.dir, "..");
const SHARED = new Set(["src/lib", "web/components", "web/api", "web/app", "db", "src/test"]);

type Graph = Record<string, string[]>;

async function dependencyGraph(): Promise<Graph> {
	// Type-only imports are left out: they are erased before anything runs, so a circle of them loads nothing
	// twice (the runtime's type names every feature's parts; the features' routes name the runtime's type).
	const ts = { skipTypeImports: true };
	const result = await madge(["src", "web"], {
		baseDir: ROOT,
		fileExtensions: ["ts", "tsx"],
		tsConfig: resolve(ROOT, "tsconfig.json"),
		detectiveOptions: { ts, tsx: ts, es6: ts },
	});
	return result.obj() as Graph;
}

/** The strongly connected parts of a graph with more than one node, or a node importing itself (Tarjan). */
function loops(graph: Graph): string[][] {
	let next = 0;
	const index = new Map<string, number>();
	const low = new Map<string, number>();
	const stack: string[] = [];
	const onStack = new Set<string>();
	const found: string[][] = [];
	const visit = (node: string) => {
		index.set(node, next);
		low.set(node, next++);
		stack.push(node);
		onStack.add(node);
		for (const to of graph[node] ?? []) {
			if (!index.has(to)) {
				visit(to);
				low.set(node, Math.min(low.get(node)!, low.get(to)!));
			} else if (onStack.has(to)) {
				low.set(node, Math.min(low.get(node)!, index.get(to)!));
			}
		}
		if (low.get(node) !== index.get(node)) return;
		const part: string[] = [];
		let member: string;
		do {
			member = stack.pop()!;
			onStack.delete(member);
			part.push(member);
		} while (member !== node);
		if (part.length > 1 || graph[node]?.includes(node)) found.push(part.sort());
	};
	for (const node of Object.keys(graph).sort()) if (!index.has(node)) visit(node);
	return found;
}

/** One circle through a loop's members, starting at its first: a -> b -> ... -> a. */
function circleThrough(graph: Graph, members: string[]): string[] {
	const inside = new Set(members);
	const start = members[0]!;
	const from = new Map<string, string>();
	const queue = [start];
	while (queue.length > 0) {
		const node = queue.shift()!;
		for (const to of graph[node] ?? []) {
			if (!inside.has(to)) continue;
			if (to === start) {
				const path = [node];
				while (path[0] !== start) path.unshift(from.get(path[0]!)!);
				return [...path, start];
			}
			if (!from.has(to)) {
				from.set(to, node);
				queue.push(to);
			}
		}
	}
	return [start, start];
}

/** src/deals/routes.ts -> src/deals; a file directly in src/ or web/ stands for itself. */
function folderOf(file: string): string {
	const parts = file.split("/");
	if (parts[0] === "db") return "db";
	return parts.length > 2 ? `${parts[0]}/${parts[1]}` : file;
}

const isFeature = (folder: string) => !SHARED.has(folder) && /^(src|web)\/[^/.]+$/.test(folder);

function folderGraph(files: Graph): Graph {
	const folders: Record<string, Set<string>> = {};
	for (const [file, deps] of Object.entries(files)) {
		const from = folderOf(file);
		if (!isFeature(from)) continue;
		folders[from] ??= new Set();
		for (const dep of deps) {
			const to = folderOf(dep);
			if (to !== from && isFeature(to)) folders[from].add(to);
		}
	}
	return Object.fromEntries(Object.entries(folders).map(([k, v]) => [k, [...v].sort()]));
}

/** For a folder cycle, the file imports that make each of its steps. */
function evidence(files: Graph, circle: string[]): string[] {
	const lines: string[] = [];
	for (let i = 0; i < circle.length - 1; i++) {
		const [from, to] = [circle[i]!, circle[i + 1]!];
		for (const [file, deps] of Object.entries(files)) {
			if (folderOf(file) !== from) continue;
			for (const dep of deps) if (folderOf(dep) === to) lines.push(`      ${file} -> ${dep}`);
		}
	}
	return lines;
}

const files = await dependencyGraph();
const fileLoops = loops(files);
const folders = folderGraph(files);
const folderLoops = loops(folders);

for (const members of fileLoops) {
	console.log(`file circle: ${circleThrough(files, members).join(" -> ")}`);
	if (members.length > 2) console.log(`  (all of: ${members.join(", ")})`);
}
for (const members of folderLoops) {
	const circle = circleThrough(folders, members);
	console.log(`folder cycle: ${circle.join(" -> ")}`);
	if (members.length > circle.length - 1) console.log(`  (all of: ${members.join(", ")})`);
	for (const line of evidence(files, circle)) console.log(line);
}
const loopCount = fileLoops.length + folderLoops.length;
console.log(
	loopCount === 0
		? `No import loops in ${Object.keys(files).length} files.`
		: `${fileLoops.length} file circle(s), ${folderLoops.length} folder cycle(s).`,
);

const MAX_CHAIN = 4;
const KNOWN_FILE = resolve(ROOT, "scripts/house/known-breaches.txt");
const known = new Set(
	existsSync(KNOWN_FILE)
		? readFileSync(KNOWN_FILE, "utf8")
				.split("\n")
				.filter((line) => line.trim() && !line.startsWith("#"))
		: [],
);
const house = readImports(ROOT);
const breaches = [...doorBreaches(house.imports), ...driverBreaches(house.files, house.imports)];
const fresh = breaches.filter((line) => !known.has(line));
const CHAIN_WAIVER = `chain longer than ${MAX_CHAIN}`;
const mended = [...known].filter((line) => line !== CHAIN_WAIVER && !breaches.includes(line));
for (const line of fresh) console.log(line);
for (const line of mended) console.log(`mended, so strike it from known-breaches.txt: ${line}`);
const chain = longestChain(house.imports);
console.log(`Longest chain of server features: ${chain.length} (${chain.join(" -> ")}); at most ${MAX_CHAIN}.`);
console.log(`${breaches.length - fresh.length} known breach(es) left to mend, ${fresh.length} new.`);
const chainTooLong = chain.length > MAX_CHAIN && !known.has(CHAIN_WAIVER);
const failed = loopCount > 0 || fresh.length > 0 || mended.length > 0 || chainTooLong;
process.exit(failed ? 1 : 0);
