/**
 * The binary's commands. `serve` is the default; `migrate` and `seed` prepare a database and exit.
 * Later: backup, restore, desktop (the shipping issue).
 */
import pkg from "../package.json" with { type: "json" };
import { seedDemo } from "../db/seed.ts";
import { SchemaError, migrate, openDb } from "./db.ts";
import { ConfigError, loadConfig } from "./env.ts";
import { PortInUseError, startServer } from "./server.ts";
import type { StaticAssets } from "./static.ts";

const HELP = `CommonCents ${pkg.version}: community price sharing

Usage: commoncents [command]

Commands:
  serve      open and migrate the database, then serve the app and the API (default)
  migrate    apply pending database migrations and exit
  seed       add demo users, stores and the category taxonomy to an empty database, then exit
  --help     show this help
  --version  print the version

Environment: PORT (3000), DATA_DIR (./data), ADMIN_PASSKEY, OLLAMA_HOST, OLLAMA_MODEL, SECRET, NODE_ENV.`;

export async function runCli(argv: string[], assets?: StaticAssets): Promise<void> {
  const command = argv[0] ?? "serve";
  if (command === "--help" || command === "-h" || command === "help") return void console.log(HELP);
  if (command === "--version" || command === "-v") return void console.log(pkg.version);
  try {
    const config = loadConfig();
    if (command === "migrate") {
      const { sqlite } = openDb(config.dbPath);
      const { applied } = migrate(sqlite);
      sqlite.close();
      console.log(applied.length ? `applied ${applied.join(", ")}` : "database is up to date");
    } else if (command === "seed") {
      const { sqlite, db } = openDb(config.dbPath);
      migrate(sqlite);
      const added = await seedDemo(db);
      sqlite.close();
      console.log(
        added.users
          ? `seeded ${added.users} demo users and ${added.stores} stores`
          : "database already has users; nothing seeded",
      );
    } else if (command === "serve") {
      const running = startServer(config, assets);
      console.log(`CommonCents listening on http://localhost:${running.server.port} (data in ${config.dataDir})`);
      const stop = async (signal: string) => {
        console.log(`${signal}: shutting down`);
        await running.stop();
        process.exit(0);
      };
      process.once("SIGTERM", () => void stop("SIGTERM"));
      process.once("SIGINT", () => void stop("SIGINT"));
    } else {
      console.error(`unknown command: ${command}\n\n${HELP}`);
      process.exit(2);
    }
  } catch (error) {
    if (error instanceof ConfigError || error instanceof SchemaError || error instanceof PortInUseError) {
      console.error(`commoncents: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
}
