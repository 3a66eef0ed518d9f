import type { Handler, Hono } from "hono";
import { generateSpecs } from "hono-openapi";
import type { AppEnv } from "../lib/context.ts";
import { jsonText } from "../lib/json-response.ts";
import { type ErrorStatus, errorResponse } from "../lib/openapi.ts";
import { SESSION_COOKIE_NAME } from "../lib/session-cookie.ts";
import { VERSION } from "../ops/index.ts";

const DESCRIPTION = [
	"The HTTP API of CommonCents, the community price-sharing app: every route the web app uses, and the",
	"versioned read API for integrations under `/api/v1`.",
	"",
	"**Signing in.** The web app signs in with `POST /api/auth/login`, which sets the session cookie; every",
	"route marked with the `session` scheme takes it. Writes also need an `Origin` header naming this server.",
	"",
	"**Personal access tokens.** For scripts and home tools, create a read-only token in Settings and send it",
	"as `Authorization: Bearer <personal access token>`. Tokens are accepted on the routes marked with the",
	"`token` scheme (reads) only, and are throttled per token.",
	"",
	"**Errors.** Every refusal answers the `Error` body: `message` names the first problem; a form's answer",
	"lists each field's in `issues`.",
].join("\n");

/**
 * The read API's quick start, at the top of the reference page: integrators land there from Settings
 * (docs/integrations.md is the long form, with sample answers and more recipes).
 */
const READ_API_GUIDE = `**Read API v1.** The versioned read API for integrations: a product's typical and lowest price near a ZIP, fuel prices
near a ZIP, a station's prices; each price with \`reportedAt\`, \`lastSeenAt\` and its \`confidence\` now.

Make a read-only token in **Settings > API access** and send it on GET requests (60 a minute per token):

\`\`\`sh
curl -H "Authorization: Bearer cc_pat_..." "https://your-instance/api/v1/fuel/prices?zip=90210&fuel=regular"
\`\`\`

A Home Assistant sensor (\`configuration.yaml\`; \`commoncents_authorization: "Bearer cc_pat_..."\` in \`secrets.yaml\`):

\`\`\`yaml
sensor:
  - platform: rest
    name: Organic whole milk lowest near home
    resource: https://your-instance/api/v1/products/prices
    params: { name: "Organic Whole Milk", zip: "90210", category: dairy }
    headers:
      Authorization: !secret commoncents_authorization
    scan_interval: 3600
    value_template: "{{ value_json.lowest.price }}"
    availability: "{{ value_json is defined and value_json.lowest is not none }}"
    unit_of_measurement: USD
    json_attributes: [lowest, typical]
\`\`\``;

/** One group per feature on the reference page, in the order a reader meets them. */
const TAGS = [
	{ name: "Accounts", description: "Signing up, in and out; the signed-in shopper and their account" },
	{ name: "Deals", description: "Reporting product prices, searching deals near a ZIP, upvotes and deals taken" },
	{ name: "Feed", description: "The home feed: the neighbourhood's drops, good deals, alert hits and newest reports" },
	{ name: "Gas", description: "Fuel stations and fuel price reports near the shopper" },
	{ name: "Feedback", description: "A shopper's word on another's report: confirm, changed, unavailable, wrong" },
	{ name: "History", description: "Price history of products and stations, the area's fuel trend, what you paid" },
	{ name: "Spots", description: "The stores and stations a shopper starred" },
	{ name: "Alerts", description: "Price alerts and their live event stream" },
	{ name: "Push", description: "Web Push subscriptions for alerts on a closed tab" },
	{ name: "People", description: "Other shoppers: search, top contributors, public profiles" },
	{ name: "Profile", description: "The signed-in shopper's settings: fuel, car, alerts, photo, privacy, password" },
	{ name: "Photos", description: "Uploading a photo to a signed URL, and reading a stored one" },
	{ name: "Personal access tokens", description: "Read-only tokens for integrations: create, list, revoke" },
	{
		name: "Shopping lists",
		description: "A shopper's lists and their items, their plans and alerts, and a read-only link to share one",
	},
	{ name: "Read API v1", description: "The versioned read API for integrations: prices near a ZIP, a station's" },
	{ name: "Developer console", description: "Moderation, accounts, and the open-data export, past the passkey" },
	{ name: "Service", description: "Health and this contract" },
];

