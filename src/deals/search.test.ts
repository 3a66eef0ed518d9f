import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { priceReports } from "../../db/schema.ts";
import { type TestClient, type TestServer, registerUser, startTestServer } from "../test/harness.ts";

let server: TestServer;
let reporter: TestClient;
let searcher: TestClient;
const ids: Record<string, number> = {};

const report = async (client: TestClient, name: string, price: number, extra: Record<string, unknown> = {}) => {
  const res = await client.post("/api/price-reports", {
    productName: name,
    price,
    categoryId: 3,
    storeName: `Store ${name}`,
    storeAddress: "1 Main St",
    ...extra,
  });
  if (res.status !== 201) throw new Error(JSON.stringify(res.data));
  return res.data.id as number;
};
const search = (client: TestClient, params: Record<string, string>) =>
  client.get(`/api/search?${new URLSearchParams(params)}`);
const names = (res: { data: { productName: string }[] }) => res.data.map((r) => r.productName);

beforeAll(async () => {
  server = await startTestServer();
  reporter = (await registerUser(server, { zipCode: "10001" })).client;
  searcher = (await registerUser(server, { zipCode: "10011" })).client;
  ids.organic = await report(reporter, "Organic Whole Milk", 4.29, { tags: ["organic", "milk"], description: "Half gallon" });
  ids.plain = await report(reporter, "Whole Milk", 3.19);
  ids.far19 = await report(reporter, "Milk Far19", 2.99, { vacationMode: true, reportZipCode: "10030" });
  ids.far21 = await report(reporter, "Milk Far21", 1.99, { vacationMode: true, reportZipCode: "10032" });
  ids.yogurt = await report(reporter, "Greek Yogurt", 5.49, { description: "Great with organic honey" });
  ids.london = await report(reporter, "Milk London", 1.5, { vacationMode: true, reportZipCode: "SW1A 1AA" });
});
afterAll(() => server.stop());

describe("GET /api/search", () => {
  test("prefix words match product names: 'org mil' finds Organic Whole Milk", async () => {
    const res = await search(searcher, { q: "org mil" });
    expect(res.status).toBe(200);
    expect(names(res)).toEqual(["Organic Whole Milk"]);
    expect(res.data[0]).toMatchObject({
      price: 4.29,
      hasUserUpvoted: false,
      store: { name: "Store Organic Whole Milk", address: "1 Main St" },
      user: { firstName: "Sam", lastName: "Shopper" },
    });
  });

  test("matches tags, category and description too", async () => {
    expect(names(await search(searcher, { q: "dairy yog" }))).toEqual(["Greek Yogurt"]);
    expect(names(await search(searcher, { q: "honey" }))).toEqual(["Greek Yogurt"]);
    expect(names(await search(searcher, { q: "organic" })).sort()).toEqual(["Greek Yogurt", "Organic Whole Milk"]);
  });

  test("the radius is 20 zip codes: 19 away is found, 21 away is not; lowest price first", async () => {
    // From 10011: 10030 is 19 away, 10032 is 21 away.
    expect(names(await search(searcher, { q: "milk" }))).toEqual(["Milk Far19", "Whole Milk", "Organic Whole Milk"]);
  });

  test("zipCode overrides the user's zip; a postal code that is not numeric matches only itself", async () => {
    expect(names(await search(searcher, { q: "milk", zipCode: "10050" }))).toEqual(["Milk Far21", "Milk Far19"]);
    expect(names(await search(searcher, { q: "milk", zipCode: "sw1a 1aa" }))).toEqual(["Milk London"]);
  });

  test("sort by distance and by recently updated", async () => {
    expect(names(await search(searcher, { q: "milk", sort: "distance" }))).toEqual(["Whole Milk", "Organic Whole Milk", "Milk Far19"]);
    const recent = await search(searcher, { q: "milk", sort: "recent" });
    expect(names(recent)).toEqual(["Milk Far19", "Whole Milk", "Organic Whole Milk"]);
    expect(recent.data[0].distance).toBe(19);
  });

  test("pages with limit and offset, and caps the limit", async () => {
    expect(names(await search(searcher, { q: "milk", limit: "2" }))).toEqual(["Milk Far19", "Whole Milk"]);
    expect(names(await search(searcher, { q: "milk", limit: "2", offset: "2" }))).toEqual(["Organic Whole Milk"]);
    const tooMany = await search(searcher, { q: "milk", limit: "1000" });
    expect(tooMany.status).toBe(400);
    expect(tooMany.data.message).toBe("limit must be at most 100");
    expect((await search(searcher, { q: "milk", sort: "cheapest" })).data.message).toBe("Sort must be one of price, distance, recent");
  });

  test("hostile FTS syntax is just text", async () => {
    for (const q of ['"', "milk OR 1=1", "NEAR(milk", "*", "milk\"; DROP TABLE price_reports; --", "body:milk", "-milk", "^milk"]) {
      const res = await search(searcher, { q });
      expect(res.status).toBe(200);
      expect(Array.isArray(res.data)).toBe(true);
    }
    expect(names(await search(searcher, { q: "milk OR yogurt" }))).toEqual([]);
  });

  test("expired and inactive reports never appear", async () => {
    server.db.update(priceReports).set({ isExpired: true }).where(eq(priceReports.id, ids.plain!)).run();
    server.db.update(priceReports).set({ isActive: false }).where(eq(priceReports.id, ids.organic!)).run();
    expect(names(await search(searcher, { q: "milk" }))).toEqual(["Milk Far19"]);
    server.db.update(priceReports).set({ isExpired: false }).where(eq(priceReports.id, ids.plain!)).run();
    server.db.update(priceReports).set({ isActive: true }).where(eq(priceReports.id, ids.organic!)).run();
    expect(names(await search(searcher, { q: "milk" }))).toHaveLength(3);
  });

  test("a blank query, or no zip anywhere, is a 400 that says what to do", async () => {
    expect((await search(searcher, { q: "  " })).data.message).toBe("Enter something to search for");
    const { client } = await registerUser(server, { zipCode: null });
    const res = await search(client, { q: "milk" });
    expect(res.status).toBe(400);
    expect(res.data.message).toBe("Set your zip code to search for deals near you.");
    expect((await server.client().get("/api/search?q=milk")).status).toBe(401);
  });
});
