import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { HTTPException } from "hono/http-exception";
import { adminRoutes } from "./admin/index.ts";
import { eventRoutes, priceAlertRoutes, testNotificationRoutes } from "./alerts/index.ts";
import { authRoutes } from "./auth/index.ts";
import { categoryRoutes, priceReportRoutes, searchRoutes, storeRoutes } from "./deals/index.ts";
import { feedRoutes } from "./feed/index.ts";
import { gasFeedbackRoutes, priceFeedbackRoutes } from "./feedback/index.ts";
import { gasRoutes } from "./gas/index.ts";
import { areaTrendRoutes, productRoutes, stationHistoryRoutes } from "./history/index.ts";
import type { AppEnv } from "./lib/context.ts";
import { HttpError } from "./lib/http.ts";
import { jsonText } from "./lib/json-response.ts";
import { log } from "./lib/log.ts";
import { doc } from "./lib/openapi.ts";
import { checkJsonBody, checkOrigin, isSafeMethod, jsonBodyLimit, securityHeaders } from "./lib/security.ts";
import { listRoutes, sharedListRoutes, storeMembershipRoutes } from "./lists/index.ts";
import { noticeRoutes } from "./notices/index.ts";
import { exportRoutes, importRoutes } from "./open-data/index.ts";
import { apiReferenceRoutes, openApiDocument } from "./openapi/index.ts";
import { type Health, isStorageFailure, STORAGE_RETRY_AFTER_SECONDS, STORAGE_TROUBLE_MESSAGE } from "./ops/index.ts";
import { pushRoutes } from "./push/index.ts";
import type { Runtime } from "./runtime.ts";
import { spotRoutes } from "./spots/index.ts";
import type { StaticAssets } from "./static.ts";
import { loadSession, refuseTokenWrite, tokenRoutes } from "./tokens/index.ts";
import { objectRoutes, uploadFileRoutes, uploadRoutes } from "./uploads/index.ts";
import { profileRoutes, usersRoutes } from "./users/index.ts";
import { v1Routes } from "./v1/index.ts";

/** PUT targets of signed upload URLs: raw bytes, not JSON. */
export const RAW_UPLOAD_PREFIX = "/api/uploads/";
/** Pieces of a file to import: raw bytes too, each under the server's request-size limit. */
const RAW_IMPORT_PATH = "/api/admin/imports/files";

/** The API as one typed value: the web app's client is derived from it (hc<ApiType>). Each feature at its prefix. */
const api = new Hono<AppEnv>()
	.get(
		"/health",
		doc({
			summary: "Check the server's health",
			description: "503 with the same body while the database cannot be read or written.",
			tag: "Service",
			access: "public",
			errors: [],
			ok: { description: "`status`, the version and the database's state" },
		}),
		(c) => {
			const { health, text } = c.var.runtime.health.current();
			return health.status === "ok" ? jsonText<Health>(c, text, 200) : jsonText<Health, 503>(c, text, 503);
		},
	)
	.route("/auth", authRoutes)
	.route("/categories", categoryRoutes)
	.route("/price-reports", priceReportRoutes)
	.route("/price-reports", priceFeedbackRoutes)
	.route("/stores", storeRoutes)
	.route("/stores", storeMembershipRoutes)
	.route("/products", productRoutes)
	.route("/search", searchRoutes)
	.route("/feed", feedRoutes)
	.route("/gas", gasRoutes)
	.route("/gas/reports", gasFeedbackRoutes)
	.route("/gas/stations", stationHistoryRoutes)
	.route("/gas/trend", areaTrendRoutes)
	.route("/spots", spotRoutes)
	.route("/price-alerts", priceAlertRoutes)
	.route("/events", eventRoutes)
	.route("/test-notification", testNotificationRoutes)
	.route("/push", pushRoutes)
	.route("/users", usersRoutes)
	.route("/profile", profileRoutes)
	.route("/notices", noticeRoutes)
	.route("/tokens", tokenRoutes)
	.route("/lists", listRoutes)
	.route("/shared-lists", sharedListRoutes)
	.route("/admin", adminRoutes)
	.route("/admin/export", exportRoutes)
	.route("/admin/imports", importRoutes)
	.route("/objects", objectRoutes)
	.route("/uploads", uploadRoutes)
	.route("/v1", v1Routes);

