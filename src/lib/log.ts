/**
 * Structured logs: one JSON object per line on stdout, so a container platform or `jq` can read them.
 * Lines are buffered and flushed every 100 ms (and at shutdown): a request log must not cost a write call.
 *
 * The one logger is the process's, as stdout is (docs/decisions/0040-one-runtime-object.md): every module
 * logs through `log` without being handed it, and the start-up sets its level.
 */
const LEVELS = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 } as const;
export type LogLevel = keyof typeof LEVELS;
export const LOG_LEVELS = Object.keys(LEVELS) as LogLevel[];
type Fields = Record<string, unknown>;

class Logger {
	private threshold: number = LEVELS.info;
	private sink: ((line: string) => void) | undefined;
	private pending: string[] = [];
	private timer: ReturnType<typeof setTimeout> | undefined;
	/**
	 * Bun's native writer on fd 1, not process.stdout: the first use of process.stdout builds Node's stream
	 * machinery, which the server's first flush (right after listening) would pay for. The writer is the same
	 * native sink underneath, so ordering, a full pipe and a closed one behave as before.
	 */
	private stdout: ReturnType<typeof Bun.stdout.writer> | undefined;
	// The time string of the current millisecond: a busy server logs many lines in one.
	private isoMs = 0;
	private isoText = "";

	debug = (msg: string, fields?: Fields) => this.emit("debug", msg, fields);
	info = (msg: string, fields?: Fields) => this.emit("info", msg, fields);
	warn = (msg: string, fields?: Fields) => this.emit("warn", msg, fields);
	error = (msg: string, fields?: Fields) => this.emit("error", msg, fields);

	setLevel(level: LogLevel) {
		this.threshold = LEVELS[level];
	}

	/** Tests capture lines here instead of stdout. */
	setSink(write: ((line: string) => void) | undefined) {
		this.sink = write;
	}

	flush() {
		if (this.timer) clearTimeout(this.timer);
		this.timer = undefined;
		if (this.pending.length === 0) return;
		const text = this.pending.join("");
		this.pending = [];
		this.stdout ??= Bun.stdout.writer();
		this.stdout.write(text);
		void this.stdout.flush();
	}

	private emit(level: Exclude<LogLevel, "silent">, msg: string, fields?: Fields) {
		if (LEVELS[level] < this.threshold) return;
		const line = `${JSON.stringify({ time: this.isoNow(), level, msg, ...withPlainErrors(fields) })}\n`;
		if (this.sink) return this.sink(line);
		this.pending.push(line);
		if (level === "error") return this.flush();
		this.timer ??= setTimeout(() => this.flush(), 100);
	}

	private isoNow() {
		const now = Date.now();
		if (now !== this.isoMs) {
			this.isoMs = now;
			this.isoText = new Date(now).toISOString();
		}
		return this.isoText;
	}
}

/** Errors as their name, message and stack (JSON.stringify would write `{}`); other fields as they are. */
function withPlainErrors(fields: Fields | undefined) {
	if (!fields) return undefined;
	let out: Fields | undefined;
	for (const key in fields) {
		const value = fields[key];
		if (value instanceof Error) {
			out ??= { ...fields };
			out[key] = { name: value.name, message: value.message, stack: value.stack };
		}
	}
	return out ?? fields;
}

export const log = new Logger();
