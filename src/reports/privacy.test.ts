/**
 * A reporter as others see them (decision 0074), on every route of the API contract that can answer a report
 * or a shopper: each GET the contract lists, and each write whose answer it describes as a report. A private
 * shopper and a public one have reported prices and fuel; another shopper reads everything with their cookie
 * and with a personal access token, and neither surname nor the private username may be in any answer, while
 * the private shopper reading their own reports sees their last name whole. The routes come from the
 * contract, so a new one is walked as soon as it is mounted; one the walk cannot call by itself (a path
 * parameter, a required query) fails here until CALLS says how.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import * as v from "valibot";
import {
	expectBody,
	expectStatus,
	registerUser,
	startTestServer,
	type TestClient,
	type TestServer,
} from "../test/harness.ts";

/** The parts of the contract the walk reads, checked as they are read. */
const OperationSchema = v.looseObject({
	security: v.optional(v.array(v.record(v.string(), v.array(v.string())))),
	parameters: v.optional(
		v.array(v.looseObject({ in: v.string(), name: v.string(), required: v.optional(v.boolean()) })),
	),
	responses: v.record(v.string(), v.looseObject({ description: v.string() })),
});
const ContractSchema = v.looseObject({ paths: v.record(v.string(), v.record(v.string(), OperationSchema)) });
type Operation = v.InferOutput<typeof OperationSchema>;
type Who = "private" | "public";
/** One call of a route: its path and query values, the status expected, whose byline the answer must carry. */
type Call = { params?: Record<string, string>; query?: Record<string, string>; status?: number; shows?: Who[] };
type Answer = { status: number; data: unknown };

const ZIP = "90210";
const PRIVATE = { firstName: "Ottilie", lastName: "Zwierzchowski" };
const PUBLIC = { firstName: "Bartholomew", lastName: "Przybyszewski" };
const STORE = { storeName: "Corner Grocer", storeAddress: "9 Elm St", availability: "in-stock", vacationMode: false };
const STATION = { stationName: "Elm Fuel", stationAddress: "10 Elm St", stationZipCode: ZIP };

/** GETs the walk leaves out, and why; it leaves out the moderators' console too, which sees reporters whole. */
const NOT_WALKED: Record<string, string> = {
	"GET /api/events": "a stream that stays open; its events carry alert hits, no reporter",
	"GET /uploads/{key}": "a photo's bytes",
};
/** Writes whose answer the contract's words name a report, yet carry none. */
const NO_REPORT_WRITES: Record<string, string> = {
	"PUT /api/uploads/{key}": "a photo's path, for a report's imageUrl",
};

let server: TestServer;
let contract: v.InferOutput<typeof ContractSchema>;
let viewer: TestClient;
let reporter: TestClient;
let bearer: Record<string, string>;
const f = {
	privateUsername: "",
	publicUsername: "",
	dairyId: 0,
	report: 0,
	gasReport: 0,
	station: 0,
	list: 0,
	share: "",
};

async function report(client: TestClient, productName: string, price: number) {
	const res = await client.post("/api/price-reports", {
		...STORE,
		productName,
		price,
		categoryId: f.dairyId,
		tags: [],
	});
	expectStatus(res, 201);
	return res.data.id;
}
async function fuel(client: TestClient, fuelType: string, price: number) {
	const res = await client.post("/api/gas/reports", { ...STATION, fuelType, price });
	expectStatus(res, 201);
	return res.data;
}

beforeAll(async () => {
	server = await startTestServer({ OLLAMA_HOST: "off" });
	contract = v.parse(ContractSchema, (await server.client().requestRaw("GET", "/api/openapi.json")).data);
	const hidden = await registerUser(server, { ...PRIVATE, zipCode: ZIP });
	const shown = await registerUser(server, { ...PUBLIC, zipCode: ZIP });
	const other = await registerUser(server, { zipCode: ZIP });
	[reporter, viewer] = [hidden.client, other.client];
	[f.privateUsername, f.publicUsername] = [hidden.username, shown.username];
	expect((await reporter.put("/api/profile/privacy", { isPublicProfile: false })).status).toBe(200);
	const categories = expectBody(await viewer.get("/api/categories"), 200);
	f.dairyId = categories.find((c) => c.name === "Dairy")?.id ?? 0;
	f.report = await report(reporter, "Quokka cheddar", 4.25);
	await report(shown.client, "Quokka brie", 6.5);
	const gas = await fuel(reporter, "regular", 3.459);
	[f.gasReport, f.station] = [gas.id, gas.stationId];
	await fuel(shown.client, "premium", 3.899);
	// The viewer's list of the private reporter's product, shared: its plan names stores and prices, nobody.
	const list = await viewer.post("/api/lists", { name: "Walk" });
	expectStatus(list, 201);
	expectStatus(
		await viewer.post(`/api/lists/${list.data.id}/items`, { name: "Quokka cheddar", categoryId: f.dairyId }),
		201,
	);
	const shared = await viewer.patch(`/api/lists/${list.data.id}`, { shared: true });
	expectStatus(shared, 200);
	[f.list, f.share] = [list.data.id, String(shared.data.shareUrl).split("/").pop() ?? ""];
	const token = await viewer.post("/api/tokens", { name: "Pantry" });
	expectStatus(token, 201);
	bearer = { authorization: `Bearer ${token.data.secret}` };
}, 60_000);
afterAll(() => server.stop());

