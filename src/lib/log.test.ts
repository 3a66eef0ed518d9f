import { expect, test } from "bun:test";
import { join } from "node:path";

test("an error line is written at once, with the lines before it: a crash right after loses neither", async () => {
	// A process that logs, then dies at once without any chance to flush (as an OOM kill or a native fault).
	const script = `
    import { log } from ${JSON.stringify(join(import.meta.dir, "log.ts"))};
    log.info("what it was doing");
    log.error("why it failed", { err: new Error("disk full") });
    process.kill(process.pid, "SIGKILL");
  `;
	const proc = Bun.spawn([process.execPath, "-e", script], {
		env: { PATH: process.env.PATH ?? "" },
		stdout: "pipe",
		stderr: "pipe",
	});
	const out = await new Response(proc.stdout).text();
	expect(await proc.exited).not.toBe(0);
	const lines = out
		.trim()
		.split("\n")
		.map((line) => JSON.parse(line));
	expect(lines).toEqual([
		expect.objectContaining({ level: "info", msg: "what it was doing" }),
		expect.objectContaining({
			level: "error",
			msg: "why it failed",
			err: expect.objectContaining({ message: "disk full" }),
		}),
	]);
});
