import { type Context, Hono } from "hono";
import type { AppEnv } from "../lib/context.ts";
import { requireUser, signedIn } from "../lib/guards.ts";
import { badRequest } from "../lib/http.ts";
import { doc } from "../lib/openapi.ts";
import { queryParams } from "../lib/validate.ts";
import { locToken } from "../lib/zip.ts";
import { type AreaFeed, alertHitItems, areaFeed } from "./feed.ts";
import { FeedQuerySchema } from "./schemas.ts";

export const NO_FEED_ZIP_MESSAGE = "Set your zip code to see deals near you.";

const utf8 = new TextDecoder();

/** The neighbourhood's part of the feed from the read cache (src/lib/read-cache.ts), as a value. */
const cachedArea = async (c: Context<AppEnv>, key: string, compute: () => Promise<AreaFeed>): Promise<AreaFeed> =>
	JSON.parse(utf8.decode(await c.var.runtime.readCache.json(key, compute))) as AreaFeed;

/**
 * /api/feed: the home feed near the shopper. The neighbourhood's lists are shared by everyone there
 * and cached; the shopper's alert hits are theirs alone and read on every request.
 */
export const feedRoutes = new Hono<AppEnv>().get(
	"/",
	doc({
		summary: "Get the home feed near a ZIP",
		tag: "Feed",
		access: "read",
		errors: [400, 401, 403],
		ok: {
			description:
				"The neighbourhood's biggest drops, good deals and newest reports, the shopper's alert hits, and for a quiet one how far the nearest reports and stations are",
		},
	}),
	signedIn,
	queryParams(FeedQuerySchema),
	async (c) => {
		const user = requireUser(c);
		const { zipCode, areas } = c.req.valid("query");
		const zip = zipCode ?? user.zipCode;
		if (!zip) throw badRequest(NO_FEED_ZIP_MESSAGE);
		const db = c.get("db");
		const area = await cachedArea(c, `feed:${locToken(zip)}:${areas}`, () => areaFeed(db, zip, areas));
		const { nearest, nearestStations, ...lists } = area;
		const alertHits = await alertHitItems(db, user.id, zip);
		const quiet = lists.drops.length + lists.newest.length + lists.goodDeals.length + alertHits.length === 0;
		const far = quiet ? { nearest, nearestStations } : { nearest: null, nearestStations: null };
		return c.json({ zipCode: zip, ...lists, alertHits, quiet, ...far }, 200);
	},
);