/** The query values a route gets unless CALLS says otherwise, by parameter name. */
const QUERY = (): Record<string, string> => ({
	zipCode: ZIP,
	zip: ZIP,
	q: "quokka",
	productName: "Quokka cheddar",
	name: "Quokka cheddar",
	categoryId: String(f.dairyId),
	fuelType: "regular",
	fuel: "regular",
});

/** How to call the GETs the walk cannot call by itself, or whose answers must carry a byline. */
const CALLS = (): Record<string, Call[]> => ({
	"GET /api/price-reports/{id}": [{ params: { id: String(f.report) }, shows: ["private"] }],
	"GET /api/search": [{ shows: ["private", "public"] }],
	"GET /api/products/history": [{ shows: ["private"] }],
	"GET /api/gas/reports/nearby": [{ shows: ["private", "public"] }],
	"GET /api/gas/stations/{id}/history": [{ params: { id: String(f.station) }, shows: ["private", "public"] }],
	"GET /api/v1/stations/{id}/prices": [{ params: { id: String(f.station) } }],
	"GET /api/lists/{id}": [{ params: { id: String(f.list) } }],
	"GET /api/lists/{id}/plan": [{ params: { id: String(f.list) } }],
	"GET /api/v1/lists/{id}/plan": [{ params: { id: String(f.list) } }],
	"GET /api/shared-lists/{token}": [{ params: { token: f.share } }],
	"GET /api/users/search": [{ query: { q: "bartholomew" }, shows: ["public"] }, { query: { q: "ottilie z" } }],
	"GET /api/users/top": [{ shows: ["public"] }],
	"GET /api/users/{username}/profile": [
		{ params: { username: f.publicUsername }, shows: ["public"] },
		{ params: { username: f.privateUsername }, status: 404 },
	],
});

const operations = () =>
	Object.entries(contract.paths).flatMap(([path, item]) =>
		Object.entries(item).map(([method, op]) => ({ route: `${method.toUpperCase()} ${path}`, method, path, op })),
	);
const walkedGets = () =>
	operations().filter((o) => o.method === "get" && !o.path.startsWith("/api/admin/") && !(o.route in NOT_WALKED));
const byToken = (op: Operation) => (op.security ?? []).some((s) => "token" in s);

/** The route's calls as URLs: CALLS' values over the defaults; a value the walk has not is an error. */
function urlsOf({ route, path, op }: ReturnType<typeof operations>[number], calls = CALLS()) {
	return (calls[route] ?? [{}]).map((call) => {
		let url = path;
		const query = new URLSearchParams();
		for (const p of op.parameters ?? []) {
			const value = p.in === "path" ? call.params?.[p.name] : (call.query?.[p.name] ?? QUERY()[p.name]);
			if (value === undefined && p.required) throw new Error(`Tell the walk how to call ${route}: ${p.name}`);
			if (value === undefined) continue;
			if (p.in === "path") url = url.replace(`{${p.name}}`, encodeURIComponent(value));
			else query.set(p.name, value);
		}
		return { url: query.size ? `${url}?${query}` : url, call };
	});
}

/** Every object in an answer that is a person, by first name. */
function people(data: unknown, found: Record<string, unknown>[] = []) {
	if (Array.isArray(data)) for (const item of data) people(item, found);
	else if (data && typeof data === "object") {
		if ("firstName" in data && "lastName" in data) found.push(data as Record<string, unknown>);
		for (const value of Object.values(data)) people(value, found);
	}
	return found;
}

/**
 * What another shopper (or their token) may see in any answer: initials, and the public username only. Each
 * problem is a line naming the call, so one run lists every route that leaks.
 */
function asOthersSee(where: string, res: Answer, call: Call): string[] {
	const problems: string[] = [];
	const status = res.status === 201 ? 200 : res.status;
	if (status !== (call.status ?? 200)) problems.push(`${where}: status ${res.status}`);
	const text = JSON.stringify(res.data);
	for (const secret of [PRIVATE.lastName, PUBLIC.lastName, f.privateUsername])
		if (text.includes(secret)) problems.push(`${where}: carries ${secret}`);
	const all = people(res.data);
	const bylines = (p: typeof PRIVATE) => all.filter((u) => u.firstName === p.firstName);
	for (const u of bylines(PRIVATE))
		if (u.lastName !== "Z" || u.username !== null) problems.push(`${where}: private ${JSON.stringify(u)}`);
	for (const u of bylines(PUBLIC))
		if (u.lastName !== "P" || u.username !== f.publicUsername) problems.push(`${where}: public ${JSON.stringify(u)}`);
	for (const who of call.shows ?? [])
		if (bylines(who === "private" ? PRIVATE : PUBLIC).length === 0) problems.push(`${where}: no ${who} byline`);
	return problems;
}

