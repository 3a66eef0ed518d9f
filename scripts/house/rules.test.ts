import { afterEach, describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { doorBreaches, driverBreaches, longestChain, readImports } from "./rules.ts";

let root: string | undefined;
afterEach(() => root && rmSync(root, { recursive: true, force: true }));

/** A small tree of source files, path to text, read as the check reads the real one. */
function house(files: Record<string, string>) {
	root = mkdtempSync(join(tmpdir(), "house-rules-"));
	for (const dir of ["src", "web", "db"]) mkdirSync(join(root, dir), { recursive: true });
	for (const [path, text] of Object.entries(files)) {
		mkdirSync(dirname(join(root, path)), { recursive: true });
		writeFileSync(join(root, path), text);
	}
	const read = readImports(root);
	return { doors: doorBreaches(read.imports), driver: driverBreaches(read.files, read.imports), read };
}

describe("front doors", () => {
	test("a feature reached past its index.ts is a breach; through it is not", () => {
		const { doors } = house({
			"src/gas/routes.ts": 'import { x } from "../deals/search.ts";\nimport { y } from "../deals/index.ts";\n',
			"src/deals/search.ts": "export const x = 1;\n",
			"src/deals/index.ts": 'export { x as y } from "./search.ts";\n',
		});
		expect(doors).toEqual(["past the front door: src/gas/routes.ts -> src/deals/search.ts"]);
	});

	test("the web takes values only from a server contract, and only types from a door", () => {
		const { doors } = house({
			"web/gas/Page.tsx": [
				'import { A } from "../../src/gas/schemas.ts";',
				'import type { B } from "../../src/gas/index.ts";',
				'import { C } from "../../src/gas/index.ts";',
				'import { D } from "../../src/gas/stations.ts";',
			].join("\n"),
			"src/gas/schemas.ts": "export const A = 1;\n",
			"src/gas/index.ts": "export const C = 1;\nexport type B = 1;\n",
			"src/gas/stations.ts": "export const D = 1;\n",
		});
		expect(doors).toEqual([
			"server code in the web bundle: web/gas/Page.tsx -> src/gas/index.ts",
			"past the front door: web/gas/Page.tsx -> src/gas/stations.ts",
		]);
	});
});

describe("layers", () => {
	test("src/lib importing a feature, even through its door, is a breach", () => {
		const { doors } = house({
			"src/lib/guards.ts": 'import { bearer } from "../tokens/index.ts";\n',
			"src/tokens/index.ts": "export const bearer = 1;\n",
		});
		expect(doors).toEqual(["layer imports above it: src/lib/guards.ts -> src/tokens/index.ts"]);
	});

	test("a layer may take types from the runtime above it", () => {
		const { doors } = house({ "src/lib/context.ts": 'import type { Runtime } from "../runtime.ts";\n' });
		expect(doors).toEqual([]);
	});
});

describe("the driver", () => {
	test("a feature calling the driver is a breach; the data layer is not", () => {
		const { driver } = house({
			"src/alerts/hits.ts": 'import { eq } from "drizzle-orm";\nimport { alerts } from "../../db/schema.ts";\n',
			"src/alerts/live.ts": "export const n = (db) => db.$client.query('SELECT 1').get();\n",
			"src/data/alerts.ts": 'import { eq } from "drizzle-orm";\nexport const n = (db) => db.$client;\n',
			"db/schema.ts": "export const alerts = 1;\n",
		});
		expect(driver).toEqual([
			"driver outside the data layer: src/alerts/hits.ts -> db/schema.ts",
			"driver outside the data layer: src/alerts/hits.ts -> drizzle-orm",
			"driver outside the data layer: src/alerts/live.ts uses $client",
		]);
	});
});

test("the longest chain of server features is found through their imports", () => {
	const { read } = house({
		"src/v1/routes.ts": 'import { a } from "../history/index.ts";\n',
		"src/history/index.ts": 'import { b } from "../gas/index.ts";\nexport const a = b;\n',
		"src/gas/index.ts": 'import { c } from "../lib/money.ts";\nexport const b = c;\n',
		"src/lib/money.ts": "export const c = 1;\n",
	});
	expect(longestChain(read.imports)).toEqual(["src/v1", "src/history", "src/gas"]);
});
