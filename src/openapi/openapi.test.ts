import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Validator } from "@seriousme/openapi-schema-validator";
import * as v from "valibot";
import { createApp } from "../app.ts";
import { VERSION } from "../ops/health.ts";
import { expectStatus, registerUser, startTestServer, type TestServer } from "../test/harness.ts";
import { REFERENCE_CSP } from "./reference.ts";

/** The parts of the contract these tests read, checked as they are read; the specification's schema checks the rest. */
const ResponseSchema = v.looseObject({
	description: v.string(),
	content: v.optional(
		v.record(v.string(), v.looseObject({ schema: v.optional(v.looseObject({ $ref: v.optional(v.string()) })) })),
	),
});
const Properties = v.record(v.string(), v.unknown());
const BodySchema = v.looseObject({ properties: v.optional(Properties), required: v.optional(v.array(v.string())) });
const OperationSchema = v.looseObject({
	operationId: v.string(),
	summary: v.string(),
	tags: v.array(v.string()),
	security: v.array(v.record(v.string(), v.array(v.string()))),
	parameters: v.optional(
		v.array(v.looseObject({ in: v.string(), name: v.string(), required: v.optional(v.boolean()) })),
	),
	requestBody: v.optional(v.looseObject({ content: v.record(v.string(), v.looseObject({ schema: BodySchema })) })),
	responses: v.record(v.string(), ResponseSchema),
});
const DocumentSchema = v.looseObject({
	openapi: v.string(),
	info: v.looseObject({ title: v.string(), version: v.string(), description: v.string() }),
	tags: v.array(v.looseObject({ name: v.string(), description: v.optional(v.string()) })),
	paths: v.record(v.string(), v.record(v.string(), OperationSchema)),
	components: v.looseObject({
		securitySchemes: v.record(v.string(), v.record(v.string(), v.string())),
		schemas: v.record(v.string(), v.looseObject({ properties: Properties, required: v.array(v.string()) })),
	}),
});

let server: TestServer;
let document: v.InferOutput<typeof DocumentSchema>;
beforeAll(async () => {
	server = await startTestServer({ OLLAMA_HOST: "off" });
	const res = await server.client().requestRaw("GET", "/api/openapi.json");
	expect(res.status).toBe(200);
	document = v.parse(DocumentSchema, res.data);
});
afterAll(() => server.stop());

const operations = () =>
	Object.entries(document.paths).flatMap(([path, item]) =>
		Object.entries(item).map(([method, operation]) => ({ path, method, operation })),
	);

/** A route as the contract names it: "GET /api/price-reports/{id}". */
const routeName = (method: string, path: string) =>
	`${method.toUpperCase()} ${path.replace(/:(\w+)(?:\{[^}]*\})?\??/g, "{$1}")}`;

