import { Hono } from "hono";
import type { AppEnv } from "../lib/context.ts";
import { requireUser, signedIn } from "../lib/guards.ts";
import { badRequest, notFound } from "../lib/http.ts";
import { doc } from "../lib/openapi.ts";
import { jsonBody, queryParams } from "../lib/validate.ts";
import { clearListAlert, setListAlert } from "./list-alerts.ts";
import { listPlan } from "./list-plan.ts";
import {
	addItem,
	createList,
	deleteItem,
	deleteList,
	listsOf,
	readList,
	sharedList,
	updateItem,
	updateList,
} from "./queries.ts";
import {
	AddItemSchema,
	CreateListSchema,
	ITEM_NOT_FOUND,
	LIST_NOT_FOUND,
	ListAlertSchema,
	NO_PLAN_ZIP_MESSAGE,
	PlanQuerySchema,
	UpdateItemSchema,
	UpdateListSchema,
} from "./schemas.ts";

const TAG = "Shopping lists";

/** An id in the path; anything else names nothing (404, as an unknown id does). */
const pathId = (raw: string | undefined, missing: string) => {
	if (!raw || !/^\d{1,12}$/.test(raw)) throw notFound(missing);
	return Number(raw);
};

/** /api/lists: a shopper's shopping lists and their items. */
export const listRoutes = new Hono<AppEnv>()
	.get(
		"/",
		doc({
			summary: "List your shopping lists",
			tag: TAG,
			access: "read",
			errors: [401, 403],
			ok: { description: "Your lists, the last changed first, with their item counts" },
		}),
		signedIn,
		async (c) => c.json(await listsOf(c.get("db"), requireUser(c).id), 200),
	)
	.post(
		"/",
		doc({
			summary: "Make a shopping list",
			tag: TAG,
			access: "session",
			errors: [400, 401, 403, 409],
			ok: { status: 201, description: "The new, empty list" },
		}),
		signedIn,
		jsonBody(CreateListSchema),
		async (c) => {
			const user = requireUser(c);
			return c.json(await createList(c.get("db"), c.get("config").secret, user.id, c.req.valid("json").name), 201);
		},
	)
	.get(
		"/:id",
		doc({
			summary: "Get one of your shopping lists",
			tag: TAG,
			access: "read",
			errors: [401, 403, 404],
			ok: { description: "The list with its items in order, and its read-only link when shared" },
		}),
		signedIn,
		async (c) => {
			const user = requireUser(c);
			const id = pathId(c.req.param("id"), LIST_NOT_FOUND);
			return c.json(await readList(c.get("db"), c.get("config").secret, user.id, id), 200);
		},
	)
	.patch(
		"/:id",
		doc({
			summary: "Rename a shopping list, or share it by a read-only link",
			tag: TAG,
			access: "session",
			errors: [400, 401, 403, 404],
			ok: { description: "The list as it is now" },
		}),
		signedIn,
		jsonBody(UpdateListSchema),
		async (c) => {
			const user = requireUser(c);
			const id = pathId(c.req.param("id"), LIST_NOT_FOUND);
			return c.json(await updateList(c.get("db"), c.get("config").secret, user.id, id, c.req.valid("json")), 200);
		},
	)
	.delete(
		"/:id",
		doc({
			summary: "Delete a shopping list",
			tag: TAG,
			access: "session",
			errors: [401, 403, 404],
			ok: { description: "The deleted list's id" },
		}),
		signedIn,
		async (c) => {
			const user = requireUser(c);
			return c.json(await deleteList(c.get("db"), user.id, pathId(c.req.param("id"), LIST_NOT_FOUND)), 200);
		},
	)
	.get(
		"/:id/plan",
		doc({
			summary: "Plan a shopping list: the cheapest store, and the cheapest pair of stores, with the trip",
			description:
				"Each item priced at each store near the ZIP (its current offer, compared like with like by size), the " +
				"cheapest single store and pair with each item at the cheaper of the two, and the drive's cost in your car.",
			tag: TAG,
			access: "read",
			errors: [400, 401, 403, 404],
			ok: { description: "The single store and the pair, what each costs and saves after the trip, and which to take" },
		}),
		signedIn,
		queryParams(PlanQuerySchema),
		async (c) => {
			const user = requireUser(c);
			const id = pathId(c.req.param("id"), LIST_NOT_FOUND);
			const zipCode = c.req.valid("query").zipCode ?? user.zipCode;
			if (!zipCode) throw badRequest(NO_PLAN_ZIP_MESSAGE);
			return c.json(await listPlan(c.get("db"), user, id, zipCode), 200);
		},
	)
	.put(
		"/:id/alert",
		doc({
			summary: "Set a shopping list's alert: under a total, or when its cheapest store changes",
			description:
				"Near the zip given (yours when left out): told when the plan's recommended total (items only) goes " +
				"under `underPrice`, and/or when its recommended store or pair changes. Once per crossing, within your " +
				"daily cap of alerts, on the live stream and by push. The plan as it is now is only recorded.",
			tag: TAG,
			access: "session",
			errors: [400, 401, 403, 404],
			ok: { description: "The list's alert, with what its plan costs now and where" },
		}),
		signedIn,
		jsonBody(ListAlertSchema),
		async (c) => {
			const user = requireUser(c);
			const id = pathId(c.req.param("id"), LIST_NOT_FOUND);
			return c.json(await setListAlert(c.get("db"), user, id, c.req.valid("json")), 200);
		},
	)
	.delete(
		"/:id/alert",
		doc({
			summary: "Clear a shopping list's alert",
			tag: TAG,
			access: "session",
			errors: [401, 403, 404],
			ok: { description: "The list's id; it has no alert now" },
		}),
		signedIn,
		async (c) => {
			const user = requireUser(c);
			return c.json(await clearListAlert(c.get("db"), user.id, pathId(c.req.param("id"), LIST_NOT_FOUND)), 200);
		},
	)
	.post(
		"/:id/items",
		doc({
			summary: "Add an item to a shopping list",
			description: "By a product's barcode, or by words with the category meant; a quantity and a size if wanted.",
			tag: TAG,
			access: "session",
			errors: [400, 401, 403, 404, 409],
			ok: { status: 201, description: "The item, at the end of the list" },
		}),
		signedIn,
		jsonBody(AddItemSchema),
		async (c) => {
			const user = requireUser(c);
			const id = pathId(c.req.param("id"), LIST_NOT_FOUND);
			return c.json(await addItem(c.get("db"), user.id, id, c.req.valid("json")), 201);
		},
	)
	.patch(
		"/:id/items/:itemId",
		doc({
			summary: "Change an item: tick it off, or its name, quantity or size",
			tag: TAG,
			access: "session",
			errors: [400, 401, 403, 404],
			ok: { description: "The item as it is now" },
		}),
		signedIn,
		jsonBody(UpdateItemSchema),
		async (c) => {
			const user = requireUser(c);
			const id = pathId(c.req.param("id"), LIST_NOT_FOUND);
			const itemId = pathId(c.req.param("itemId"), ITEM_NOT_FOUND);
			return c.json(await updateItem(c.get("db"), user.id, id, itemId, c.req.valid("json")), 200);
		},
	)
	.delete(
		"/:id/items/:itemId",
		doc({
			summary: "Remove an item from a shopping list",
			tag: TAG,
			access: "session",
			errors: [401, 403, 404],
			ok: { description: "The removed item's id" },
		}),
		signedIn,
		async (c) => {
			const user = requireUser(c);
			const id = pathId(c.req.param("id"), LIST_NOT_FOUND);
			const itemId = pathId(c.req.param("itemId"), ITEM_NOT_FOUND);
			return c.json(await deleteItem(c.get("db"), user.id, id, itemId), 200);
		},
	);

/** /api/shared-lists: a list by its read-only link, for anyone who has the link. */
export const sharedListRoutes = new Hono<AppEnv>().get(
	"/:token",
	doc({
		summary: "Read a shared shopping list",
		description: "Its name and items; nothing of whose it is. A link ends when its list is made private again.",
		tag: TAG,
		access: "public",
		errors: [404],
		ok: { description: "The list's name and items" },
	}),
	async (c) => c.json(await sharedList(c.get("db"), c.get("config").secret, c.req.param("token")), 200),
);
