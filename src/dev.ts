/**
 * `bun dev`: the API plus the web app bundled on the fly by Bun. The server restarts on change (`bun --hot`);
 * the web app is rebundled on change and picked up on reload. Bun's in-page module replacement stays off:
 * under it TanStack Router's dev-only chunk hook meets a circular import and the app never starts.
 */
import index from "../web/index.html";
import { createApp } from "./app.ts";
import { migrate, openDb } from "./db.ts";
import { loadConfig } from "./env.ts";
import { ensureTaxonomy } from "../db/seed.ts";
import { type DataDirLock, inUseMessage, lockDataDir } from "./ops/data-lock.ts";

const config = loadConfig({ NODE_ENV: "development", ...process.env });
// The data folder's lock, as the binary's server holds it (so `restore` refuses meanwhile). Kept across
// `bun --hot` reloads, which run this module again in the same process.
const devState = globalThis as { commoncentsDevLock?: DataDirLock | null };
devState.commoncentsDevLock ??= lockDataDir(config.dataDir);
if (!devState.commoncentsDevLock) {
	console.error(`commoncents: ${inUseMessage(config.dataDir)}`);
	process.exit(1);
}
const { sqlite, db } = openDb(config.dbPath);
migrate(sqlite);
ensureTaxonomy(db);
const app = createApp({ db, config });

const server = Bun.serve({
	port: config.port,
	development: { hmr: false, console: true },
	routes: {
		"/api/*": (req, srv) => app.fetch(req, { server: srv }),
		// Stored photos are served outside /api.
		"/uploads/*": (req, srv) => app.fetch(req, { server: srv }),
		"/*": index,
	},
});
console.log(`CommonCents (dev) on http://localhost:${server.port}`);
