import type { LoginThrottle } from "../auth/throttle.ts";
import type { ValidSession } from "../auth/sessions.ts";
import type { Db } from "../db.ts";
import type { Config } from "../env.ts";

/** What every handler can reach through `c.get(...)`. */
export type AppVariables = {
	db: Db;
	config: Config;
	throttle: LoginThrottle;
	/** The caller's session, or null for a guest (set by the session middleware). */
	session: ValidSession | null;
	/** Set for every request by the request log; echoed as X-Request-Id. */
	requestId: string;
};

export type AppEnv = {
	Variables: AppVariables;
	Bindings: { server?: { requestIP(req: Request): { address: string } | null } };
};