/** The private shopper reading their own report: their last name whole. */
function asOwnSee(where: string, res: Answer): string[] {
	if (res.status !== 200 && res.status !== 201) return [`${where}: status ${res.status}`];
	const own = people(res.data).filter((u) => u.firstName === PRIVATE.firstName);
	if (own.length === 0) return [`${where}: no byline of theirs`];
	return own.filter((u) => u.lastName !== PRIVATE.lastName).map((u) => `${where}: own ${JSON.stringify(u)}`);
}

describe("a reporter as others see them, on every route of the contract", () => {
	test("the walk reaches the routes that carry bylines", () => {
		const walked = new Set(walkedGets().map((o) => o.route));
		for (const route of Object.keys(CALLS()))
			expect({ route, walked: walked.has(route) }).toEqual({ route, walked: true });
		expect(walked.size).toBeGreaterThan(20);
	});

	test("another shopper's cookie: initials, and no private username", async () => {
		const problems: string[] = [];
		for (const o of walkedGets())
			for (const { url, call } of urlsOf(o))
				problems.push(...asOthersSee(`${o.route} ${url}`, await viewer.requestRaw("GET", url), call));
		expect(problems).toEqual([]);
	});

	test("their personal access token: the same", async () => {
		const problems: string[] = [];
		for (const o of walkedGets().filter((o) => byToken(o.op)))
			for (const { url, call } of urlsOf(o))
				problems.push(
					...asOthersSee(`token ${o.route} ${url}`, await viewer.requestRaw("GET", url, { headers: bearer }), call),
				);
		expect(problems).toEqual([]);
	});

	test("the reporter reading their own reports sees their last name whole", async () => {
		// Where others see the private shopper's byline, and their own profile page.
		const own: Record<string, Call[]> = {
			"GET /api/users/{username}/profile": [{ params: { username: f.privateUsername } }],
		};
		for (const [route, calls] of Object.entries(CALLS())) {
			const theirs = calls.filter((c) => c.shows?.includes("private"));
			if (theirs.length > 0) own[route] = theirs;
		}
		const problems: string[] = [];
		for (const o of walkedGets().filter((o) => o.route in own))
			for (const { url } of urlsOf(o, own))
				problems.push(...asOwnSee(`${o.route} ${url}`, await reporter.requestRaw("GET", url)));
		expect(problems).toEqual([]);
	});

	/** The writes whose answer is a report: as another shopper, then (where one may) as the reporter. */
	const WRITES = (): Record<string, { other: () => Promise<Answer>; own?: () => Promise<Answer> }> => ({
		"POST /api/price-reports/{id}/feedback": {
			other: () => viewer.post(`/api/price-reports/${f.report}/feedback`, { kind: "confirm" }),
		},
		"DELETE /api/price-reports/{id}/feedback": {
			other: () => viewer.delete(`/api/price-reports/${f.report}/feedback`),
		},
		"POST /api/gas/reports/{id}/feedback": {
			other: () => viewer.post(`/api/gas/reports/${f.gasReport}/feedback`, { kind: "confirm" }),
		},
		"DELETE /api/gas/reports/{id}/feedback": { other: () => viewer.delete(`/api/gas/reports/${f.gasReport}/feedback`) },
		// Another shopper giving the same price there is answered the report it confirms: the reporter's.
		"POST /api/price-reports": {
			other: () =>
				viewer.post("/api/price-reports", {
					...STORE,
					productName: "Quokka cheddar",
					price: 4.25,
					categoryId: f.dairyId,
					tags: [],
				}),
			own: () =>
				reporter.post("/api/price-reports", {
					...STORE,
					productName: "Quokka gouda",
					price: 5.75,
					categoryId: f.dairyId,
					tags: [],
				}),
		},
		"POST /api/gas/reports": {
			other: () => viewer.post("/api/gas/reports", { ...STATION, fuelType: "regular", price: 3.459 }),
			own: () => reporter.post("/api/gas/reports", { ...STATION, fuelType: "diesel", price: 4.199 }),
		},
	});

	test("every write the contract says answers a report is walked, as another shopper and as the reporter", async () => {
		const writes = WRITES();
		const answering = operations().filter(
			(o) =>
				o.method !== "get" &&
				!o.path.startsWith("/api/admin/") &&
				!(o.route in NO_REPORT_WRITES) &&
				Object.values(o.op.responses).some((r) => /\breports?\b/i.test(r.description)),
		);
		// Both ways: a new write that answers a report fails here until WRITES calls it.
		expect(answering.map((o) => o.route).sort()).toEqual(Object.keys(writes).sort());
		const problems: string[] = [];
		for (const [route, { other, own }] of Object.entries(writes)) {
			problems.push(...asOthersSee(`${route} (another shopper)`, await other(), { shows: ["private"] }));
			if (own) problems.push(...asOwnSee(`${route} (the reporter)`, await own()));
		}
		expect(problems).toEqual([]);
	});
});
