/**
 * The load generator: wrk (Debian's package, installed on demand when running as root) driven by a generated
 * Lua script that cycles through prepared raw requests, optionally paced to a target rate, and reports
 * latency percentiles and status classes as one JSON line. When wrk cannot be had, autocannon from npm
 * (installed into .tools/autocannon, never package.json) does the same job through Node.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ROOT, run, which } from "./util.ts";

export type Req = { method?: string; path: string; headers?: Record<string, string>; body?: string };
export type LoadOptions = {
	base: string; // http://127.0.0.1:PORT
	reqs: Req[];
	connections: number;
	seconds: number;
	/** Target requests per second for the whole run (paced); unpaced when absent. */
	rate?: number;
	threads?: number;
};
export type LoadResult = {
	requests: number;
	seconds: number;
	rps: number;
	p50: number;
	p90: number;
	p99: number;
	max: number;
	ok: number; // 2xx and 3xx
	s4xx: number;
	s5xx: number;
	socketErrors: number;
	okPerS: number;
};
export type LoadGenerator = {
	name: string;
	version: string;
	run(opts: LoadOptions): Promise<LoadResult>;
};

const scratch = mkdtempSync(join(tmpdir(), "commoncents-load-"));
process.on("exit", () => rmSync(scratch, { recursive: true, force: true }));
let scriptCount = 0;

/** wrk when present (installing it from Debian when root), else autocannon from npm. */
export function ensureLoadGenerator(): LoadGenerator {
	if (!which("wrk") && process.getuid?.() === 0 && which("apt-get")) {
		console.log("==> Installing wrk from Debian");
		const env = { DEBIAN_FRONTEND: "noninteractive" };
		if (run(["apt-get", "install", "-y", "-qq", "wrk"], { env, allowFail: true }).code !== 0) {
			run(["apt-get", "update", "-qq"], { env, allowFail: true });
			run(["apt-get", "install", "-y", "-qq", "wrk"], { env, allowFail: true });
		}
	}
	const wrk = which("wrk");
	if (wrk) {
		const banner = run([wrk, "--version"], { allowFail: true }).out.split("\n")[0] ?? "";
		const version = `wrk ${/(\d+\.\d+\.\d+)/.exec(banner)?.[1] ?? "(unknown version)"} (${wrk})`;
		return { name: "wrk", version, run: (o) => runWrk(wrk, o) };
	}
	return autocannon();
}

/** A Lua string literal holding the UTF-8 bytes of s (decimal escapes are always 3 digits). */
function luaStr(s: string): string {
	let out = "";
	for (const byte of Buffer.from(s, "utf8")) {
		const c = String.fromCharCode(byte);
		out += byte < 32 || byte > 126 || c === "\\" || c === '"' ? `\\${String(byte).padStart(3, "0")}` : c;
	}
	return `"${out}"`;
}

function rawRequest(host: string, r: Req): string {
	const method = r.method ?? "GET";
	const headers: Record<string, string> = { Host: host, ...r.headers };
	if (r.body !== undefined) headers["Content-Length"] = String(Buffer.byteLength(r.body));
	const lines = Object.entries(headers).map(([k, v]) => `${k}: ${v}`);
	return `${method} ${r.path} HTTP/1.1\r\n${lines.join("\r\n")}\r\n\r\n${r.body ?? ""}`;
}

function wrkScript(host: string, o: LoadOptions, threads: number): string {
	const paced = o.rate !== undefined;
	return `
local reqs = {
${o.reqs.map((r) => `  ${luaStr(rawRequest(host, r))},`).join("\n")}
}
local threads = {}
local id = 0
function setup(thread)
  id = id + 1
  thread:set("tid", id)
  table.insert(threads, thread)
end
st2, st4, st5 = 0, 0, 0
local i = 0
function init(args)
  i = (tid or 0) * 7919 % #reqs
end
function request()
  i = i % #reqs + 1
  return reqs[i]
end
function response(status, headers, body)
  if status < 400 then st2 = st2 + 1 elseif status < 500 then st4 = st4 + 1 else st5 = st5 + 1 end
end
${
	paced
		? `
local ffi = require("ffi")
ffi.cdef[[ typedef struct { long sec; long nsec; } bench_ts; int clock_gettime(int, bench_ts *); ]]
local ts = ffi.new("bench_ts")
local function now_ms() ffi.C.clock_gettime(1, ts); return tonumber(ts.sec) * 1000 + tonumber(ts.nsec) / 1e6 end
local interval = ${(1000 * threads) / o.rate!}
local nextslot = nil
function delay()
  local now = now_ms()
  if nextslot == nil or nextslot < now - 50 then nextslot = now end
  local wait = nextslot - now
  nextslot = nextslot + interval
  if wait < 0 then return 0 end
  return math.floor(wait)
end`
		: ""
}
function done(summary, latency, requests)
  local a, b, c = 0, 0, 0
  for _, t in ipairs(threads) do
    a = a + (t:get("st2") or 0); b = b + (t:get("st4") or 0); c = c + (t:get("st5") or 0)
  end
  local e = summary.errors
  io.write(string.format('BENCHJSON {"requests":%d,"duration_us":%d,"p50":%f,"p90":%f,"p99":%f,"max":%f,"ok":%d,"s4xx":%d,"s5xx":%d,"socket":%d}\\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(90), latency:percentile(99),
    latency.max, a, b, c, e.connect + e.read + e.write + e.timeout))
end
`;
}

