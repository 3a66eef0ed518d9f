import { afterAll, expect, test } from "bun:test";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * The quick start as a newcomer runs it: `scripts/start` builds, seeds and serves, and its last line says in
 * words where to open the app and whom to sign in as; the README tells the same demo the seed makes.
 */
const ROOT = join(import.meta.dir, "..");
const dataDir = mkdtempSync(join(tmpdir(), "commoncents-start-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function freePort() {
	const probe = Bun.listen({ hostname: "127.0.0.1", port: 0, socket: { data() {} } });
	const { port } = probe;
	probe.stop(true);
	return port;
}

test("scripts/start ends with the address and the demo accounts, which sign in, and stops on a signal", async () => {
	const port = freePort();
	const proc = Bun.spawn(["bash", join(ROOT, "scripts/start")], {
		cwd: ROOT,
		env: {
			PATH: process.env.PATH ?? "",
			HOME: process.env.HOME ?? "/tmp",
			PORT: String(port),
			DATA_DIR: dataDir,
			OLLAMA_HOST: "off",
		},
		stdout: "pipe",
		stderr: "pipe",
	});
	const reader = proc.stdout.getReader();
	let output = "";
	const deadline = Date.now() + 120_000;
	while (!output.includes("Ctrl+C") && Date.now() < deadline) {
		const { done, value } = await reader.read();
		if (done) break;
		output += new TextDecoder().decode(value);
	}
	const lines = output.trim().split("\n");
	const last = lines[lines.length - 1] ?? "";
	expect(last).toBe(
		`CommonCents is running: open http://localhost:${port} and sign in as maria, james or priya (password DemoPass1!), or sign up. Ctrl+C stops it.`,
	);
	const seeded = lines.find((line) => line.startsWith("seeded "));
	expect(seeded).toBe("seeded 3 demo users, 4 stores, 22 price reports, 15 fuel reports and 2 alerts");

	const origin = `http://localhost:${port}`;
	const signIn = await fetch(`${origin}/api/auth/login`, {
		method: "POST",
		headers: { "Content-Type": "application/json", Origin: origin },
		body: JSON.stringify({ username: "maria", password: "DemoPass1!" }),
	});
	expect(signIn.status).toBe(200);

	proc.kill("SIGTERM");
	expect(await proc.exited).toBe(0);
}, 150_000);

test("the README's demo is the seed's: its shoppers, prices, fuel prices and alerts", () => {
	const readme = readFileSync(join(ROOT, "README.md"), "utf8").replace(/\s+/g, " ");
	expect(readme).toContain("`maria`, `james` or `priya` (password `DemoPass1!`)");
	expect(readme).toContain("have reported 22 prices");
	expect(readme).toContain("15 fuel prices at four stations");
	expect(readme).toContain("two alerts");
});
