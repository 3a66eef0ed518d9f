import { Hono } from "hono";
import { latestHitId } from "../data/alert-hits.ts";
import type { AppEnv } from "../lib/context.ts";
import { requireSession, requireUser, signedIn } from "../lib/guards.ts";
import { notFound } from "../lib/http.ts";
import { doc } from "../lib/openapi.ts";
import { jsonBody, queryParams } from "../lib/validate.ts";
import { hitsAfter } from "./hits.ts";
import { createAlert, deleteAlert, listAlerts, updateAlert } from "./queries.ts";
import { EventsQuerySchema, PriceAlertPatchSchema, PriceAlertSchema } from "./schemas.ts";
import { openEventStream } from "./stream.ts";

/**
 * Bun closes a connection after 10 s without traffic by default; a stream's heartbeat comes every 25 s, so
 * its request gets a longer allowance (a peer that vanished is still found by the next heartbeat's write).
 */
const STREAM_IDLE_SECONDS = 90;

export const TEST_NOTIFICATION = {
	title: "CommonCents test notification",
	body: "Notifications work. We will tell you here the moment a price drops under one of your alerts.",
};

const alertId = (raw: string) => {
	if (!/^\d{1,12}$/.test(raw)) throw notFound("Price alert not found");
	return Number(raw);
};

type BunServer = { timeout?: (request: Request, seconds: number) => void };

/** /api/price-alerts: the shopper's price alerts. */
export const priceAlertRoutes = new Hono<AppEnv>()
	.get(
		"/",
		doc({
			summary: "List your price alerts",
			tag: "Alerts",
			access: "read",
			errors: [401, 403],
			ok: { description: "Your price alerts, newest first, each with its last hit" },
		}),
		async (c) => {
			const user = requireUser(c);
			return c.json(await listAlerts(c.get("db"), user.id), 200);
		},
	)
	.post(
		"/",
		doc({
			summary: "Create a price alert",
			tag: "Alerts",
			access: "session",
			errors: [400, 401, 403, 409],
			ok: { status: 201, description: "The new alert" },
		}),
		signedIn,
		jsonBody(PriceAlertSchema),
		async (c) => {
			const user = requireUser(c);
			return c.json(await createAlert(c.get("db"), user, c.req.valid("json")), 201);
		},
	)
	.patch(
		"/:id",
		doc({
			summary: "Edit a price alert",
			description:
				"Any of the fields a new alert takes; those left out keep their value. The alert keeps its id and hits, and from now on fires on what it watches now, no longer on what it watched before.",
			tag: "Alerts",
			access: "session",
			errors: [400, 401, 403, 404, 409],
			ok: { description: "The alert as it is now" },
		}),
		signedIn,
		jsonBody(PriceAlertPatchSchema),
		async (c) => {
			const user = requireUser(c);
			const id = alertId(c.req.param("id"));
			return c.json(await updateAlert(c.get("db"), user, id, c.req.valid("json")), 200);
		},
	)
	.delete(
		"/:id",
		doc({
			summary: "Delete a price alert",
			tag: "Alerts",
			access: "session",
			errors: [401, 403, 404],
			ok: { description: "The alert is deleted" },
		}),
		async (c) => {
			const user = requireUser(c);
			return c.json(await deleteAlert(c.get("db"), user.id, alertId(c.req.param("id"))), 200);
		},
	);

/** /api/events: the live event stream of alert hits. */
export const eventRoutes = new Hono<AppEnv>().get(
	"/",
	doc({
		summary: "Stream your alert hits",
		description:
			"Server-sent events (text/event-stream) of this session's alert hits as they happen; a reconnect names the last event it saw (Last-Event-ID, or ?lastEventId=) and gets what it missed first.",
		tag: "Alerts",
		access: "session",
		errors: [400, 401, 403],
		ok: {
			description: "A text/event-stream of alert hits, heartbeat comments, and `session-ended` when the session ends",
		},
	}),
	queryParams(EventsQuerySchema),
	async (c) => {
		const user = requireUser(c);
		const { sid } = requireSession(c);
		const db = c.get("db");
		// A reconnect names the last event it saw (EventSource's header, newer than the address it was opened
		// with; or ?lastEventId= for a new stream): the hits since then are sent first.
		const header = c.req.header("last-event-id")?.trim() ?? "";
		const lastEventId = /^\d{1,12}$/.test(header) ? header : c.req.valid("query").lastEventId;
		const backlog = lastEventId ? await hitsAfter(db, user.id, Number(lastEventId)) : [];
		(c.env?.server as BunServer | undefined)?.timeout?.(c.req.raw, STREAM_IDLE_SECONDS);
		// Read after the backlog: a hit committed in between is published to this stream once it is open.
		const cursor = await latestHitId(db);
		const body = openEventStream(c.var.runtime.live, {
			userId: user.id,
			sid,
			signal: c.req.raw.signal,
			backlog,
			cursor,
		});
		return c.body(body, 200, {
			"Content-Type": "text/event-stream; charset=utf-8",
			"Cache-Control": "no-store",
			// Tells a buffering reverse proxy (nginx) to pass each event on at once.
			"X-Accel-Buffering": "no",
		});
	},
);

/** /api/test-notification: what the browser shows to prove notifications work. */
export const testNotificationRoutes = new Hono<AppEnv>().post(
	"/",
	doc({
		summary: "Get a test notification",
		tag: "Alerts",
		access: "session",
		errors: [401, 403],
		ok: { description: "The title and body the browser shows to prove notifications work" },
	}),
	(c) => {
		requireUser(c);
		return c.json(TEST_NOTIFICATION, 200);
	},
);
