/**
 * The integration guide's examples, run as written against the demo (`commoncents seed`): each curl command
 * and each Home Assistant resource of docs/integrations.md and of the reference page's quick start, with a real
 * token. Each answers, with prices in it, and the answer has every field its sample shows and no other.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { DEMO_PASSWORD, seedDemo } from "../../db/demo.ts";
import { expectBody, startTestServer, type TestServer } from "../test/harness.ts";

const GUIDE = readFileSync(join(import.meta.dir, "..", "..", "docs", "integrations.md"), "utf8");

type Example = {
	/** The command or resource as the guide writes it, to name a failure. */
	text: string;
	url: string;
	headers: Record<string, string>;
	/** The answer the guide shows after it, if any: an error's (`$ curl` then its output) or a JSON sample. */
	shown: { error: boolean; body: unknown } | null;
	/** The `value_json` paths a Home Assistant sensor reads from the answer. */
	reads: string[];
};

type Fence = { lang: string; text: string };
const fences = (markdown: string): Fence[] =>
	[...markdown.matchAll(/^```(\w*)\n([\s\S]*?)^```/gm)].map((m) => ({ lang: m[1] ?? "", text: m[2] ?? "" }));

/** Each curl command of the sh blocks, but the one whose path is left as "...". */
function curlExamples(blocks: Fence[]): Example[] {
	const out: Example[] = [];
	blocks.forEach((block, i) => {
		if (block.lang !== "sh") return;
		const lines = block.text.replace(/\\\n\s*/g, " ").split("\n");
		lines.forEach((line, j) => {
			const command = line.match(/^(\$ )?curl (.*)$/);
			if (!command) return;
			const url = [...line.matchAll(/"(https?:\/\/[^"]+)"/g)].at(-1)?.[1];
			if (!url || url.endsWith("/...")) return;
			const headers = Object.fromEntries(
				[...line.matchAll(/-H "([^:"]+): ([^"]*)"/g)].map((h) => [h[1] ?? "", h[2] ?? ""]),
			);
			const next = blocks[i + 1];
			const shown = command[1]
				? { error: true, body: JSON.parse(lines[j + 1] ?? "null") }
				: next?.lang === "json"
					? { error: false, body: JSON.parse(next.text) }
					: null;
			out.push({ text: line, url, headers, shown, reads: [] });
		});
	});
	return out;
}

/** `key: value` pairs of a YAML flow map ("{ a: 1, b: "x" }") or of the indented lines under a key. */
function yamlPairs(lines: string[]): [string, string][] {
	return lines.flatMap((line) =>
		line
			.replace(/^\s*\{|\}\s*$/g, "")
			.split(/,(?=\s*\w+:)/)
			.map((pair) => pair.match(/^\s*(\w+):\s*(.*?)\s*$/))
			.filter((m): m is RegExpMatchArray => m !== null)
			.map((m): [string, string] => [m[1] ?? "", (m[2] ?? "").replace(/^"(.*)"$/, "$1")]),
	);
}

/** Each Home Assistant `resource` of the yaml blocks, with its params, header and the paths its sensors read. */
function yamlExamples(blocks: Fence[]): Example[] {
	const out: Example[] = [];
	for (const block of blocks) {
		if (block.lang !== "yaml") continue;
		const lines = block.text.split("\n");
		lines.forEach((line, i) => {
			const resource = line.match(/^(\s*)(?:- )?resource: (\S+)/);
			if (!resource) return;
			const rest = lines.slice(i + 1);
			const end = rest.findIndex((l) => /resource: /.test(l));
			const own = end < 0 ? rest : rest.slice(0, end);
			const paramsAt = own.findIndex((l) => /^\s*params:/.test(l));
			const params: [string, string][] = [];
			if (paramsAt >= 0) {
				const head = own[paramsAt] ?? "";
				const inline = head.replace(/^\s*params:\s*/, "");
				const indent = head.search(/\S/);
				const under = own.slice(paramsAt + 1);
				const stop = under.findIndex((l) => l.search(/\S/) <= indent);
				params.push(...yamlPairs(inline ? [inline] : stop < 0 ? under : under.slice(0, stop)));
			}
			const reads = own.flatMap((l) =>
				[...l.matchAll(/value_template: "\{\{ value_json\.([\w.]+) \}\}"/g)].map((m) => m[1] ?? ""),
			);
			const url = `${resource[2]}?${new URLSearchParams(params)}`;
			out.push({ text: line.trim(), url, headers: { Authorization: "!secret" }, shown: null, reads });
		});
	}
	return out;
}

/** Every path of a JSON value's fields ("product.category.slug", "stores[].price"), an array's by its items'. */
function fieldPaths(value: unknown, prefix = ""): string[] {
	if (Array.isArray(value)) return [...new Set(value.flatMap((item) => fieldPaths(item, `${prefix}[]`)))];
	if (value === null || typeof value !== "object") return [];
	return Object.entries(value).flatMap(([key, item]) => {
		const path = prefix ? `${prefix}.${key}` : key;
		return [path, ...fieldPaths(item, path)];
	});
}