export type ApiType = typeof api;

/** Builds the whole HTTP app over the runtime: headers, origin check, sessions, the API, and the web app's files. */
export function createApp(runtime: Runtime, { assets }: { assets?: StaticAssets } = {}) {
	const { db, config, storage } = runtime;
	const app = new Hono<AppEnv>();

	app.use(requestLog);
	app.use(securityHeaders);
	// One gate for the API (each middleware layer costs every request): its dependencies, no caching, then for
	// writes our Origin and a small JSON body (uploads are raw image bytes with their own limit), then the session.
	app.use("/api/*", async (c, next) => {
		c.set("runtime", runtime);
		c.set("db", db);
		c.set("config", config);
		c.header("Cache-Control", "no-store");
		const write = !isSafeMethod(c.req.method);
		const jsonBody = write && !c.req.path.startsWith(RAW_UPLOAD_PREFIX) && c.req.path !== RAW_IMPORT_PATH;
		if (write) {
			refuseTokenWrite(c);
			checkOrigin(c);
		}
		if (jsonBody) checkJsonBody(c);
		await loadSession(c);
		if (!write) return next();
		// A write that succeeds ends a full disk's trouble at once (health stops saying so).
		return (jsonBody ? jsonBodyLimit(c, next) : next()).then(() => {
			if (c.res.status < 400) storage.noteWriteSucceeded();
		});
	});
	// Stored photos are served outside /api but need the uploads folder; they take no session and no body.
	app.use("/uploads/*", async (c, next) => {
		c.set("config", config);
		await next();
	});
	app.route("/api", api);
	app.get(
		"/api/openapi.json",
		doc({
			summary: "Get this API contract",
			tag: "Service",
			access: "public",
			errors: [],
			ok: { description: "This OpenAPI 3.1 document" },
		}),
		openApiDocument(app),
	);
	app.all("/api/*", (c) => c.json({ message: `No API route for ${c.req.method} ${c.req.path}` }, 404));

	app.route("/uploads", uploadFileRoutes);
	app.route("/docs/api", apiReferenceRoutes());
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
			const message =
				error.status === 400 && /json/i.test(error.message)
					? "Request body is not valid JSON"
					: error.message || "Bad request";
			return c.json({ message }, error.status);
		}
		if (isStorageFailure(error)) {
			storage.noteFailure(error, { requestId: c.var.requestId, method: c.req.method, path: c.req.path });
			c.header("Retry-After", String(STORAGE_RETRY_AFTER_SECONDS));
			return c.json({ message: STORAGE_TROUBLE_MESSAGE }, 503);
		}
		if (c.req.raw.signal.aborted) {
			// The client went away mid-request (a dropped upload, a closed tab): no one hears the answer, and
			// nothing went wrong on our side. What it left half-written is already cleaned up by its own code.
			log.info("request abandoned by the client", {
				requestId: c.var.requestId,
				method: c.req.method,
				path: c.req.path,
			});
			return c.json({ message: "The request was cut off before it was complete" }, 400);
		}
		log.error("unhandled error", { requestId: c.var.requestId, method: c.req.method, path: c.req.path, err: error });
		return c.json({ message: "Something went wrong on our side. Please try again." }, 500);
	});

	return app;
}

const REQUEST_ID = /^[\w.:-]{1,64}$/;

/**
 * Gives every request an id (the proxy's X-Request-Id when it is sane, else a new one), echoes it, and logs
 * one line per request. Health probes log at debug: a container platform polls them all day.
 */
const requestLog = createMiddleware<AppEnv>(async (c, next) => {
	const incoming = c.req.header("x-request-id");
	const requestId = incoming && REQUEST_ID.test(incoming) ? incoming : crypto.randomUUID();
	c.set("requestId", requestId);
	const started = performance.now();
	await next();
	// On the finished response itself: c.header() after next() would copy the whole response to add one header.
	c.res.headers.set("X-Request-Id", requestId);
	const fields = {
		requestId,
		method: c.req.method,
		path: c.req.path,
		status: c.res.status,
		ms: Math.round((performance.now() - started) * 10) / 10,
	};
	if (c.req.path === "/api/health") log.debug("request", fields);
	else log.info("request", fields);
});
