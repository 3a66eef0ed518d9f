/**
 * How a route describes itself in the API contract (GET /api/openapi.json, src/openapi). Every route carries
 * one `doc({...})` middleware; the request's fields come from its valibot schemas through jsonBody() and
 * queryParams() (validate.ts), so the contract cannot drift from what the server checks.
 */

import type { MiddlewareHandler } from "hono";
import { describeRoute, resolver, uniqueSymbol } from "hono-openapi";
import * as v from "valibot";

/**
 * @valibot/to-json-schema's options (hono-openapi passes `options` on): a transform or check it cannot express
 * is left out, not an error. A request is described by what a client sends, the schema's input.
 */
const ANSWER = { options: { errorMode: "ignore" } } as const;
const REQUEST = { options: { errorMode: "ignore", typeMode: "input" } } as const;

/** A valibot schema as the contract's JSON Schema (the read API's answers). */
export const schemaOf = (schema: v.GenericSchema) => resolver(schema as never, ANSWER);

/**
 * The fields a request must give: those whose absence the schema refuses. Our schemas read a missing key as ""
 * so that it fails with the field's own "X is required" (fields.ts presentOrBlank), which JSON Schema would
 * show as an optional field defaulting to "".
 */
function requiredFields(schema: v.GenericSchema) {
	const result = v.safeParse(schema, {});
	const fields = new Set<string>();
	for (const issue of result.issues ?? []) {
		const key = issue.path?.[0]?.key;
		if (typeof key === "string") fields.add(key);
	}
	return fields;
}

type ObjectSchema = { properties?: Record<string, { default?: unknown }>; required?: string[] };

/** A request body's or query string's schema as the contract's JSON Schema, its required fields marked so. */
export function requestSchemaOf(schema: v.GenericSchema) {
	const converted = resolver(schema as never, REQUEST);
	return {
		...converted,
		async toOpenAPISchema(options?: Record<string, unknown>) {
			const result = await converted.toOpenAPISchema(options);
			const object = result.schema as ObjectSchema;
			const properties = object.properties ?? {};
			for (const field of requiredFields(schema)) {
				const property = properties[field];
				if (!property) continue;
				delete property.default;
				object.required = [...new Set([...(object.required ?? []), field])];
			}
			return result;
		},
	};
}

/** What the error answers mean; each is the one error body (components.schemas.Error, src/openapi). */
export const ERROR_STATUSES = {
	400: "The request is invalid: `message` names the first problem, `issues` lists every field's",
	401: "Not signed in (no session cookie or API token, or an expired or revoked one)",
	403: "Not allowed: a write without this server's Origin, a suspended account (with `terminated`, `reason`, `terminatedAt`), or not yours to do",
	404: "Not found",
	409: "Conflicts with what is stored, or asks: the store or station named is like one known nearby (`candidate`; resend with `confirmNewPlace: true` to make the new one)",
	413: "The body or file is too large",
	415: "The body is not of a type this route takes",
	422: "Refused by the quality check (with `reason`, `suggestedRange`, perhaps `suggestedPrice`), or asked about (`confirmable`: resend with `confirmUnusual: true` to keep it)",
	429: "Too many requests: try again after `retryAfterSeconds` (also the Retry-After header)",
	503: "The server cannot store anything right now (a full disk): try again after the Retry-After header",
} as const;
export type ErrorStatus = keyof typeof ERROR_STATUSES;

/**
 * Who may call a route: anyone; a signed-in shopper by session cookie only (every write); a signed-in
 * shopper by cookie or a personal access token (reads); a moderator past the console's passkey.
 */
export type Access = "public" | "session" | "read" | "console";

export const SECURITY: Record<Access, Record<string, string[]>[]> = {
	public: [],
	session: [{ session: [] }],
	read: [{ session: [] }, { token: [] }],
	console: [{ session: [] }],
};

export type RouteDoc = {
	/** One line in the imperative: "Search live price reports near a ZIP". */
	summary: string;
	description?: string;
	/** The feature the route belongs to; the reference page groups by it. */
	tag: string;
	access: Access;
	/**
	 * The errors this route's own code can answer, 429 where it is throttled. What the API's gate answers
	 * every write (403 without our Origin, 413 and 415 for a JSON body, 503) the document adds itself.
	 */
	errors: ErrorStatus[];
	/** The success answer: its status (200 unless said), what it is, and its schema where one is declared. */
	ok: { status?: 200 | 201 | 202 | 204; description: string; schema?: v.GenericSchema };
	/** The body is not JSON (an upload's raw bytes): its media type. */
	rawBody?: string;
};

/** An error answer in the contract: its meaning, and the one error body. */
export const errorResponse = (status: ErrorStatus) => ({
	description: ERROR_STATUSES[status],
	content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
});

const pascal = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * The operation's id, from its method and path without the /api prefix: GET /api/price-reports/:id is
 * `getPriceReportsById`. Client generators name their functions after it.
 */
export function operationIdOf(method: string, path: string) {
	const words = path
		.replace(/^\/api(?=\/|$)/, "")
		.split("/")
		.filter(Boolean)
		.map((segment) =>
			segment.startsWith(":")
				? `By${pascal(segment.slice(1).replace(/[{?].*$/, ""))}`
				: segment
						.split(/[^A-Za-z0-9]+/)
						.filter(Boolean)
						.map(pascal)
						.join(""),
		);
	return method.toLowerCase() + (words.join("") || "Root");
}

/** The route's entry in the contract; a middleware that does nothing when the route runs. */
export function doc(route: RouteDoc): MiddlewareHandler {
	const status = route.ok.status ?? 200;
	const responses: Record<string, unknown> = {
		[status]: {
			description: route.ok.description,
			...(route.ok.schema ? { content: { "application/json": { schema: schemaOf(route.ok.schema) } } } : {}),
		},
	};
	for (const error of route.errors) responses[error] = errorResponse(error);
	return describeRoute({
		operationId: (r) => operationIdOf(r.method, r.path),
		summary: route.summary,
		...(route.description ? { description: route.description } : {}),
		tags: [route.tag],
		security: SECURITY[route.access],
		...(route.rawBody
			? {
					requestBody: {
						required: true,
						content: { [route.rawBody]: { schema: { type: "string", format: "binary" } } },
					},
				}
			: {}),
		responses: responses as never,
	});
}

/** Marks a validator middleware with its schema, as hono-openapi's own validator() does. */
export function withSchema<M extends object>(middleware: M, target: "json" | "query", schema: v.GenericSchema): M {
	return Object.assign(middleware, { [uniqueSymbol]: { target, ...requestSchemaOf(schema) } });
}
