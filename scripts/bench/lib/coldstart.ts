/**
 * The baseline binary (a tiny Bun.serve answering /api/health, compiled with `bun build --compile` like ours)
 * and the cold-start measurement: time from exec to the first 200 on /api/health.
 */
import { statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { MIGRATIONS_TABLE } from "../../../src/db.ts";
import { serverEnv } from "./server.ts";
import { freePort, median, run, sleep } from "./util.ts";

const HELLO = `const server = Bun.serve({
  port: Number(process.env.PORT ?? 3000),
  hostname: "0.0.0.0",
  fetch(req) {
    if (new URL(req.url).pathname === "/api/health") return Response.json({ status: "ok" });
    return new Response("Not found", { status: 404 });
  },
});
process.once("SIGTERM", () => { server.stop(); process.exit(0); });
`;

/**
 * The floor of any server of the bench database, printed for reference: a binary that opens it, reads its
 * newest migration (SQLite parses the schema then) and listens with that as a static health answer; compiled
 * with --bytecode, as ours is. What our start costs beyond it is the app's own.
 */
const FLOOR = `import { Database } from "bun:sqlite";
const db = new Database(\`\${process.env.DATA_DIR}/commoncents.db\`, { strict: true });
db.exec("PRAGMA journal_mode = WAL");
const row = db.query("SELECT tag FROM ${MIGRATIONS_TABLE} ORDER BY tag DESC LIMIT 1").get();
const health = JSON.stringify({ status: "ok", database: { status: "ok", schema: row?.tag ?? null } });
const server = Bun.serve({
  port: Number(process.env.PORT ?? 3000),
  hostname: "0.0.0.0",
  routes: { "/api/health": new Response(health, { headers: { "content-type": "application/json" } }) },
  fetch: () => new Response("Not found", { status: 404 }),
});
process.once("SIGTERM", () => { server.stop(); process.exit(0); });
`;

/** Compiles `source` into dir/name with the Bun running this script; returns its path and size. */
function compile(dir: string, name: string, source: string, flags: string[] = []) {
	const file = join(dir, `${name}.ts`);
	const out = join(dir, name);
	writeFileSync(file, source);
	run([process.execPath, "build", "--compile", "--minify", ...flags, file, "--outfile", out], { cwd: dir });
	return { path: out, bytes: statSync(out).size };
}

/** The hello-world server, compiled into dir/hello. */
export const buildHello = (dir: string) => compile(dir, "hello", HELLO);

/** The bare database server (FLOOR), compiled into dir/floor. */
export const buildFloor = (dir: string) => compile(dir, "floor", FLOOR, ["--bytecode"]);

/** One exec-to-first-200 time in ms; the process is stopped (SIGTERM) and waited for afterwards. */
async function once(cmd: string[], dataDir: string): Promise<number> {
	const port = await freePort();
	const url = `http://127.0.0.1:${port}/api/health`;
	const start = performance.now();
	const proc = Bun.spawn(cmd, { env: serverEnv(dataDir, port), stdout: "ignore", stderr: "ignore" });
	let elapsed = Number.NaN;
	while (performance.now() - start < 60_000) {
		try {
			const res = await fetch(url);
			await res.arrayBuffer();
			if (res.status === 200) {
				elapsed = performance.now() - start;
				break;
			}
		} catch {
			// not listening yet
		}
		if (proc.exitCode !== null) break;
		await sleep(1);
	}
	proc.kill("SIGTERM");
	const timer = setTimeout(() => proc.kill("SIGKILL"), 30_000);
	await proc.exited;
	clearTimeout(timer);
	if (Number.isNaN(elapsed)) throw new Error(`${cmd.join(" ")} never answered 200 on /api/health`);
	return elapsed;
}

/** One discarded warm-up exec (puts the binary in the page cache), then the median of `runs`. */
export async function coldStart(cmd: string[], dataDir: string, runs: number) {
	await once(cmd, dataDir);
	const samples: number[] = [];
	for (let i = 0; i < runs; i++) samples.push(await once(cmd, dataDir));
	return { median: median(samples), samples };
}

/** Median time for `bin --version` to exit: the cost of loading the binary's code, without a database. */
export async function moduleLoad(bin: string, runs: number): Promise<number> {
	const samples: number[] = [];
	for (let i = 0; i <= runs; i++) {
		const start = performance.now();
		const proc = Bun.spawn([bin, "--version"], { stdout: "ignore", stderr: "ignore" });
		await proc.exited;
		if (i > 0) samples.push(performance.now() - start);
	}
	return median(samples);
}
