import { endLiveStreams } from "./alerts/live.ts";
import { createApp } from "./app.ts";
import { deleteExpiredSessions } from "./auth/sessions.ts";
import { migrate, openDb } from "./db.ts";
import { expireStaleGasReports, expireStaleReports } from "./quality/expiry.ts";
import type { Config } from "./env.ts";
import type { StaticAssets } from "./static.ts";
import { ensureTaxonomy } from "../db/seed.ts";

/** Uploads are 5 MB; nothing else comes near it. Bun's default (128 MiB) would invite abuse. */
const MAX_REQUEST_BODY_BYTES = 6 * 1024 * 1024;
const HOUR = 60 * 60 * 1000;

export class PortInUseError extends Error {}

/** Opens and migrates the database, then serves the API (and the web app, when given) on config.port. */
export function startServer(config: Config, assets?: StaticAssets, hostname = "0.0.0.0") {
  const { sqlite, db } = openDb(config.dbPath);
  migrate(sqlite);
  ensureTaxonomy(db);
  const app = createApp({ db, config, assets });
  let server: ReturnType<typeof Bun.serve>;
  try {
    server = Bun.serve({
      port: config.port,
      hostname,
      maxRequestBodySize: MAX_REQUEST_BODY_BYTES,
      fetch: (req, srv) => app.fetch(req, { server: srv }),
    });
  } catch (error) {
    sqlite.close();
    if ((error as { code?: string }).code === "EADDRINUSE" || /in use/i.test(String(error))) {
      throw new PortInUseError(`port ${config.port} is already in use; stop the other program or set PORT`);
    }
    throw error;
  }
  const sweep = () => {
    deleteExpiredSessions(db);
    expireStaleReports(db);
    expireStaleGasReports(db);
  };
  // After listening, not before: start-up stays cheap (first sweep), then hourly.
  setTimeout(sweep, 1_000).unref();
  const housekeeping = setInterval(sweep, HOUR);
  housekeeping.unref();

  return {
    server,
    db,
    sqlite,
    async stop() {
      clearInterval(housekeeping);
      // Open event streams never end by themselves and would hold a graceful stop forever.
      endLiveStreams(db);
      await server.stop();
      sqlite.exec("PRAGMA optimize");
      sqlite.close();
    },
  };
}
