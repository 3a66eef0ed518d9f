import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { gasPriceReports, gasStations } from "../../db/schema.ts";
import { expectBody, expectStatus, registerUser, startTestServer, type TestServer } from "../test/harness.ts";

let server: TestServer;
beforeAll(async () => {
	server = await startTestServer({ OLLAMA_HOST: "off" });
});
afterAll(() => server.stop());

let n = 0;
/** A station of its own per call unless named, so no consensus forms by accident. */
const report = (fields: Record<string, unknown> = {}) => ({
	stationName: `Shell ${++n}`,
	stationAddress: "350 10th Ave",
	price: 3.459,
	fuelType: "regular",
	vacationMode: false,
	...fields,
});
const stationOf = (id: number) => server.db.select().from(gasStations).where(eq(gasStations.id, id)).get();
const reportRow = (id: number) => server.db.select().from(gasPriceReports).where(eq(gasPriceReports.id, id)).get();

describe("POST /api/gas/reports", () => {
	test("stores the price exactly and answers the Gas report shape", async () => {
		const { client, username } = await registerUser(server, { firstName: "Grace" });
		const res = await client.post(
			"/api/gas/reports",
			report({ stationName: "Exxon", stationAddress: "1 Pump Rd", price: "3.459" }),
		);
		expectStatus(res, 201);
		expect(res.data).toEqual({
			id: expect.any(Number),
			stationId: expect.any(Number),
			stationName: "Exxon",
			stationAddress: "1 Pump Rd",
			// At the reporter's own ZIP: no station zip was given.
			distanceMiles: 0,
			fuelType: "regular",
			price: 3.459,
			defPrice: null,
			payment: null,
			createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
			// Their own report: their last name whole.
			user: { firstName: "Grace", lastName: "Shopper", username },
			// Trust (issue 40): new, so seen when reported, at the check's confidence, and the reporter's own.
			verificationConfidence: 0.5,
			seenAt: res.data.createdAt,
			fresh: true,
			bestDeal: true,
			unusual: false,
			outOfStock: false,
			isOwnReport: true,
			underReview: false,
			feedback: { confirm: 0, changed: 0, unavailable: 0, wrong: 0, mine: null },
		});
		const row = reportRow(res.data.id);
		expect(row).toMatchObject({
			priceMills: 3459,
			defPriceCents: null,
			vacationMode: false,
			reportZipCode: null,
			isActive: true,
			isExpired: false,
		});
		expect(row?.verificationConfidence).toBe(0.5);
		expect(row?.verificationReason).toContain("regular gas per gallon");
		expect(expectBody(await client.get("/api/auth/user"), 200).totalReports).toBe(1);
	});

	test.each([
		["3.5", 3500],
		[3.1, 3100],
		[0.1 + 0.2 + 3, 3300],
		[4, 4000],
		["  2.999 ", 2999],
	])("price %p is kept as %p mills", async (price, mills) => {
		const { client } = await registerUser(server);
		const res = await client.post("/api/gas/reports", report({ price }));
		expectStatus(res, 201);
		expect(reportRow(res.data.id)?.priceMills).toBe(mills);
	});

	test.each([
		["no station name", { stationName: "" }, "stationName", "Station name is required"],
		["a blank station name", { stationName: "   " }, "stationName", "Station name is required"],
		["no station address", { stationAddress: undefined }, "stationAddress", "Station address is required"],
		["no price", { price: "" }, "price", "Price is required"],
		["a zero price", { price: 0 }, "price", "Price must be greater than 0"],
		[
			"a negative price",
			{ price: -3.1 },
			"price",
			"Price must be an amount in dollars with at most 3 decimals, like 3.459",
		],
		[
			"a fourth decimal",
			{ price: "3.4599" },
			"price",
			"Price must be an amount in dollars with at most 3 decimals, like 3.459",
		],
		[
			"a price that is not a number",
			{ price: "cheap" },
			"price",
			"Price must be an amount in dollars with at most 3 decimals, like 3.459",
		],
		["a price past decimal(6,3)", { price: 1000 }, "price", "Price must be at most $999.999"],
		["no fuel type", { fuelType: undefined }, "fuelType", "Fuel type is required"],
		[
			"an unknown fuel",
			{ fuelType: "kerosene" },
			"fuelType",
			"Fuel type must be one of regular, premium, diesel, e85, electric",
		],
		["DEF on regular", { defPrice: 3.49 }, "defPrice", "DEF price applies to diesel only"],
		[
			"DEF past the cent",
			{ fuelType: "diesel", price: 4.1, defPrice: "3.499" },
			"defPrice",
			"DEF price must be an amount in dollars and cents, like 3.49",
		],
		["a zero DEF", { fuelType: "diesel", price: 4.1, defPrice: 0 }, "defPrice", "DEF price must be greater than 0"],
		[
			"an absurd DEF",
			{ fuelType: "diesel", price: 4.1, defPrice: 349 },
			"defPrice",
			"DEF price must be at most $99.99",
		],
		[
			"vacation mode without a zip",
			{ vacationMode: true, reportZipCode: " " },
			"reportZipCode",
			"Please enter the zip code where you found this deal.",
		],
		[
			"a long station zip",
			{ stationZipCode: "12345678901" },
			"stationZipCode",
			"Station zip code must be at most 10 characters",
		],
	])("refuses %s", async (_name, change, path, message) => {
		const { client } = await registerUser(server);
		const res = await client.post("/api/gas/reports", report(change));
		expect(res.status).toBe(400);
		expect(res.data.message).toBe(message);
		expect(res.data.issues).toContainEqual({ path, message });
	});

	test("DEF is kept in cents for diesel, and a blank or null DEF on other fuels means none", async () => {
		const { client } = await registerUser(server);
		const diesel = await client.post(
			"/api/gas/reports",
			report({ fuelType: "diesel", price: "4.199", defPrice: "3.49" }),
		);
		expectStatus(diesel, 201);
		expect(diesel.data).toMatchObject({ fuelType: "diesel", price: 4.199, defPrice: 3.49 });
		expect(reportRow(diesel.data.id)?.defPriceCents).toBe(349);
		const dieselOnly = await client.post("/api/gas/reports", report({ fuelType: "diesel", price: 4.199 }));
		expectStatus(dieselOnly, 201);
		expect(dieselOnly.data.defPrice).toBeNull();
		for (const defPrice of [null, ""]) {
			const premium = await client.post("/api/gas/reports", report({ fuelType: "premium", price: 4.299, defPrice }));
			expectStatus(premium, 201);
			expect(premium.data.defPrice).toBeNull();
		}
	});

	test("the report counts where the station is: its zip, else the vacation zip, else the reporter's", async () => {
		const { client } = await registerUser(server, { zipCode: "30301" });
		const home = await client.post("/api/gas/reports", report({ stationName: "Home Gas" }));
		expectStatus(home, 201);
		const typed = await client.post("/api/gas/reports", report({ stationName: "Typed Gas", stationZipCode: "30350" }));
		expectStatus(typed, 201);
		const away = await client.post(
			"/api/gas/reports",
			report({ stationName: "Away Gas", vacationMode: true, reportZipCode: "33139" }),
		);
		expectStatus(away, 201);
		const awayTyped = await client.post(
			"/api/gas/reports",
			report({ stationName: "Beach Gas", stationZipCode: "33140", vacationMode: true, reportZipCode: "33139" }),
		);
		expectStatus(awayTyped, 201);
		const zipOf = (reportId: number) => stationOf(reportRow(reportId)?.stationId ?? 0)?.zipCode;
		expect(zipOf(home.data.id)).toBe("30301");
		expect(zipOf(typed.data.id)).toBe("30350");
		expect(zipOf(away.data.id)).toBe("33139");
		expect(zipOf(awayTyped.data.id)).toBe("33140");
		expect(reportRow(away.data.id)).toMatchObject({ vacationMode: true, reportZipCode: "33139" });
	});

	test("a reporter without a zip must give one: set in the profile, the station's, or the vacation zip", async () => {
		const { client } = await registerUser(server, { zipCode: null });
		const res = await client.post("/api/gas/reports", report());
		expect(res.status).toBe(400);
		expect(res.data.message).toBe("Set your zip code before reporting a price.");
		const atStation = await client.post("/api/gas/reports", report({ stationZipCode: "30301" }));
		expectStatus(atStation, 201);
		// Miles from nowhere are none.
		expect(atStation.data.distanceMiles).toBeNull();
		expect((await client.post("/api/gas/reports", report({ vacationMode: true, reportZipCode: "30301" }))).status).toBe(
			201,
		);
	});

	test("finds the station however it is typed at the same place; its prices, count and lastUpdated move, and a shopper's new price of a fuel replaces theirs", async () => {
		const { client } = await registerUser(server, { zipCode: "40003" });
		const first = await client.post(
			"/api/gas/reports",
			report({ stationName: "Corner  Fuel", stationAddress: "2 Elm St", price: 3.299 }),
		);
		expectStatus(first, 201);
		const stationId = reportRow(first.data.id)?.stationId ?? 0;
		const before = stationOf(stationId);
		expect(before).toMatchObject({
			regularPriceMills: 3299,
			dieselPriceMills: null,
			reportsCount: 1,
			zipCode: "40003",
			locToken: "z40003",
		});
		await Bun.sleep(5);
		const second = await client.post(
			"/api/gas/reports",
			report({
				stationName: "corner fuel",
				stationAddress: " 2 ELM  st",
				stationZipCode: "40003-1234",
				fuelType: "diesel",
				price: 4.059,
			}),
		);
		expectStatus(second, 201);
		expect(reportRow(second.data.id)?.stationId).toBe(stationId);
		const third = await client.post(
			"/api/gas/reports",
			report({ stationName: "Corner Fuel", stationAddress: "2 Elm St", price: 3.319 }),
		);
		expectStatus(third, 201);
		expect(reportRow(third.data.id)?.stationId).toBe(stationId);
		// The shopper's new regular price replaces their earlier one there: the station counts them once.
		expect(third.data.warning).toBe("This replaces your earlier price of $3.299 at Corner  Fuel.");
		expect(reportRow(first.data.id)).toMatchObject({
			isExpired: true,
			expiredReason: "Replaced by a newer price from the same shopper",
		});
		const after = stationOf(stationId);
		expect(after).toMatchObject({ regularPriceMills: 3319, dieselPriceMills: 4059, reportsCount: 2 });
		expect(after?.lastUpdated?.getTime()).toBeGreaterThan(before?.lastUpdated?.getTime() ?? 0);
		expect(after?.lastUpdated?.getTime()).toBe(reportRow(third.data.id)?.createdAt.getTime());

		const elsewhere = await client.post(
			"/api/gas/reports",
			report({ stationName: "Corner Fuel", stationAddress: "2 Elm St", stationZipCode: "40004" }),
		);
		expectStatus(elsewhere, 201);
		expect(reportRow(elsewhere.data.id)?.stationId).not.toBe(stationId);
	});

	test("guests cannot report, and cross-site posts are refused", async () => {
		expect((await server.client().post("/api/gas/reports", report())).status).toBe(401);
		const { client } = await registerUser(server);
		expect((await client.post("/api/gas/reports", report(), { origin: "https://evil.example" })).status).toBe(403);
	});
});
