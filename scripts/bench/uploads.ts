/**
 * Memory while many photos upload at once. Each photo (5 MB, the limit) arrives in 64 KB pieces at a steady
 * pace, as from phones, all of them side by side; the server's peak resident memory (VmHWM, reset once the
 * server is idle) is read after, and its growth over the idle resident set printed.
 * The baseline, in the same run: a raw Bun.serve that reads the same bodies and throws the bytes away, the
 * least any Bun server can hold. Not a test and no budget: it prints MB per photo in flight and the ratio.
 *   bun scripts/bench/uploads.ts [--bin dist/commoncents] [--photos 48] [--piece-ms 20] [--rounds 3]
 * An empty data folder is enough: uploads do not touch the bench database.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { MAX_UPLOAD_BYTES } from "../../src/uploads/signing.ts";
import { type BenchUser, register, startProcess } from "./lib/server.ts";
import { fmt, machine, mb, median, ROOT, readMemory, sleep } from "./lib/util.ts";

const { values: opt } = parseArgs({
	options: {
		bin: { type: "string", default: join(ROOT, "dist/commoncents") },
		photos: { type: "string", default: "48" },
		"piece-ms": { type: "string", default: "20" },
		rounds: { type: "string", default: "3" },
	},
});
const PHOTOS = Number(opt.photos);
const PIECE_MS = Number(opt["piece-ms"]);
const PIECE = 64 * 1024;
/** Each account may store 30 photos an hour (src/uploads/routes.ts): a few accounts share the photos. */
const PHOTOS_PER_ACCOUNT = 20;

const RAW_SERVER = `
Bun.serve({
  port: Number(process.env.PORT),
  maxRequestBodySize: 6 * 1024 * 1024,
  async fetch(req) {
    if (req.method !== "PUT") return Response.json({ status: "ok" });
    let total = 0;
    const reader = req.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
    }
    return Response.json({ total });
  },
});
`;

/** A JPEG-looking photo of exactly the limit: real magic bytes, then bytes that do not compress. */
function photo(): Uint8Array {
	const bytes = new Uint8Array(MAX_UPLOAD_BYTES);
	crypto.getRandomValues(bytes.subarray(0, 65_536));
	for (let at = 65_536; at < bytes.length; at += 65_536) bytes.copyWithin(at, 0, Math.min(65_536, bytes.length - at));
	bytes.set([0xff, 0xd8, 0xff, 0xe0]);
	return bytes;
}

/** A body that sends `bytes` one piece every PIECE_MS. */
function paced(bytes: Uint8Array) {
	let offset = 0;
	return new ReadableStream<Uint8Array>({
		async pull(controller) {
			if (offset >= bytes.length) return controller.close();
			await sleep(PIECE_MS);
			controller.enqueue(bytes.slice(offset, offset + PIECE));
			offset += PIECE;
		},
	});
}

type Upload = { url: string; headers: Record<string, string> };

/** PUTs every photo at once; the statuses seen, and the peak resident memory growth over idle. */
async function uploadAll(pid: number, uploads: Upload[], bytes: Uint8Array) {
	await sleep(300);
	// Start-up can peak above the idle resident set: the kernel's peak is reset so it covers the uploads alone.
	writeFileSync(`/proc/${pid}/clear_refs`, "5");
	const idle = readMemory(pid)!;
	const started = performance.now();
	const statuses = await Promise.all(
		uploads.map(({ url, headers }) =>
			fetch(url, {
				method: "PUT",
				headers: { ...headers, "content-type": "image/jpeg", "content-length": String(bytes.length) },
				body: paced(bytes),
				duplex: "half",
			} as RequestInit).then((res) => res.status),
		),
	);
	const seconds = (performance.now() - started) / 1000;
	const after = readMemory(pid)!;
	return { statuses: [...new Set(statuses)].sort(), idleMb: idle.rssMb, growthMb: after.hwmMb - idle.rssMb, seconds };
}

async function appRound(bin: string, bytes: Uint8Array) {
	const dataDir = mkdtempSync(join(tmpdir(), "cc-bench-uploads-"));
	const server = await startProcess([bin, "serve"], dataDir);
	try {
		const tag = Date.now().toString(36);
		const accounts: BenchUser[] = [];
		for (let i = 0; i * PHOTOS_PER_ACCOUNT < PHOTOS; i++)
			accounts.push(await register(server.base, `uploads_${tag}_${i}`, "10001"));
		const uploads = await Promise.all(
			Array.from({ length: PHOTOS }, async (_, i): Promise<Upload> => {
				const headers = { origin: server.base, cookie: accounts[Math.floor(i / PHOTOS_PER_ACCOUNT)]!.cookie };
				const res = await fetch(`${server.base}/api/objects/upload`, { method: "POST", headers });
				const { uploadURL } = (await res.json()) as { uploadURL: string };
				return { url: `${server.base}${uploadURL}`, headers };
			}),
		);
		return await uploadAll(server.pid, uploads, bytes);
	} finally {
		await server.stop();
		rmSync(dataDir, { recursive: true, force: true });
	}
}

async function rawRound(bytes: Uint8Array) {
	const dir = mkdtempSync(join(tmpdir(), "cc-bench-uploads-raw-"));
	const script = join(dir, "raw.ts");
	writeFileSync(script, RAW_SERVER);
	const server = await startProcess([process.execPath, script], dir);
	try {
		const uploads = Array.from({ length: PHOTOS }, () => ({ url: `${server.base}/upload`, headers: {} }));
		return await uploadAll(server.pid, uploads, bytes);
	} finally {
		await server.stop();
		rmSync(dir, { recursive: true, force: true });
	}
}

const bin = resolve(opt.bin);
const bytes = photo();
const m = machine();
console.log(
	`machine: ${m.model}, ${m.cores} cores, ${m.memGb} GiB, load ${m.load}; Bun ${Bun.version}; the client runs on it too`,
);
console.log(
	`${PHOTOS} photos of ${mb(bytes.length / 1e6)} at once, ${PIECE / 1024} KB every ${PIECE_MS} ms each ` +
		`(${mb((PHOTOS * bytes.length) / 1e6)} in flight); ${opt.rounds} rounds, alternating`,
);
const app: Awaited<ReturnType<typeof appRound>>[] = [];
const raw: Awaited<ReturnType<typeof rawRound>>[] = [];
for (let round = 0; round < Number(opt.rounds); round++) {
	raw.push(await rawRound(bytes));
	app.push(await appRound(bin, bytes));
}
for (const [name, runs] of [
	["raw Bun.serve, bytes discarded", raw],
	["commoncents, photos stored", app],
] as const) {
	const statuses = [...new Set(runs.flatMap((r) => r.statuses))].join(", ");
	console.log(
		`  ${name.padEnd(32)} peak growth ${runs.map((r) => mb(r.growthMb)).join(" / ")}; idle ${mb(median(runs.map((r) => r.idleMb)))};` +
			` ${fmt(median(runs.map((r) => r.seconds)), 2)} s; statuses ${statuses}`,
	);
}
const appGrowth = median(app.map((r) => r.growthMb));
const rawGrowth = median(raw.map((r) => r.growthMb));
console.log(
	`median peak growth: ${mb(appGrowth)} (${fmt(appGrowth / PHOTOS, 2)} MB per photo in flight) vs ${mb(rawGrowth)} raw: ` +
		`${fmt(appGrowth / rawGrowth, 2)}x`,
);
if (app.some((r) => r.statuses.join() !== "200")) {
	console.error("bench-uploads: some uploads were refused");
	process.exit(1);
}
