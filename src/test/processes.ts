/**
 * The real binary's entry (`bun src/main.ts`) as a child process: for tests of what only a process shows,
 * like signals, kill -9, the command line and its exit codes.
 */
import { join } from "node:path";
import { TestClient } from "./harness.ts";

export const ENTRY = join(import.meta.dir, "..", "main.ts");

export type Run = { code: number; stdout: string; stderr: string };

/** Runs a command of the binary (or of another program that runs it: `command`) to its end. */
export async function runCommand(
	args: string[],
	env: Record<string, string>,
	command: string[] = [process.execPath, ENTRY],
): Promise<Run> {
	const proc = Bun.spawn([...command, ...args], {
		env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "/tmp", OLLAMA_HOST: "off", ...env },
		stdout: "pipe",
		stderr: "pipe",
	});
	const [stdout, stderr, code] = await Promise.all([
		new Response(proc.stdout).text(),
		new Response(proc.stderr).text(),
		proc.exited,
	]);
	return { code, stdout, stderr };
}

export type ServerProcess = Awaited<ReturnType<typeof spawnServer>>;

/** Starts `serve` (or another long-running command) and resolves once its "listening" line names the port. */
export async function spawnServer(
	env: Record<string, string>,
	args: string[] = ["serve"],
	command: string[] = [process.execPath, ENTRY],
) {
	const proc = Bun.spawn([...command, ...args], {
		env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "/tmp", OLLAMA_HOST: "off", PORT: "0", ...env },
		stdout: "pipe",
		stderr: "pipe",
	});
	const lines: string[] = [];
	let stderr = "";
	void (async () => {
		for await (const chunk of chunks(proc.stderr)) stderr += new TextDecoder().decode(chunk);
	})();
	const port = await new Promise<number>((resolve, reject) => {
		const timer = setTimeout(() => reject(new Error(`no "listening" line within 15 s; stderr: ${stderr}`)), 15_000);
		void (async () => {
			let buffer = "";
			for await (const chunk of chunks(proc.stdout)) {
				buffer += new TextDecoder().decode(chunk);
				let newline = buffer.indexOf("\n");
				while (newline >= 0) {
					const line = buffer.slice(0, newline);
					buffer = buffer.slice(newline + 1);
					lines.push(line);
					const parsed = safeJson(line);
					if (parsed?.msg === "listening") {
						clearTimeout(timer);
						resolve(parsed.port as number);
					}
					newline = buffer.indexOf("\n");
				}
			}
			clearTimeout(timer);
			reject(new Error(`the server exited before listening; stderr: ${stderr}`));
		})();
	});
	const origin = `http://127.0.0.1:${port}`;
	return {
		proc,
		port,
		origin,
		/** Every stdout line so far (JSON logs). */
		lines,
		stderr: () => stderr,
		client: () => new TestClient(origin),
		logs: () => lines.map(safeJson).filter((l): l is Record<string, unknown> => l !== null),
	};
}

function safeJson(line: string): Record<string, unknown> | null {
	try {
		return JSON.parse(line);
	} catch {
		return null;
	}
}

async function* chunks(stream: ReadableStream<Uint8Array>) {
	const reader = stream.getReader();
	for (;;) {
		const { done, value } = await reader.read();
		if (done) return;
		yield value;
	}
}

/**
 * A file's text once something has written to it (a browser stand-in the binary starts without waiting for),
 * or "" after `withinMs`. Waits for content, not existence: `echo > file` creates the file before it writes.
 */
export async function readWhenWritten(path: string, withinMs = 10_000): Promise<string> {
	const until = Date.now() + withinMs;
	for (;;) {
		const text = await Bun.file(path)
			.text()
			.catch(() => "");
		if (text.trim() || Date.now() > until) return text.trim();
		await Bun.sleep(20);
	}
}
