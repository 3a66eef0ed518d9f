import { afterEach, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadConfig } from "./env.ts";
import { type RunningServer, type ServeOptions, startServer } from "./server.ts";

let dataDir: string | undefined;
let running: RunningServer | undefined;
afterEach(async () => {
	await running?.stop(0);
	if (dataDir) rmSync(dataDir, { recursive: true, force: true });
	running = dataDir = undefined;
});

const configIn = (dir: string) =>
	loadConfig({ DATA_DIR: dir, PORT: "0", NODE_ENV: "test", OLLAMA_HOST: "off", REPORT_WRITER: "thread" });

function start(options: ServeOptions) {
	dataDir = mkdtempSync(join(tmpdir(), "commoncents-server-"));
	const config = configIn(dataDir);
	running = startServer(config, { hostname: "127.0.0.1", ...options });
	return `http://127.0.0.1:${running.port}`;
}

test("a caller's catch-all route (bun dev's web app) leaves the API and stored photos to the app", async () => {
	const origin = start({ routes: { "/*": new Response("the web app") }, liveHealth: true });
	expect(await (await fetch(`${origin}/settings`)).text()).toBe("the web app");
	const health = await fetch(`${origin}/api/health`);
	expect(await health.json()).toMatchObject({ status: "ok" });
	const guest = await fetch(`${origin}/api/categories`);
	expect(guest.status).toBe(401);
	expect(await guest.json()).toEqual({ message: "You are not signed in" });
	const photo = await fetch(`${origin}/uploads/nothing-here`);
	expect(photo.status).toBe(404);
	expect(await photo.json()).toEqual({ message: "Photo not found" });
});

test("only the background jobs asked for run: no writer thread unless asked", async () => {
	start({ jobs: { reportThread: false }, jobsAfterMs: 0 });
	const runtime = running!.runtime;
	await runtime.reports.write("price", {}, () => "inline");
	expect(runtime.reports.requestThreadStats.jobs).toBe(1);
});

test("a stopped server frees its data folder for the next one, which builds a runtime of its own", async () => {
	start({ jobs: {} });
	const first = running!;
	await first.stop(0);
	running = startServer(configIn(dataDir!), { hostname: "127.0.0.1", jobs: {} });
	expect(running.runtime).not.toBe(first.runtime);
	expect((await fetch(`http://127.0.0.1:${running.port}/api/health`)).status).toBe(200);
});
