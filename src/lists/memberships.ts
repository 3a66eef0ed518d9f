/**
 * /api/stores/{id}/membership: the stores whose member or loyalty-card prices a shopper can pay, which a
 * list's plan counts there and nowhere else (decision 0093).
 */
import { Hono } from "hono";
import { setMembership, storeById } from "../data/store-memberships.ts";
import type { Db } from "../db.ts";
import type { AppEnv } from "../lib/context.ts";
import { requireUser, signedIn } from "../lib/guards.ts";
import { notFound } from "../lib/http.ts";
import { doc } from "../lib/openapi.ts";
import { membershipsChanged } from "./list-alerts.ts";

export const STORE_NOT_FOUND = "Store not found";

const storeIn = async (db: Db, raw: string | undefined) => {
	const store = raw && /^\d{1,12}$/.test(raw) ? await storeById(db, Number(raw)) : null;
	if (!store) throw notFound(STORE_NOT_FOUND);
	return store;
};

const membership = (member: boolean) =>
	doc({
		summary: member ? "Say you are a member of a store" : "Say you are no longer a member of a store",
		description: "A list's plan counts a store's member or loyalty-card prices only for its members.",
		tag: "Shopping lists",
		access: "session",
		errors: [401, 403, 404],
		ok: { description: "The store and whether you are a member of it" },
	});

export const storeMembershipRoutes = new Hono<AppEnv>()
	.put("/:id/membership", membership(true), signedIn, async (c) => {
		const db = c.get("db");
		const store = await storeIn(db, c.req.param("id"));
		await setMembership(db, requireUser(c).id, store.id, true);
		await membershipsChanged(db, requireUser(c).id);
		return c.json({ store, member: true }, 200);
	})
	.delete("/:id/membership", membership(false), signedIn, async (c) => {
		const db = c.get("db");
		const store = await storeIn(db, c.req.param("id"));
		await setMembership(db, requireUser(c).id, store.id, false);
		await membershipsChanged(db, requireUser(c).id);
		return c.json({ store, member: false }, 200);
	});
