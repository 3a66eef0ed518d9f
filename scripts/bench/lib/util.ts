/** Small helpers shared by the benchmark's parts: processes, ports, memory, statistics and formatting. */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

export const ROOT = join(import.meta.dir, "../../..");

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function percentile(xs: number[], p: number): number {
	if (xs.length === 0) return Number.NaN;
	const s = [...xs].sort((a, b) => a - b);
	return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
}
export const median = (xs: number[]) => percentile(xs, 50);

/** Runs a command to completion; throws with its output when it fails (unless allowed). */
export function run(
	cmd: string[],
	opts: { cwd?: string; env?: Record<string, string | undefined>; allowFail?: boolean } = {},
) {
	const res = Bun.spawnSync(cmd, {
		cwd: opts.cwd ?? ROOT,
		env: { ...process.env, ...opts.env },
		stdout: "pipe",
		stderr: "pipe",
	});
	const out = res.stdout.toString();
	const err = res.stderr.toString();
	if (res.exitCode !== 0 && !opts.allowFail) {
		throw new Error(`${cmd.join(" ")} exited with ${res.exitCode}:\n${err || out}`);
	}
	return { code: res.exitCode, out, err };
}

export function which(name: string): string | null {
	return Bun.which(name);
}

/** A TCP port nobody listens on right now (the kernel picks it). */
export async function freePort(): Promise<number> {
	const server = Bun.listen({ hostname: "127.0.0.1", port: 0, socket: { data() {} } });
	const port = server.port;
	server.stop(true);
	return port;
}

/** Polls url until it answers 200; returns the time waited in ms. */
export async function waitFor200(url: string, timeoutMs = 30_000, stepMs = 2): Promise<number> {
	const start = performance.now();
	while (performance.now() - start < timeoutMs) {
		try {
			const res = await fetch(url);
			await res.arrayBuffer();
			if (res.status === 200) return performance.now() - start;
		} catch {
			// not listening yet
		}
		await sleep(stepMs);
	}
	throw new Error(`${url} did not answer 200 within ${timeoutMs} ms`);
}

const CLK_TCK = Number(run(["getconf", "CLK_TCK"], { allowFail: true }).out.trim()) || 100;

function statCpuSeconds(statPath: string): number {
	try {
		const stat = readFileSync(statPath, "utf8");
		const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
		return (Number(fields[11]) + Number(fields[12])) / CLK_TCK;
	} catch {
		return Number.NaN;
	}
}

/** CPU seconds (user + system) a process has used so far, all its threads; NaN when it is gone. */
export const cpuSeconds = (pid: number) => statCpuSeconds(`/proc/${pid}/stat`);

/**
 * CPU seconds of the process's main thread alone: in our server, the one JavaScript thread that answers
 * every request (SQLite's checkpointer, the JIT and the GC helpers run on others). Near one CPU second per
 * second of wall time, it is saturated, whatever the machine's other core is doing.
 */
export const mainThreadCpuSeconds = (pid: number) => statCpuSeconds(`/proc/${pid}/task/${pid}/stat`);

/** Idle CPU seconds of the whole machine so far (idle + iowait, all cores): what every process left unused. */
export function machineIdleSeconds(): number {
	const fields = readFileSync("/proc/stat", "utf8").split("\n", 1)[0]!.trim().split(/\s+/);
	return (Number(fields[4]) + Number(fields[5])) / CLK_TCK;
}

/** The 1-minute load average: how busy the shared machine was (our own processes included). */
export const loadAverage = () => Number(readFileSync("/proc/loadavg", "utf8").split(" ")[0]);

export type Memory = { hwmMb: number; rssMb: number; anonMb: number; fileMb: number };

/** VmHWM (peak resident set), VmRSS and its anonymous/file split for a process, in MB (10^6 bytes). */
export function readMemory(pid: number): Memory | null {
	try {
		const status = readFileSync(`/proc/${pid}/status`, "utf8");
		const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? Number.NaN);
		const mb = (k: number) => (k * 1024) / 1e6;
		return { hwmMb: mb(kb("VmHWM")), rssMb: mb(kb("VmRSS")), anonMb: mb(kb("RssAnon")), fileMb: mb(kb("RssFile")) };
	} catch {
		return null;
	}
}

/** Samples a process's memory every 100 ms; peak() gives the highest VmRSS seen and the kernel's VmHWM. */
export function memorySampler(pid: number) {
	let peak: Memory = { hwmMb: 0, rssMb: 0, anonMb: 0, fileMb: 0 };
	const sample = () => {
		const m = readMemory(pid);
		if (!m) return;
		if (m.rssMb >= peak.rssMb) peak = { ...m, hwmMb: Math.max(m.hwmMb, peak.hwmMb) };
		else peak.hwmMb = Math.max(m.hwmMb, peak.hwmMb);
	};
	const timer = setInterval(sample, 100);
	sample();
	return {
		peak: () => {
			sample();
			return { ...peak };
		},
		stop: () => clearInterval(timer),
	};
}

/** The machine, for the record: CPU model, cores, memory, load average. */
export function machine() {
	const cpuinfo = existsSync("/proc/cpuinfo") ? readFileSync("/proc/cpuinfo", "utf8") : "";
	const model = /^model name\s*:\s*(.+)$/m.exec(cpuinfo)?.[1]?.trim() ?? "unknown CPU";
	const cores = navigator.hardwareConcurrency;
	const memGb = Number(/^MemTotal:\s+(\d+)/m.exec(readFileSync("/proc/meminfo", "utf8"))?.[1] ?? 0) / 1024 / 1024;
	const load = readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
	return { model, cores, memGb: Math.round(memGb), load };
}

export const fmt = (n: number, digits = 0) =>
	Number.isFinite(n)
		? n.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits })
		: "n/a";
export const ms = (n: number) => (Number.isFinite(n) ? `${n < 10 ? n.toFixed(2) : n.toFixed(1)} ms` : "n/a");
export const mb = (n: number) => `${n.toFixed(1)} MB`;
