import { Database } from "bun:sqlite";
import { afterAll, describe, expect, test } from "bun:test";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expectBody, registerUser } from "../test/harness.ts";
import { ENTRY, runCommand, spawnServer } from "../test/processes.ts";

const ENTRYPOINT = join(import.meta.dir, "..", "..", "scripts", "docker-entrypoint");
const scratch = mkdtempSync(join(tmpdir(), "commoncents-entrypoint-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

// The container runs the compiled binary; here the same program runs from source.
const BIN = `${process.execPath} ${ENTRY}`;
const LITESTREAM = Bun.which("litestream");

const runEntrypoint = (env: Record<string, string>) =>
	runCommand(["serve"], { PATH: "/usr/bin:/bin", COMMONCENTS_BIN: BIN, PORT: "0", ...env }, ["sh", ENTRYPOINT]);

describe("the container entrypoint", () => {
	test("with no replica configured, it simply serves", async () => {
		const dataDir = join(scratch, "plain");
		const server = await spawnServer(
			{ DATA_DIR: dataDir, COMMONCENTS_BIN: BIN, PATH: "/usr/bin:/bin" },
			["serve"],
			["sh", ENTRYPOINT],
		);
		expect(expectBody(await server.client().get("/api/health"), 200).status).toBe("ok");
		expect(server.lines[0]).toContain("serving without replication");
		server.proc.kill("SIGTERM");
		expect(await server.proc.exited).toBe(0);
	});

	test("with a replica configured but no litestream binary, it refuses to serve unreplicated", async () => {
		const dataDir = join(scratch, "no-litestream");
		const run = await runEntrypoint({
			DATA_DIR: dataDir,
			LITESTREAM_REPLICA_URL: `file://${join(scratch, "replica")}`,
		});
		expect(run.code).toBe(1);
		expect(run.stdout).toContain("the litestream binary is not on PATH");
		expect(existsSync(join(dataDir, "commoncents.db"))).toBe(false);
	});

	test("other commands run as given", async () => {
		const proc = Bun.spawn(["sh", ENTRYPOINT, "--version"], {
			env: { PATH: "/usr/bin:/bin", COMMONCENTS_BIN: BIN },
			stdout: "pipe",
		});
		expect((await new Response(proc.stdout).text()).trim()).toMatch(/^\d+\.\d+\.\d+$/);
	});

	if (!LITESTREAM) {
		console.log(
			"litestream is not on PATH: skipping the replicate-then-restore round trip (the Dockerfile installs it)",
		);
	}
	test.skipIf(!LITESTREAM)(
		"replicates, and a new container with an empty volume restores the data before serving",
		async () => {
			const replica = `file://${join(scratch, "replica-ok")}`;
			const first = await spawnServer(
				{
					DATA_DIR: join(scratch, "vm1"),
					COMMONCENTS_BIN: BIN,
					LITESTREAM_REPLICA_URL: replica,
					LITESTREAM_CONFIG: join(import.meta.dir, "../../litestream.yml"),
				},
				["serve"],
				["sh", ENTRYPOINT],
			);
			const { username } = await registerUser(first);
			await Bun.sleep(2_500); // more than sync-interval
			first.proc.kill("SIGTERM");
			await first.proc.exited;

			const second = await spawnServer(
				{
					DATA_DIR: join(scratch, "vm2"),
					COMMONCENTS_BIN: BIN,
					LITESTREAM_REPLICA_URL: replica,
					LITESTREAM_CONFIG: join(import.meta.dir, "../../litestream.yml"),
				},
				["serve"],
				["sh", ENTRYPOINT],
			);
			second.proc.kill("SIGTERM");
			await second.proc.exited;
			const db = new Database(join(scratch, "vm2", "commoncents.db"), { readonly: true });
			expect(db.query("SELECT username FROM users").all()).toContainEqual({ username });
			db.close();
		},
	);
});
