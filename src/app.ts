import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import { authRoutes } from "./auth/routes.ts";
import { sessionMiddleware } from "./auth/guards.ts";
import { adminRoutes } from "./admin/routes.ts";
import { alertsRoutes } from "./alerts/routes.ts";
import { dealsRoutes } from "./deals/routes.ts";
import { gasRoutes } from "./gas/routes.ts";
import { LoginThrottle } from "./auth/throttle.ts";
import type { Db } from "./db.ts";
import type { Config } from "./env.ts";
import type { AppEnv } from "./lib/context.ts";
import { HttpError } from "./lib/http.ts";
import { jsonBodyLimit, jsonOnly, originCheck, securityHeaders } from "./lib/security.ts";
import type { StaticAssets } from "./static.ts";
import { uploadApiRoutes, uploadFileRoutes } from "./uploads/routes.ts";
import { profileRoutes, usersRoutes } from "./users/routes.ts";

/** PUT targets of signed upload URLs: raw bytes, not JSON. */
export const RAW_UPLOAD_PREFIX = "/api/uploads/";

export type AppDeps = { db: Db; config: Config; assets?: StaticAssets };

/** The API as one typed value: the web app's client is derived from it (hc<ApiType>). */
const api = new Hono<AppEnv>()
  .get("/health", (c) => c.json({ status: "ok" as const }, 200))
  .route("/auth", authRoutes)
  .route("/", dealsRoutes)
  .route("/gas", gasRoutes)
  .route("/", alertsRoutes)
  .route("/users", usersRoutes)
  .route("/profile", profileRoutes)
  .route("/admin", adminRoutes)
  .route("/", uploadApiRoutes);

export type ApiType = typeof api;

/** Builds the whole HTTP app: headers, origin check, sessions, the API, and the web app's files. */
export function createApp({ db, config, assets }: AppDeps) {
  const throttle = new LoginThrottle();
  const app = new Hono<AppEnv>();

  app.use(securityHeaders);
  app.use("/api/*", async (c, next) => {
    c.set("db", db);
    c.set("config", config);
    c.set("throttle", throttle);
    c.header("Cache-Control", "no-store");
    await next();
  });
  // Stored photos are served outside /api but need the uploads folder; they take no session and no body.
  app.use("/uploads/*", async (c, next) => {
    c.set("config", config);
    await next();
  });
  app.use("/api/*", originCheck);
  // Uploads are raw image bytes with their own size limit; every other body is small JSON.
  app.use("/api/*", async (c, next) => {
    if (c.req.path.startsWith(RAW_UPLOAD_PREFIX)) return next();
    await jsonOnly(c, async () => {
      await jsonBodyLimit(c, next);
    });
  });
  app.use("/api/*", sessionMiddleware);
  app.route("/api", api);
  app.all("/api/*", (c) => c.json({ message: `No API route for ${c.req.method} ${c.req.path}` }, 404));

  app.route("/", uploadFileRoutes);
  if (assets) app.get("*", (c) => assets.serve(c.req.raw));
  app.notFound((c) => c.json({ message: "Not found" }, 404));

  app.onError((error, c) => {
    if (error instanceof HttpError) {
      const retry = error.extra.retryAfterSeconds;
      if (typeof retry === "number") c.header("Retry-After", String(retry));
      return c.json({ message: error.message, ...error.extra }, error.status);
    }
    if (error instanceof HTTPException) {
      // Hono's own: malformed JSON and the like.
      const message = error.status === 400 && /json/i.test(error.message)
        ? "Request body is not valid JSON"
        : error.message || "Bad request";
      return c.json({ message }, error.status);
    }
    console.error(`[${c.req.method} ${c.req.path}]`, error);
    return c.json({ message: "Something went wrong on our side. Please try again." }, 500);
  });

  return app;
}
