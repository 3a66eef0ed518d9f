/**
 * Structured logs: one JSON object per line on stdout, so a container platform or `jq` can read them.
 * Lines are buffered and flushed every 100 ms (and at shutdown): a request log must not cost a write call.
 */
const LEVELS = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 } as const;
export type LogLevel = keyof typeof LEVELS;
export const LOG_LEVELS = Object.keys(LEVELS) as LogLevel[];

let threshold: number = LEVELS.info;
let sink: ((line: string) => void) | undefined;
let pending: string[] = [];
let timer: ReturnType<typeof setTimeout> | undefined;

export function setLogLevel(level: LogLevel) {
	threshold = LEVELS[level];
}

/** Tests capture lines here instead of stdout. */
export function setLogSink(write: ((line: string) => void) | undefined) {
	sink = write;
}

/**
 * Bun's native writer on fd 1, not process.stdout: the first use of process.stdout builds Node's stream
 * machinery, about 11 ms on the server's first flush (right after listening, so the first request waited
 * for it). The writer is the same native sink underneath, so ordering, a full pipe and a closed one behave
 * as before.
 */
let stdout: ReturnType<typeof Bun.stdout.writer> | undefined;

export function flushLogs() {
	if (timer) clearTimeout(timer);
	timer = undefined;
	if (pending.length === 0) return;
	const text = pending.join("");
	pending = [];
	stdout ??= Bun.stdout.writer();
	stdout.write(text);
	void stdout.flush();
}

function emit(level: Exclude<LogLevel, "silent">, msg: string, fields?: Record<string, unknown>) {
	if (LEVELS[level] < threshold) return;
	const line = `${JSON.stringify({ time: isoNow(), level, msg, ...withPlainErrors(fields) })}\n`;
	if (sink) return sink(line);
	pending.push(line);
	if (level === "error") return flushLogs();
	timer ??= setTimeout(flushLogs, 100);
}

// The time string of the current millisecond: a busy server logs many lines in one.
let isoMs = 0;
let isoText = "";
function isoNow() {
	const now = Date.now();
	if (now !== isoMs) {
		isoMs = now;
		isoText = new Date(now).toISOString();
	}
	return isoText;
}

/** Errors as their name, message and stack (JSON.stringify would write `{}`); other fields as they are. */
function withPlainErrors(fields: Record<string, unknown> | undefined) {
	if (!fields) return undefined;
	let out: Record<string, unknown> | undefined;
	for (const key in fields) {
		const value = fields[key];
		if (value instanceof Error) {
			out ??= { ...fields };
			out[key] = { name: value.name, message: value.message, stack: value.stack };
		}
	}
	return out ?? fields;
}

export const log = {
	debug: (msg: string, fields?: Record<string, unknown>) => emit("debug", msg, fields),
	info: (msg: string, fields?: Record<string, unknown>) => emit("info", msg, fields),
	warn: (msg: string, fields?: Record<string, unknown>) => emit("warn", msg, fields),
	error: (msg: string, fields?: Record<string, unknown>) => emit("error", msg, fields),
};