async function runWrk(wrk: string, o: LoadOptions): Promise<LoadResult> {
	const threads = Math.max(1, Math.min(o.threads ?? 2, o.connections));
	const host = new URL(o.base).host;
	const script = join(scratch, `load-${++scriptCount}.lua`);
	writeFileSync(script, wrkScript(host, o, threads));
	const proc = Bun.spawn(
		[
			wrk,
			"-t",
			String(threads),
			"-c",
			String(o.connections),
			"-d",
			`${o.seconds}s`,
			"--timeout",
			"10s",
			"-s",
			script,
			o.base,
		],
		{ stdout: "pipe", stderr: "pipe" },
	);
	const [out, err] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text()]);
	await proc.exited;
	const line = out.split("\n").find((l) => l.startsWith("BENCHJSON "));
	if (!line) throw new Error(`wrk gave no result (exit ${proc.exitCode}):\n${out}\n${err}`);
	const j = JSON.parse(line.slice("BENCHJSON ".length)) as Record<string, number>;
	const seconds = j.duration_us! / 1e6;
	return {
		requests: j.requests!,
		seconds,
		rps: j.requests! / seconds,
		p50: j.p50! / 1000,
		p90: j.p90! / 1000,
		p99: j.p99! / 1000,
		max: j.max! / 1000,
		ok: j.ok!,
		s4xx: j.s4xx!,
		s5xx: j.s5xx!,
		socketErrors: j.socket!,
		okPerS: j.ok! / seconds,
	};
}

/** autocannon through Node: the fallback where wrk cannot be installed. */
function autocannon(): LoadGenerator {
	const dir = join(ROOT, ".tools/autocannon");
	const pkg = join(dir, "node_modules/autocannon/package.json");
	if (!existsSync(pkg)) {
		console.log("==> wrk is unavailable; installing autocannon from npm into .tools/autocannon");
		mkdirSync(dir, { recursive: true });
		if (!existsSync(join(dir, "package.json"))) writeFileSync(join(dir, "package.json"), '{"private":true}\n');
		run(
			["npm", "install", "--no-save", "--no-package-lock", "--no-audit", "--no-fund", "--loglevel=error", "autocannon"],
			{ cwd: dir },
		);
	}
	const version = `autocannon ${(JSON.parse(readFileSync(pkg, "utf8")) as { version: string }).version}`;
	const driver = join(scratch, "autocannon-driver.cjs");
	writeFileSync(
		driver,
		`const ac = require(${JSON.stringify(join(dir, "node_modules/autocannon"))});
const o = JSON.parse(require("fs").readFileSync(process.argv[2], "utf8"));
ac({ url: o.base, connections: o.connections, duration: o.seconds, overallRate: o.rate, timeout: 10,
     requests: o.reqs.map((r) => ({ method: r.method || "GET", path: r.path, headers: r.headers, body: r.body })) },
  (err, r) => {
    if (err) { console.error(err); process.exit(1); }
    const s = r.statusCodeStats || {};
    const count = (lo, hi) => Object.entries(s).filter(([k]) => +k >= lo && +k < hi).reduce((n, [, v]) => n + v.count, 0);
    console.log("BENCHJSON " + JSON.stringify({ requests: r.requests.total, seconds: r.duration, p50: r.latency.p50,
      p90: r.latency.p90, p99: r.latency.p99, max: r.latency.max, ok: count(100, 400), s4xx: count(400, 500),
      s5xx: count(500, 600), socket: r.errors + r.timeouts }));
  });
`,
	);
	return {
		name: "autocannon",
		version,
		async run(o) {
			const input = join(scratch, `load-${++scriptCount}.json`);
			writeFileSync(input, JSON.stringify(o));
			const proc = Bun.spawn(["node", driver, input], { stdout: "pipe", stderr: "pipe" });
			const [out, err] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text()]);
			await proc.exited;
			const line = out.split("\n").find((l) => l.startsWith("BENCHJSON "));
			if (!line) throw new Error(`autocannon gave no result:\n${out}\n${err}`);
			const j = JSON.parse(line.slice(10)) as Record<string, number>;
			return {
				requests: j.requests!,
				seconds: j.seconds!,
				rps: j.requests! / j.seconds!,
				p50: j.p50!,
				p90: j.p90!,
				p99: j.p99!,
				max: j.max!,
				ok: j.ok!,
				s4xx: j.s4xx!,
				s5xx: j.s5xx!,
				socketErrors: j.socket!,
				okPerS: j.ok! / j.seconds!,
			};
		},
	};
}
