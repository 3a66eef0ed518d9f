/**
 * What a personal access token costs a read, against the session cookie it stands beside: the same GETs over
 * real HTTP to a server in this process, signed in by cookie, then by `Authorization: Bearer`, alternating in
 * rounds. Prints the server's CPU per request (this process's, which is the server's and the client's alike,
 * so only the ratio between the two in the same run means much) and the ratio against the cookie.
 *
 *   bun scripts/bench/tokens.ts [--requests 1200] [--rounds 3]
 *
 * A token allows 60 requests a minute, so the run spreads its requests over many tokens of many shoppers.
 */
import { parseArgs } from "node:util";
import { registerUser, startTestServer } from "../../src/test/harness.ts";

const { values: opt } = parseArgs({
	options: { requests: { type: "string", default: "1200" }, rounds: { type: "string", default: "3" } },
});
const REQUESTS = Number(opt.requests);
const ROUNDS = Number(opt.rounds);
const PER_TOKEN = 50;
const TOKENS_PER_SHOPPER = 20;

const server = await startTestServer({ OLLAMA_HOST: "off", LOG_LEVEL: "silent" });
const paths = ["/api/auth/user", "/api/v1/fuel/prices?zip=10001&fuel=regular"];

const shopper = await registerUser(server);
const cookie = shopper.client.cookie ?? "";

/** Enough tokens for every bearer request of every round, none past its minute's limit. */
const tokens: string[] = [];
const needed = Math.ceil((REQUESTS * ROUNDS * paths.length) / PER_TOKEN);
while (tokens.length < needed) {
	const { client } = await registerUser(server);
	for (let i = 0; i < TOKENS_PER_SHOPPER && tokens.length < needed; i++) {
		const made = await client.post("/api/tokens", { name: `bench ${i}` });
		tokens.push((made.data as { secret: string }).secret);
	}
}
let tokenUse = 0;
const nextToken = () => tokens[Math.floor(tokenUse++ / PER_TOKEN)] as string;

async function measure(path: string, headers: () => Record<string, string>) {
	const before = process.cpuUsage();
	for (let i = 0; i < REQUESTS; i++) {
		const res = await fetch(server.origin + path, { headers: headers() });
		if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
		await res.arrayBuffer();
	}
	const used = process.cpuUsage(before);
	return (used.user + used.system) / REQUESTS;
}

console.log(`${REQUESTS} requests per figure, ${ROUNDS} rounds, ${tokens.length} tokens; CPU µs per request`);
for (const path of paths) {
	const cookieRuns: number[] = [];
	const bearerRuns: number[] = [];
	for (let round = 0; round < ROUNDS; round++) {
		cookieRuns.push(await measure(path, () => ({ cookie })));
		bearerRuns.push(await measure(path, () => ({ authorization: `Bearer ${nextToken()}` })));
	}
	const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
	const c = median(cookieRuns);
	const b = median(bearerRuns);
	console.log(`${path}\n  cookie ${c.toFixed(0)} µs · bearer ${b.toFixed(0)} µs · ratio ${(b / c).toFixed(2)}x`);
}
await server.stop();
