import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { categoryIds } from "../alerts/testing.ts";
import { registerUser, STRONG_PASSWORD, startTestServer, type TestClient, type TestServer } from "../test/harness.ts";
import { unknownZipMessage } from "./fields.ts";
import { zipKind } from "./zip.ts";
import { isUsZip, zipResolves } from "./zip-known.ts";

describe("which typed zips resolve", () => {
	test("every 5-digit ZIP as the ZIP table has it", () => {
		const wrong: string[] = [];
		for (let n = 0; n < 100_000; n++) {
			const zip = String(n).padStart(5, "0");
			if (zipResolves(zip) !== (zipKind(zip) !== "unknown-us")) wrong.push(zip);
		}
		expect(wrong).toEqual([]);
	});

	test.each([
		["90210", true, true],
		["90210-1234", true, true],
		["10008", true, true], // a PO box: a place, though nobody's neighbour
		["00000", true, false],
		["00000-1234", true, false],
		["SW1A 1AA", false, true],
		["K1A 0B1", false, true],
		["1234", false, true], // not a US ZIP: another country's code, matched as typed
	])("%p: a US ZIP %p, resolves %p", (zip, us, resolves) => {
		expect(isUsZip(zip)).toBe(us);
		expect(zipResolves(zip)).toBe(resolves);
	});
});

describe("a typed ZIP that resolves nowhere is refused where it is typed", () => {
	let server: TestServer;
	let client: TestClient;
	let groceries: number;
	beforeAll(async () => {
		server = await startTestServer({ OLLAMA_HOST: "off" });
		client = (await registerUser(server, { zipCode: "90210" })).client;
		({ groceries } = await categoryIds(client));
	});
	afterAll(() => server.stop());

	let n = 0;
	const signUp = (zipCode: string) => ({
		username: `zipper${++n}${crypto.randomUUID().slice(0, 6)}`,
		password: STRONG_PASSWORD,
		confirmPassword: STRONG_PASSWORD,
		firstName: "Zoe",
		lastName: "Zip",
		zipCode,
	});
	const priceReport = (reportZipCode: string) => ({
		productName: `Oat Bar ${++n}`,
		price: 2.5,
		categoryId: groceries,
		storeName: `Corner ${n}`,
		storeAddress: "1 Main St",
		vacationMode: true,
		reportZipCode,
	});
	const gasReport = (fields: Record<string, unknown>) => ({
		stationName: `Fuel ${++n}`,
		stationAddress: "2 Pump Rd",
		price: 3.459,
		fuelType: "regular",
		...fields,
	});
	type Place = [name: string, send: (zip: string) => Promise<{ status: number; data: unknown }>, field: string];
	const places: Place[] = [
		["sign-up", (zip) => server.client().post("/api/auth/register", signUp(zip)), "zipCode"],
		["the header's zip", (zip) => client.patch("/api/auth/user", { zipCode: zip }), "zipCode"],
		["a price report's vacation zip", (zip) => client.post("/api/price-reports", priceReport(zip)), "reportZipCode"],
		[
			"a fuel report's vacation zip",
			(zip) => client.post("/api/gas/reports", gasReport({ vacationMode: true, reportZipCode: zip })),
			"reportZipCode",
		],
		[
			"a gas station's zip",
			(zip) => client.post("/api/gas/reports", gasReport({ stationZipCode: zip })),
			"stationZipCode",
		],
		[
			"a price alert's zip",
			(zip) => client.post("/api/price-alerts", { productName: `rice ${++n}`, targetPrice: 3, zipCode: zip }),
			"zipCode",
		],
	];

	test.each(places)("%s: 00000 is a 400 that names the ZIP", async (_, send, field) => {
		const res = await send(" 00000 ");
		expect(res.status).toBe(400);
		const message = "We can't find ZIP code 00000. Check the number, or use your 5-digit US ZIP code.";
		expect(unknownZipMessage("00000")).toBe(message);
		expect(res.data).toMatchObject({ message, issues: [{ path: field, message }] });
	});

	test.each(places)("%s: a PO box ZIP, a ZIP+4 and a postal code from abroad are taken", async (_, send) => {
		for (const zip of ["10008", "90069-1234", "SW1A 1AA"]) {
			const res = await send(zip);
			expect([200, 201]).toContain(res.status);
		}
	});
});
