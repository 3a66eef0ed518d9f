/**
 * `bun dev`: the API plus the web app bundled on the fly by Bun. The server restarts on change (`bun --hot`);
 * the web app is rebundled on change and picked up on reload. Bun's in-page module replacement stays off:
 * under it TanStack Router's dev-only chunk hook meets a circular import and the app never starts.
 */
import index from "../web/index.html";
import { loadConfig } from "./env.ts";
import { type RunningServer, startServer } from "./server.ts";

const config = loadConfig({ NODE_ENV: "development", ...process.env });
// `bun --hot` runs this module again in the same process on every change: the previous server (its data
// folder's lock, database and jobs) is stopped before the next one starts. globalThis outlives the reload.
const dev = globalThis as { commoncentsDev?: RunningServer };
await dev.commoncentsDev?.stop(0);
try {
	dev.commoncentsDev = startServer(config, {
		liveHealth: true,
		development: { hmr: false, console: true },
		routes: { "/*": index },
		jobs: { housekeeping: true, expiry: true, searchIndex: true },
	});
} catch (error) {
	console.error(`commoncents: ${error instanceof Error ? error.message : String(error)}`);
	process.exit(1);
}
console.log(`CommonCents (dev) on http://localhost:${dev.commoncentsDev.port}`);
