import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { expectBody, registerUser, startTestServer, type TestClient, type TestServer } from "../test/harness.ts";
import { MAX_ITEMS_PER_LIST } from "./schemas.ts";

/** Shopping lists: a shopper's own, item by item, and read-only by link. */
let server: TestServer;
let shopper: TestClient;
let other: TestClient;
beforeAll(async () => {
	server = await startTestServer({ OLLAMA_HOST: "off" });
	shopper = (await registerUser(server, { zipCode: "10001" })).client;
	other = (await registerUser(server, { zipCode: "10001" })).client;
});
afterAll(() => server.stop());

const newList = async (name = "Weekly shop") => expectBody(await shopper.post("/api/lists", { name }), 201);
const message = (res: { data: unknown }) => (res.data as { message: string }).message;

describe("shopping lists", () => {
	test("a list is made, filled by words and by barcode, changed item by item, and listed", async () => {
		const list = await newList("  Weekly shop ");
		expect(list).toMatchObject({ name: "Weekly shop", shareUrl: null, items: [] });
		// A barcode someone reported names the item after its product, with its category and size.
		expectBody(
			await other.post("/api/price-reports", {
				productName: "Oat milk",
				price: 3.49,
				categoryId: 3,
				storeName: "Oat Shop",
				storeAddress: "1 Main St",
				barcode: "5901234123457",
				size: { quantity: 64, unit: "fl oz" },
			}),
			201,
		);
		const milk = expectBody(await shopper.post(`/api/lists/${list.id}/items`, { barcode: "5901234123457" }), 201);
		expect(milk).toMatchObject({
			name: "Oat milk",
			barcode: "5901234123457",
			categoryId: 3,
			quantity: 1,
			size: { quantity: 64, unit: "fl oz" },
			ticked: false,
		});
		const eggs = expectBody(
			await shopper.post(`/api/lists/${list.id}/items`, { name: " eggs ", quantity: "2", categoryId: 3 }),
			201,
		);
		expect(eggs).toMatchObject({ name: "eggs", barcode: null, quantity: 2, size: null });
		// A code nobody reported is shown by its digits.
		const unknown = expectBody(await shopper.post(`/api/lists/${list.id}/items`, { barcode: "96385074" }), 201);
		expect(unknown.name).toBe("0000096385074");

		const ticked = expectBody(await shopper.patch(`/api/lists/${list.id}/items/${eggs.id}`, { ticked: true }), 200);
		expect(ticked).toMatchObject({ ticked: true, quantity: 2 });
		expectBody(await shopper.patch(`/api/lists/${list.id}/items/${milk.id}`, { quantity: 3, size: null }), 200);
		expectBody(await shopper.delete(`/api/lists/${list.id}/items/${unknown.id}`), 200);

		const read = expectBody(await shopper.get(`/api/lists/${list.id}`), 200);
		expect(read.items.map((i) => [i.name, i.quantity, i.size, i.ticked])).toEqual([
			["Oat milk", 3, null, false],
			["eggs", 2, null, true],
		]);
		const lists = expectBody(await shopper.get("/api/lists"), 200);
		expect(lists.find((l) => l.id === list.id)).toMatchObject({
			name: "Weekly shop",
			items: 2,
			ticked: 1,
			shared: false,
		});
	});

	test("bad input is refused by name, and another shopper's list is as unknown as none", async () => {
		const list = await newList();
		const refused = async (res: { status: number; data: unknown }, status: number, text: string) => {
			expect(res.status).toBe(status);
			expect(message(res)).toBe(text);
		};
		await refused(await shopper.post("/api/lists", { name: "  " }), 400, "Give the list a name");
		await refused(
			await shopper.post(`/api/lists/${list.id}/items`, {}),
			400,
			"Say what to buy: a product's name or its barcode",
		);
		await refused(
			await shopper.post(`/api/lists/${list.id}/items`, { name: "bread", quantity: 0 }),
			400,
			"Quantity must be a whole number from 1 to 99",
		);
		await refused(
			await shopper.post(`/api/lists/${list.id}/items`, { barcode: "036000291453" }),
			400,
			"The barcode 036000291453 does not add up: its last digit, the check digit, should be 2",
		);
		await refused(await shopper.patch(`/api/lists/${list.id}`, {}), 400, "Nothing to change: send a name or shared");
		await refused(
			await shopper.post(`/api/lists/${list.id}/items`, { name: "bread", categoryId: 999999 }),
			400,
			"Category not found",
		);
		await refused(await other.get(`/api/lists/${list.id}`), 404, "List not found");
		await refused(await other.post(`/api/lists/${list.id}/items`, { name: "bread" }), 404, "List not found");
		await refused(await other.delete(`/api/lists/${list.id}`), 404, "List not found");
		await refused(await shopper.patch(`/api/lists/${list.id}/items/999999`, { ticked: true }), 404, "Item not found");
		await refused(await shopper.get("/api/lists/abc"), 404, "List not found");
		expect(expectBody(await shopper.get(`/api/lists/${list.id}`), 200).items).toEqual([]);
	});

	test(`a list holds at most ${MAX_ITEMS_PER_LIST} items`, async () => {
		const list = await newList("Party");
		for (let i = 0; i < MAX_ITEMS_PER_LIST; i++) {
			expect((await shopper.post(`/api/lists/${list.id}/items`, { name: `thing ${i}` })).status).toBe(201);
		}
		const full = await shopper.post(`/api/lists/${list.id}/items`, { name: "one more" });
		expect(full.status).toBe(409);
		expect(message(full)).toBe("A list holds at most 100 items; tick off or remove some first");
	});

	test("a shared list reads by its link, signed in or not, until it is made private; deleting takes its items", async () => {
		const list = await newList("Camping");
		expectBody(await shopper.post(`/api/lists/${list.id}/items`, { name: "marshmallows", quantity: 2 }), 201);
		const shared = expectBody(await shopper.patch(`/api/lists/${list.id}`, { shared: true }), 200);
		expect(shared.shareUrl).toMatch(new RegExp(`^/shared-lists/${list.id}-[a-z2-7]{26}$`));
		// Shared again, the same link.
		expect(expectBody(await shopper.patch(`/api/lists/${list.id}`, { shared: true }), 200).shareUrl).toBe(
			shared.shareUrl,
		);
		const token = (shared.shareUrl as string).split("/").pop() as string;
		const guest = server.client();
		const read = expectBody(await guest.get(`/api/shared-lists/${token}`), 200);
		expect(read).toEqual({
			name: "Camping",
			updatedAt: expect.any(String),
			items: [expect.objectContaining({ name: "marshmallows", quantity: 2 })],
		});
		expect(JSON.stringify(read)).not.toContain("userId");
		// A forged or altered link finds nothing.
		const forged = `${list.id}-${"a".repeat(26)}`;
		expect((await guest.get(`/api/shared-lists/${forged}`)).status).toBe(404);
		expect((await guest.get(`/api/shared-lists/${list.id + 1}-${token.split("-")[1]}`)).status).toBe(404);

		expectBody(await shopper.patch(`/api/lists/${list.id}`, { shared: false }), 200);
		expect((await guest.get(`/api/shared-lists/${token}`)).status).toBe(404);
		const again = expectBody(await shopper.patch(`/api/lists/${list.id}`, { shared: true }), 200);
		expect(again.shareUrl).not.toBe(shared.shareUrl);

		expectBody(await shopper.delete(`/api/lists/${list.id}`), 200);
		expect((await shopper.get(`/api/lists/${list.id}`)).status).toBe(404);
		const left = server.sqlite.query("SELECT count(*) AS n FROM shopping_list_items WHERE list_id = ?").get(list.id);
		expect(left).toEqual({ n: 0 });
	});
});