describe("GET /api/openapi.json", () => {
	test("is an OpenAPI 3.1 document that validates against the specification's schema", async () => {
		expect(document.openapi).toBe("3.1.0");
		const result = await new Validator().validate(document);
		expect(result.errors).toBeUndefined();
		expect(result.valid).toBe(true);
	});

	test("names the API, its version, and both ways to authenticate", () => {
		expect(document.info.title).toBe("CommonCents API");
		expect(document.info.version).toBe(VERSION);
		expect(document.info.description).toContain("Authorization: Bearer <personal access token>");
		expect(document.components.securitySchemes.session).toMatchObject({
			type: "apiKey",
			in: "cookie",
			name: "__Host-cc_session",
		});
		expect(document.components.securitySchemes.token).toMatchObject({ type: "http", scheme: "bearer" });
	});

	test("has every mounted API route with its method, and no route that is not mounted", () => {
		// The app the server runs, built again to read its route table (middleware is registered as ALL).
		const routes = createApp(server.runtime).routes.filter((r) => r.method !== "ALL" && !r.path.includes("*"));
		const mounted = new Set(routes.map((r) => routeName(r.method, r.path)));
		const api = [...mounted].filter((name) => name.split(" ")[1]!.startsWith("/api/"));
		expect(api.length).toBeGreaterThan(60);
		// Described by its doc() (a validator alone would list the route too, with no summary).
		const documented = new Set(
			operations()
				.filter(({ operation }) => operation.summary)
				.map(({ method, path }) => routeName(method, path)),
		);
		expect(api.filter((name) => !documented.has(name))).toEqual([]);
		expect([...documented].filter((name) => !mounted.has(name))).toEqual([]);
	});

	test("gives every operation a summary, a described tag, its security and a unique id", () => {
		const described = new Map(document.tags.map((tag) => [tag.name, tag.description]));
		const ids = new Set<string>();
		for (const { method, path, operation } of operations()) {
			const where = `${method} ${path}`;
			expect(operation.summary, where).toBeTruthy();
			expect(operation.tags, where).toHaveLength(1);
			expect(described.get(operation.tags[0]!), `${where}: tag ${operation.tags[0]}`).toBeTruthy();
			expect(Array.isArray(operation.security), where).toBe(true);
			expect(ids.has(operation.operationId), where).toBe(false);
			ids.add(operation.operationId);
		}
		expect(document.paths["/api/price-reports/{id}"]?.get?.operationId).toBe("getPriceReportsById");
	});

	test("answers every 4xx with the one Error body", () => {
		let errors = 0;
		for (const { method, path, operation } of operations()) {
			for (const [status, response] of Object.entries(operation.responses)) {
				if (!status.startsWith("4")) continue;
				errors++;
				expect(response.content?.["application/json"]?.schema?.$ref, `${method} ${path} ${status}`).toBe(
					"#/components/schemas/Error",
				);
			}
		}
		expect(errors).toBeGreaterThan(200);
		const error = document.components.schemas.Error!;
		expect(error.required).toEqual(["message"]);
		expect(Object.keys(error.properties).sort()).toEqual(
			[
				"candidate",
				"confirmable",
				"issues",
				"message",
				"reason",
				"retryAfterSeconds",
				"suggestedPrice",
				"suggestedRange",
				"terminated",
				"terminatedAt",
			].sort(),
		);
	});

	test("the Error schema names every field a real refusal carries", async () => {
		const { client } = await registerUser(server);
		const known = Object.keys(document.components.schemas.Error!.properties);
		const refusals = [
			await client.post("/api/price-reports", { productName: "Milk" }),
			await server.client().get("/api/feed"),
			await client.post("/api/price-reports", []),
			await client.get("/api/price-reports/999999"),
			// The quality check's question: a first milk at ten times its price.
			await client.post("/api/price-reports", {
				productName: "Whole Milk",
				price: "34.90",
				categoryId: 3,
				storeName: "Corner Shop",
				storeAddress: "1 Main St",
			}),
		];
		// The question about a place: a store typed like one already reported at that address.
		const lunch = { productName: "Bagel", price: "1.25", categoryId: 3, storeAddress: "9 Elm St" };
		expectStatus(await client.post("/api/price-reports", { ...lunch, storeName: "Hilander Foods" }), 201);
		refusals.push(await client.post("/api/price-reports", { ...lunch, storeName: "Hilander" }));
		for (const res of refusals) {
			expect(res.status).toBeGreaterThanOrEqual(400);
			expect(Object.keys(res.data).filter((key) => !known.includes(key))).toEqual([]);
		}
	});

	test("describes a report's body and a write's refusals", () => {
		const post = document.paths["/api/price-reports"]!.post!;
		const body = post.requestBody!.content["application/json"]!.schema;
		for (const field of ["productName", "price", "categoryId", "storeName", "storeAddress", "size", "imageUrl"]) {
			expect(body.properties?.[field], field).toBeDefined();
		}
		expect(body.required?.sort()).toEqual(["categoryId", "price", "productName", "storeAddress", "storeName"]);
		expect(post.security).toEqual([{ session: [] }]);
		// Its own (400 invalid, 409 a place like a known one, 422 refused by the quality check, 429) and the
		// gate's (Origin, body, full disk).
		expect(Object.keys(post.responses).sort()).toEqual(
			["201", "400", "401", "403", "409", "413", "415", "422", "429", "503"].sort(),
		);
	});

	test("describes a search's query and that a token may read it", () => {
		const get = document.paths["/api/search"]!.get!;
		expect(get.parameters?.map((p) => p.name)).toEqual(expect.arrayContaining(["q", "zipCode", "sort", "limit"]));
		expect(get.security).toEqual([{ session: [] }, { token: [] }]);
		expect(get.responses["429"]).toBeDefined();
		expect(get.requestBody).toBeUndefined();
	});
});

describe("GET /docs/api", () => {
	test("answers the reference page, with its own Content-Security-Policy and no inline script", async () => {
		const res = await server.client().requestRaw("GET", "/docs/api");
		expect(res.status).toBe(200);
		expect(res.headers.get("content-type")).toContain("text/html");
		expect(res.headers.get("content-security-policy")).toBe(REFERENCE_CSP);
		const html = res.text;
		expect(html).toContain('<html lang="en">');
		expect(html).toMatch(/<title>[^<]+<\/title>/);
		expect(html).toContain("<main>");
		expect(html).toContain('<a href="/">');
		const scripts = [...html.matchAll(/<script([^>]*)>/g)].map((m) => m[1]!);
		expect(scripts).toHaveLength(2);
		for (const attributes of scripts) expect(attributes).toMatch(/ src="\/docs\/api\/[^"]+"/);
	});

	test("serves the files it names, compressed and cached for good; nothing else", async () => {
		const html = (await server.client().requestRaw("GET", "/docs/api")).text;
		const files = [...html.matchAll(/(?:src|href)="(\/docs\/api\/[^"]+)"/g)].map((m) => m[1]!);
		expect(files).toHaveLength(4);
		for (const file of files) {
			const res = await fetch(server.origin + file, { headers: { "accept-encoding": "gzip" } });
			expect(res.status, file).toBe(200);
			expect(res.headers.get("cache-control"), file).toBe("public, max-age=31536000, immutable");
			expect(res.headers.get("content-type"), file).toMatch(/^text\/(?:javascript|css)/);
			expect((await res.text()).length, file).toBeGreaterThan(100);
		}
		const plain = await fetch(`${server.origin}${files.find((f) => f.endsWith(".css"))}`, {
			headers: { "accept-encoding": "identity" },
		});
		expect(plain.headers.get("content-encoding")).toBeNull();
		expect((await server.client().requestRaw("GET", "/docs/api/swagger-ui-0.0.0.js")).status).toBe(404);
	});
});
