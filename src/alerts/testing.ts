/** Helpers shared by the alerts API tests: categories by name, reports and alerts made through the API. */
import type { TestClient } from "../test/harness.ts";

export async function categoryIds(client: TestClient) {
	const list = (await client.get("/api/categories")).data as { id: number; name: string }[];
	const byName = (name: string) => {
		const found = list.find((c) => c.name === name);
		if (!found) throw new Error(`no category ${name}`);
		return found.id;
	};
	return { dairy: byName("Dairy"), produce: byName("Produce"), groceries: byName("Groceries") };
}

/** Reports a price at `zip` (vacation mode, so any reporter can report anywhere); fails the test unless stored. */
export async function reportPrice(
	client: TestClient,
	fields: { productName: string; price: number; categoryId: number; zip?: string; storeName?: string },
) {
	const res = await client.post("/api/price-reports", {
		productName: fields.productName,
		price: fields.price,
		categoryId: fields.categoryId,
		storeName: fields.storeName ?? `Store ${crypto.randomUUID().slice(0, 8)}`,
		storeAddress: "1 Market St",
		vacationMode: Boolean(fields.zip),
		reportZipCode: fields.zip ?? null,
	});
	if (res.status !== 201) throw new Error(`report failed: ${res.status} ${JSON.stringify(res.data)}`);
	return res.data as { id: number; productName: string; store: { name: string; address: string } };
}

export async function createAlert(client: TestClient, body: Record<string, unknown>) {
	const res = await client.post("/api/price-alerts", body);
	if (res.status !== 201) throw new Error(`alert failed: ${res.status} ${JSON.stringify(res.data)}`);
	return res.data as { id: number; productName: string; targetPrice: number };
}
