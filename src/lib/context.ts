import type { Db } from "../db.ts";
import type { Config } from "../env.ts";
import type { Runtime } from "../runtime.ts";
import type { ValidSession } from "./sessions.ts";

/** What every handler can reach through `c.var`. */
export type AppVariables = {
	/** Everything that lives as long as the process (src/runtime.ts). */
	runtime: Runtime;
	/** The runtime's database and configuration, the two most handlers need. */
	db: Db;
	config: Config;
	/** The caller's session, or null for a guest (set by the session middleware). */
	session: ValidSession | null;
	/** Set for every request by the request log; echoed as X-Request-Id. */
	requestId: string;
};

export type AppEnv = {
	Variables: AppVariables;
	Bindings: { server?: { requestIP(req: Request): { address: string } | null } };
};