/** components.schemas.Error: the one error body (src/lib/errors.ts), with every named extra it may carry. */
const ERROR_SCHEMA = {
	type: "object",
	required: ["message"],
	properties: {
		message: { type: "string", description: "The first problem, in words" },
		issues: {
			type: "array",
			description: "Each invalid field's problem (400)",
			items: {
				type: "object",
				required: ["path", "message"],
				properties: {
					path: { type: "string", description: "The field, dotted (`items.0.price`); empty for the whole body" },
					message: { type: "string" },
				},
			},
		},
		reason: { type: "string", description: "Why a report was refused (422) or an account suspended (403)" },
		suggestedRange: {
			type: "object",
			description: "Where the refused price would have been believable, in dollars (422)",
			required: ["min", "max"],
			properties: { min: { type: "number" }, max: { type: "number" } },
		},
		suggestedPrice: {
			type: "number",
			description: "The likeliest price meant (a slipped decimal or swapped digits), in dollars (422)",
		},
		confirmable: {
			type: "boolean",
			const: true,
			description: "The check asks rather than refuses: the same report with `confirmUnusual: true` is saved (422)",
		},
		candidate: {
			type: "object",
			description:
				"The store or station already known nearby that the place typed likely is: resend with its name, address and zip to report there, or with `confirmNewPlace: true` to make the new one (409)",
			required: ["id", "name", "address", "zipCode"],
			properties: {
				id: { type: "integer" },
				name: { type: "string" },
				address: { type: "string" },
				zipCode: { type: ["string", "null"] },
			},
		},
		terminated: { type: "boolean", const: true, description: "The account is suspended (403)" },
		terminatedAt: { type: ["string", "null"], format: "date-time", description: "Since when (403)" },
		retryAfterSeconds: { type: "integer", minimum: 0, description: "When to try again (429)" },
	},
} as const;

type Operation = { tags?: string[]; security?: Record<string, string[]>[]; requestBody?: unknown; responses?: object };
type Document = Awaited<ReturnType<typeof generateSpecs>>;

const isJsonBody = (operation: Operation) => {
	const body = operation.requestBody as { content?: Record<string, unknown> } | undefined;
	return !body?.content || "application/json" in body.content;
};

/**
 * What the /api gate (app.ts) answers before any route runs, added to each operation it applies to: every
 * write may be refused for its Origin (or a token on it) and its storage, a JSON write for its body; a read by
 * token may be over the token's limit.
 */
function gateErrors(path: string, method: string, operation: Operation): ErrorStatus[] {
	if (!path.startsWith("/api/")) return [];
	if (method !== "get" && method !== "head") return isJsonBody(operation) ? [403, 413, 415, 503] : [403, 503];
	return operation.security?.some((scheme) => "token" in scheme) ? [429] : [];
}

/** The operations with the gate's errors, and the tags they use in order, each with its description. */
function completed(document: Document): Document {
	const used = new Set<string>();
	for (const [path, item] of Object.entries(document.paths)) {
		for (const [method, operation] of Object.entries(item as Record<string, Operation>)) {
			const responses = (operation.responses ?? {}) as Record<string, unknown>;
			for (const status of gateErrors(path, method, operation)) responses[status] ??= errorResponse(status);
			operation.responses = responses;
			for (const tag of operation.tags ?? []) used.add(tag);
		}
	}
	const described = TAGS.filter((tag) => used.has(tag.name));
	const undescribed = [...used].filter((name) => !TAGS.some((tag) => tag.name === name)).map((name) => ({ name }));
	return { ...document, tags: [...described, ...undescribed] };
}

/** The contract as hono-openapi makes it from the app's routes and their doc() annotations. */
export async function generateDocument(app: Hono<AppEnv>) {
	const document = await generateSpecs(app, {
		documentation: {
			openapi: "3.1.0",
			info: { title: "CommonCents API", version: VERSION, description: `${DESCRIPTION}\n\n${READ_API_GUIDE}` },
			tags: TAGS,
			components: {
				securitySchemes: {
					session: {
						type: "apiKey",
						in: "cookie",
						name: SESSION_COOKIE_NAME.https,
						description: `The session cookie that signing in sets (\`${SESSION_COOKIE_NAME.plain}\` over plain HTTP)`,
					},
					token: {
						type: "http",
						scheme: "bearer",
						description: "A personal access token from Settings: read-only, for GET routes",
					},
				},
				schemas: { Error: ERROR_SCHEMA as never },
			},
		},
		defaultValidationErrorResponse: errorResponse(400) as never,
		// Its default drops paths whose last part has a dot: /api/openapi.json itself.
		excludeStaticFile: false,
	});
	return completed(document);
}

/**
 * GET /api/openapi.json: the API contract, made from the app's routes (src/lib/openapi.ts) on first ask and
 * kept as text for the app's life; requests racing the first one wait for the same generation.
 */
export function openApiDocument(app: Hono<AppEnv>): Handler<AppEnv> {
	let text: Promise<string> | undefined;
	return async (c) => {
		text ??= generateDocument(app).then(
			(document) => JSON.stringify(document),
			(error) => {
				text = undefined;
				throw error;
			},
		);
		return jsonText(c, await text);
	};
}
