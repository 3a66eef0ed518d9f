/** Clients that post price reports back to back, remembering the id of every one answered 2xx. */
import type { TestClient } from "./harness.ts";

const PRODUCTS = ["Whole Milk", "Greek Yogurt", "Cheddar Cheese", "Butter", "Cream Cheese", "Oat Milk"];

export function startWriters(clients: TestClient[], categoryId: number) {
	const acked: number[] = [];
	const refused: string[] = [];
	let running = true;
	let sent = 0;
	const loops = clients.map(async (client, w) => {
		while (running) {
			const n = sent++;
			try {
				const res = await client.post("/api/price-reports", {
					productName: `${PRODUCTS[n % PRODUCTS.length]} ${w}-${n}`,
					price: (3 + (n % 7) * 0.1).toFixed(2),
					categoryId,
					storeName: `Corner Store ${n % 5}`,
					storeAddress: `${(n % 5) + 1} Main St`,
				});
				if (res.status === 201) acked.push(res.data.id);
				else refused.push(`${res.status} ${JSON.stringify(res.data)}`);
			} catch (error) {
				// The server went away mid-request (kill -9): that write was never answered, so it owes nothing.
				if (!running) return;
				refused.push(String(error));
				await Bun.sleep(20);
			}
		}
	});
	return {
		acked,
		refused,
		/** Resolves once at least n writes have been answered. */
		async until(n: number, timeoutMs = 15_000) {
			const deadline = Date.now() + timeoutMs;
			while (acked.length < n) {
				if (Date.now() > deadline)
					throw new Error(`only ${acked.length} writes answered; refused: ${refused.slice(0, 3).join(" | ")}`);
				await Bun.sleep(10);
			}
		},
		async stop() {
			running = false;
			await Promise.all(loops);
		},
	};
}

export async function dairyCategoryId(client: TestClient): Promise<number> {
	const categories = (await client.get("/api/categories")).data as { id: number; name: string }[];
	const dairy = categories.find((c) => c.name === "Dairy");
	if (!dairy) throw new Error("no Dairy category");
	return dairy.id;
}
