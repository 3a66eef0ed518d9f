import { afterAll, describe, expect, test } from "bun:test";
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { readWhenWritten, runCommand, spawnServer } from "../test/processes.ts";
import { userDataDir } from "./desktop.ts";

const scratch = mkdtempSync(join(tmpdir(), "commoncents-desktop-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe("the user's data folder", () => {
	test("XDG on Linux, Application Support on macOS, AppData on Windows", () => {
		expect(userDataDir("linux", {}, "/home/ana")).toBe("/home/ana/.local/share/commoncents");
		expect(userDataDir("linux", { XDG_DATA_HOME: "/data/ana" }, "/home/ana")).toBe("/data/ana/commoncents");
		// The XDG spec says to ignore a relative path.
		expect(userDataDir("linux", { XDG_DATA_HOME: "rel/path" }, "/home/ana")).toBe("/home/ana/.local/share/commoncents");
		expect(userDataDir("darwin", {}, "/Users/ana")).toBe("/Users/ana/Library/Application Support/CommonCents");
		expect(userDataDir("win32", { APPDATA: "C:/Users/ana/AppData/Roaming" }, "C:/Users/ana")).toBe(
			"C:/Users/ana/AppData/Roaming/CommonCents",
		);
	});
});

describe("commoncents desktop", () => {
	test("serves on loopback at a free port with its data in the home folder, opens the browser, stops cleanly", async () => {
		const home = join(scratch, "home");
		const opened = join(scratch, "opened-url");
		const browser = join(scratch, "browser.sh");
		writeFileSync(browser, `#!/bin/sh\necho "$1" > "${opened}"\n`);
		chmodSync(browser, 0o755);

		const app = await spawnServer({ HOME: home, BROWSER: browser, PORT: "3000" }, ["desktop"]);
		const dataDir = join(home, ".local", "share", "commoncents");
		const url = `http://127.0.0.1:${app.port}/`;
		expect(app.port).not.toBe(3000);
		expect((await fetch(`${url}api/health`)).status).toBe(200);
		expect(existsSync(join(dataDir, "commoncents.db"))).toBe(true);
		expect(app.logs().find((l) => l.msg === "listening")).toMatchObject({ mode: "desktop", dataDir });
		expect(await readWhenWritten(opened)).toBe(url);
		expect(app.stderr()).toContain(`CommonCents is running at ${url}`);

		// Only loopback: a page on another name that resolves here (DNS rebinding) gets nothing.
		const rebound = await fetch(`${url}api/health`, { headers: { host: `evil.example:${app.port}` } });
		expect(rebound.status).toBe(421);
		const viaLocalhost = await fetch(`http://localhost:${app.port}/api/health`).catch(() => null);
		if (viaLocalhost) expect(viaLocalhost.status).toBe(200);

		app.proc.kill("SIGINT");
		expect(await app.proc.exited).toBe(0);
		expect(existsSync(join(dataDir, "commoncents.pid"))).toBe(false);

		// The next launch comes back on the same port, so the browser keeps its sign-in and installed app.
		const again = await spawnServer({ HOME: home, BROWSER: browser }, ["desktop", "--no-browser"]);
		expect(again.port).toBe(app.port);
		again.proc.kill("SIGTERM");
		expect(await again.proc.exited).toBe(0);
	});

	test("a second launch shows the running one; a taken port moves the next launch to another free one", async () => {
		const home = join(scratch, "home2");
		const browser = join(scratch, "browser2.sh");
		const opened = join(scratch, "opened2");
		writeFileSync(browser, `#!/bin/sh\necho "$1" > "${opened}"\n`);
		chmodSync(browser, 0o755);
		const first = await spawnServer({ HOME: home }, ["desktop", "--no-browser"]);
		const second = await runCommand(["desktop"], { HOME: home, BROWSER: browser });
		expect(second.code).toBe(0);
		expect(second.stderr).toContain(`already running at http://127.0.0.1:${first.port}/`);
		expect(await readWhenWritten(opened)).toBe(`http://127.0.0.1:${first.port}/`);
		first.proc.kill("SIGTERM");
		expect(await first.proc.exited).toBe(0);

		const squatter = Bun.serve({ port: first.port, hostname: "127.0.0.1", fetch: () => new Response("someone else") });
		try {
			const next = await spawnServer({ HOME: home }, ["desktop", "--no-browser"]);
			expect(next.port).not.toBe(first.port);
			expect((await fetch(`http://127.0.0.1:${next.port}/api/health`)).status).toBe(200);
			next.proc.kill("SIGTERM");
			expect(await next.proc.exited).toBe(0);
		} finally {
			await squatter.stop(true);
		}
	});
});
