/** Starting and stopping the compiled server (and the hello-world baseline), and signing bench users in. */
import type { Subprocess } from "bun";
import { freePort, waitFor200 } from "./util.ts";

export type Running = {
	proc: Subprocess;
	pid: number;
	base: string;
	/** Lines of stdout and stderr so far that mention SQLITE_BUSY or "database is locked". */
	busyLines(): number;
	/** Error-level and non-JSON lines (the first 50), and the last 50 lines: request logs are not kept. */
	notable(): string[];
	tail(): string[];
	stop(): Promise<number>;
};

const BUSY = /SQLITE_BUSY|database is locked/;

/** The environment of a production run: nothing from the caller's shell but PATH and HOME. */
export function serverEnv(dataDir: string, port: number): Record<string, string> {
	return {
		PATH: process.env.PATH ?? "/usr/bin:/bin",
		HOME: process.env.HOME ?? "/tmp",
		PORT: String(port),
		DATA_DIR: dataDir,
		OLLAMA_HOST: "off",
		NODE_ENV: "production",
		// Shoppers the seeded password does not sign in are signed up, all from this one address.
		SIGNUPS_PER_HOUR: "0",
		// The writes phase has 200 shoppers report as fast as the server takes them: it measures the write
		// path, not the per-shopper limit (at 2,000 reports/s each would pass 120 an hour within a minute).
		REPORTS_PER_HOUR: "0",
		// The server's default unless the caller asks otherwise (REPORT_WRITER=inline scripts/bench/run, to compare).
		...(process.env.REPORT_WRITER ? { REPORT_WRITER: process.env.REPORT_WRITER } : {}),
	};
}

/**
 * Spawns `cmd` with that environment and waits for its first 200 on /api/health. Its output is read as it
 * comes (a server that logs every request must never block on a full pipe) and scanned line by line.
 */
export async function startProcess(cmd: string[], dataDir: string): Promise<Running> {
	const port = await freePort();
	const proc = Bun.spawn(cmd, { env: serverEnv(dataDir, port), stdout: "pipe", stderr: "pipe" });
	let busy = 0;
	const notable: string[] = [];
	let tail: string[] = [];
	const drain = async (stream: ReadableStream<Uint8Array>) => {
		const decoder = new TextDecoder();
		const reader = stream.getReader();
		let carry = "";
		for (;;) {
			const { done, value } = await reader.read();
			if (done) break;
			const lines = (carry + decoder.decode(value, { stream: true })).split("\n");
			carry = lines.pop() ?? "";
			for (const l of lines) {
				if (BUSY.test(l)) busy++;
				if (
					notable.length < 50 &&
					l &&
					(!l.startsWith("{") || l.includes('"level":"error"') || l.includes('"level":"warn"'))
				)
					notable.push(l);
			}
			tail = [...tail, ...lines.slice(-50)].slice(-50);
		}
	};
	void drain(proc.stdout as ReadableStream<Uint8Array>);
	void drain(proc.stderr as ReadableStream<Uint8Array>);
	const base = `http://127.0.0.1:${port}`;
	try {
		await waitFor200(`${base}/api/health`, 120_000, 20);
	} catch (error) {
		proc.kill("SIGKILL");
		throw new Error(
			`${cmd.join(" ")} did not come up: ${(error as Error).message}\n${[...notable, ...tail].join("\n")}`,
		);
	}
	return {
		proc,
		pid: proc.pid,
		base,
		busyLines: () => busy,
		notable: () => [...notable],
		tail: () => [...tail],
		async stop() {
			proc.kill("SIGTERM");
			const timer = setTimeout(() => proc.kill("SIGKILL"), 30_000);
			const code = await proc.exited;
			clearTimeout(timer);
			return code;
		},
	};
}

export type BenchUser = { username: string; zip: string | null; cookie: string; how: "login" | "register" };

const cookieOf = (res: Response) => res.headers.get("set-cookie")?.split(";")[0] ?? "";

/** POST /api/auth/login as a browser would (Origin header); the session cookie, or null when refused. */
export async function login(base: string, username: string, password: string): Promise<BenchUser | null> {
	const res = await fetch(`${base}/api/auth/login`, {
		method: "POST",
		headers: { "content-type": "application/json", origin: base },
		body: JSON.stringify({ username, password }),
	});
	const body = (await res.json().catch(() => ({}))) as { zipCode?: string | null };
	if (res.status !== 200) return null;
	return { username, zip: body.zipCode ?? null, cookie: cookieOf(res), how: "login" };
}

/** A fresh account with a zip, for databases whose users' password we do not know. */
export async function register(base: string, username: string, zip: string): Promise<BenchUser> {
	const password = "Bench!Pass1";
	const res = await fetch(`${base}/api/auth/register`, {
		method: "POST",
		headers: { "content-type": "application/json", origin: base },
		body: JSON.stringify({
			username,
			password,
			confirmPassword: password,
			firstName: "Bench",
			lastName: "Runner",
			zipCode: zip,
		}),
	});
	if (res.status !== 201) throw new Error(`registering ${username} answered ${res.status}: ${await res.text()}`);
	return { username, zip, cookie: cookieOf(res), how: "register" };
}

/**
 * `count` signed-in users: the database's own users where the password is right (the bench users of
 * scripts/bench/seed), topped up with newly registered accounts in popular zips.
 */
export async function signIn(
	base: string,
	candidates: { username: string; zip: string | null }[],
	password: string,
	zips: string[],
	count: number,
): Promise<BenchUser[]> {
	const users: BenchUser[] = [];
	let refused = 0;
	for (const c of candidates) {
		// Three refusals and no success: the password is not theirs; stop before the login throttle steps in.
		if (users.length >= count || (refused >= 3 && users.length === 0)) break;
		if (!c.zip) continue;
		const user = await login(base, c.username, password);
		if (user) users.push(user);
		else refused++;
	}
	const tag = Date.now().toString(36);
	for (let i = 0; users.length < count; i++) {
		users.push(await register(base, `benchrun_${tag}_${i}`, zips[i % Math.max(1, zips.length)] ?? "10001"));
	}
	return users;
}
