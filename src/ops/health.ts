import pkg from "../../package.json" with { type: "json" };
import type { Db } from "../db.ts";
import { MIGRATIONS_TABLE } from "../db.ts";

export const VERSION: string = pkg.version;

export type Health = {
  status: "ok" | "error";
  version: string;
  database: { status: "ok" | "error"; schema: string | null; message?: string };
};

/** A real round trip to SQLite (the newest applied migration), cheap enough for a probe every few seconds. */
export function checkHealth(db: Db): Health {
  try {
    const row = db.$client
      .query<{ tag: string }, []>(`SELECT tag FROM ${MIGRATIONS_TABLE} ORDER BY tag DESC LIMIT 1`)
      .get();
    return { status: "ok", version: VERSION, database: { status: "ok", schema: row?.tag ?? null } };
  } catch (error) {
    return {
      status: "error",
      version: VERSION,
      database: { status: "error", schema: null, message: (error as Error).message },
    };
  }
}