/** What an answer lists: the categories, or a price answer's stores, stations or fuels. */
function listed(data: unknown): unknown[] | undefined {
	if (Array.isArray(data)) return data;
	const body = data as { stores?: unknown[]; stations?: unknown[]; prices?: unknown[] };
	return body.stores ?? body.stations ?? body.prices;
}

const at = (data: unknown, path: string) =>
	path.split(".").reduce<unknown>((value, key) => (value as Record<string, unknown> | null)?.[key], data);

let server: TestServer;
let secret: string;
let quickStart: string;
/** The demo's "Third Street Service", the station the guide's station example shows, by its id in this database. */
let stationId: number;
beforeAll(async () => {
	server = await startTestServer({ OLLAMA_HOST: "off" });
	await seedDemo(server.db);
	const maria = server.client();
	expect((await maria.post("/api/auth/login", { username: "maria", password: DEMO_PASSWORD })).status).toBe(200);
	secret = expectBody(await maria.post("/api/tokens", { name: "Guide examples" }), 201).secret;
	const contract = (await server.client().requestRaw("GET", "/api/openapi.json")).data as {
		info: { description: string };
	};
	quickStart = contract.info.description;
	const res = await fetch(`${server.origin}/api/v1/fuel/prices?zip=90210&fuel=regular`, {
		headers: { Authorization: `Bearer ${secret}` },
	});
	const near = (await res.json()) as { stations: { station: { id: number; name: string } }[] };
	const shown = near.stations.find((s) => s.station.name === "Third Street Service");
	if (!shown) throw new Error("the demo has no Third Street Service near 90210");
	stationId = shown.station.id;
});
afterAll(() => server.stop());

/** Runs an example on the test server as the guide's reader would, with their token in its placeholder's place. */
async function run(example: Example) {
	const url = example.url
		.replace(/^https:\/\/(prices\.example\.org|your-instance)/, server.origin)
		// The guide's station id is its sample's; the demo's station of that name may have another.
		.replace(/\/stations\/\d+\//, `/stations/${stationId}/`);
	expect(url.startsWith(server.origin)).toBe(true);
	const headers = Object.fromEntries(
		Object.entries(example.headers).map(([name, value]) => [
			name,
			value.replace("$CC_TOKEN", secret).replace("cc_pat_...", secret).replace("!secret", `Bearer ${secret}`),
		]),
	);
	const res = await fetch(url, { headers });
	return { status: res.status, data: await res.json() };
}

async function expectAnswers(example: Example) {
	const { status, data } = await run(example);
	const seen = { example: example.text, status };
	if (example.shown?.error) {
		expect(seen).toEqual({ example: example.text, status: 400 });
		expect(data).toEqual(example.shown.body);
		return;
	}
	expect(seen).toEqual({ example: example.text, status: 200 });
	expect({ example: example.text, listed: (listed(data)?.length ?? 0) > 0 }).toEqual({
		example: example.text,
		listed: true,
	});
	if (example.shown) expect(fieldPaths(data).sort()).toEqual(fieldPaths(example.shown.body).sort());
	for (const path of example.reads) expect({ path, value: typeof at(data, path) }).toEqual({ path, value: "number" });
}

describe("docs/integrations.md's examples answer on the demo", () => {
	const blocks = fences(GUIDE);

	test("every curl command: 200 with prices, in the fields its sample shows; the error one, its error", async () => {
		const examples = curlExamples(blocks);
		expect(examples.map((e) => new URL(e.url).pathname)).toEqual([
			"/api/v1/products/prices",
			"/api/v1/products/prices",
			"/api/v1/products/prices",
			"/api/v1/categories",
			"/api/v1/fuel/prices",
			"/api/v1/stations/1/prices",
			"/api/v1/fuel/prices",
		]);
		expect(examples.filter((e) => e.shown).length).toBe(6);
		for (const example of examples) await expectAnswers(example);
	});

	test("every Home Assistant resource: 200, and each sensor's value a number", async () => {
		const examples = yamlExamples(blocks);
		expect(examples.map((e) => [new URL(e.url).pathname, e.reads.length])).toEqual([
			["/api/v1/fuel/prices", 2],
			["/api/v1/products/prices", 1],
		]);
		for (const example of examples) await expectAnswers(example);
	});
});

describe("the reference page's quick start answers on the demo", () => {
	test("its curl command and its Home Assistant sensor", async () => {
		const blocks = fences(quickStart);
		const examples = [...curlExamples(blocks), ...yamlExamples(blocks)];
		expect(examples.map((e) => new URL(e.url).pathname)).toEqual(["/api/v1/fuel/prices", "/api/v1/products/prices"]);
		for (const example of examples) await expectAnswers(example);
	});
});
