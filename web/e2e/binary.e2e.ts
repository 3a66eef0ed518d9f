import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { request } from "@playwright/test";
import { expect, PASSWORD, test, uniqueName } from "./fixtures.ts";

const freePort = () =>
	new Promise<number>((resolve) => {
		const probe = createServer().listen(0, "127.0.0.1", () => {
			const { port } = probe.address() as { port: number };
			probe.close(() => resolve(port));
		});
	});

// The writer thread is a second entry point inside the binary, found by its path there: only the compiled
// binary shows that it loads. If it did not, reports would still be written (on the request thread, with an
// error in the log), so the test reads the log.
test("the compiled binary writes reports on their own thread, and answers them as before", async () => {
	test.setTimeout(40_000);
	const port = await freePort();
	const dataDir = mkdtempSync(join(tmpdir(), "commoncents-thread-"));
	const server = spawn("./dist/commoncents", ["serve"], {
		env: {
			PATH: process.env.PATH,
			PORT: String(port),
			DATA_DIR: dataDir,
			NODE_ENV: "production",
			OLLAMA_HOST: "off",
			SIGNUPS_PER_HOUR: "0",
			REPORT_WRITER: "thread",
		},
		stdio: ["ignore", "pipe", "pipe"],
	});
	let log = "";
	server.stdout.on("data", (chunk) => (log += chunk));
	server.stderr.on("data", (chunk) => (log += chunk));
	const exited = new Promise<number | null>((resolve) => server.on("exit", resolve));
	const base = `http://127.0.0.1:${port}`;
	try {
		await expect.poll(() => log, { timeout: 15_000 }).toContain("reports are written on their own thread");
		const api = await request.newContext({ baseURL: base, extraHTTPHeaders: { Origin: base } });
		const registered = await api.post("/api/auth/register", {
			data: {
				username: uniqueName("th"),
				password: PASSWORD,
				confirmPassword: PASSWORD,
				firstName: "Tia",
				lastName: "Read",
				zipCode: "10001",
			},
		});
		expect(registered.status()).toBe(201);
		const milk = {
			productName: "Thread Milk",
			price: 3.49,
			categoryId: 3,
			storeName: "Loom Market",
			storeAddress: "1 Spool St",
		};
		const [stored, absurd, fuel] = await Promise.all([
			api.post("/api/price-reports", { data: milk }),
			api.post("/api/price-reports", { data: { ...milk, storeName: "Other Market", price: 5000 } }),
			api.post("/api/gas/reports", {
				data: { stationName: "Loom Gas", stationAddress: "2 Spool St", price: 3.459, fuelType: "regular" },
			}),
		]);
		expect(stored.status()).toBe(201);
		expect(await stored.json()).toMatchObject({
			productName: "Thread Milk",
			price: 3.49,
			store: { name: "Loom Market" },
			user: { firstName: "Tia" },
		});
		// A refusal made on the writer thread crosses back with its status and its fields.
		expect(absurd.status()).toBe(422);
		expect(await absurd.json()).toMatchObject({
			reason: expect.stringContaining("outside the usual range"),
			suggestedRange: { min: 0.25 },
		});
		expect(fuel.status()).toBe(201);
		expect(await fuel.json()).toMatchObject({ stationName: "Loom Gas", price: 3.459 });
		// Read back through the request thread's own connection.
		const search = await api.get("/api/search?q=thread%20milk");
		expect((await search.json()).map((r: { productName: string }) => r.productName)).toEqual(["Thread Milk"]);
		await api.dispose();
		server.kill("SIGTERM");
		expect(await exited).toBe(0);
		expect(log).not.toContain('"level":"error"');
	} finally {
		server.kill("SIGKILL");
		rmSync(dataDir, { recursive: true, force: true });
	}
});
