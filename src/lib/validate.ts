import { validator } from "hono/validator";
import * as v from "valibot";
import { badRequest, type Issue } from "./http.ts";
import { withSchema } from "./openapi.ts";

/** valibot's own wording ("Invalid type: Expected Array but received "…""), used where a schema gave none. */
const DEFAULT_MESSAGE = /^Invalid [\w ]+: (?:Expected [\s\S]* but r|R)eceived /;

const BODY_NOT_OBJECT = "Request body must be a JSON object";

const TYPE_NOUNS: Record<string, string> = {
	Array: "a list",
	Object: "an object",
	string: "text",
	number: "a number",
	boolean: "true or false",
};

/**
 * A message that names the field, for an issue our schemas left to valibot's default, which names only
 * types and repeats the value sent (a 60 KB string came back twice).
 */
function fieldMessage(issue: v.BaseIssue<unknown>, path: string) {
	if (!DEFAULT_MESSAGE.test(issue.message)) return issue.message;
	if (path === "") return BODY_NOT_OBJECT;
	if (issue.received === "undefined") return `${path} is required`;
	const noun = issue.kind === "schema" && issue.expected ? TYPE_NOUNS[issue.expected] : undefined;
	if (noun) return `${path} must be ${noun}`;
	if (issue.type === "non_empty") return `${path} must not be empty`;
	return `${path} is not valid`;
}

/** valibot issues as the one public error shape: the first message leads, every issue is listed. */
export function validationError(issues: readonly v.BaseIssue<unknown>[]) {
	const list: Issue[] = issues.map((i) => {
		const path = v.getDotPath(i) ?? "";
		return { path, message: fieldMessage(i, path) };
	});
	return badRequest(list[0]?.message ?? "Invalid request", { issues: list });
}

export function parseOrThrow<S extends v.GenericSchema>(schema: S, value: unknown): v.InferOutput<S> {
	const result = v.safeParse(schema, value);
	if (!result.success) throw validationError(result.issues);
	return result.output;
}

/**
 * Validates the JSON body (Hono has already answered 400 to malformed JSON). Every body is an object, and
 * valibot's object schema would read a list as one with no fields ("Product name is required").
 */
export const jsonBody = <S extends v.GenericSchema>(schema: S) => {
	// Typed with the schema's input, so the web app's typed client may leave out what the schema lets it.
	const middleware = validator<
		v.InferInput<S>,
		string,
		string,
		"json",
		string,
		(value: v.InferInput<S>) => v.InferOutput<S>
	>("json", (value) => {
		if (Array.isArray(value)) throw badRequest(BODY_NOT_OBJECT, { issues: [{ path: "", message: BODY_NOT_OBJECT }] });
		return parseOrThrow(schema, value);
	});
	return withSchema(middleware, "json", schema);
};

/** Validates the query string; a parameter given twice is refused by name (Hono passes it as a list). */
export const queryParams = <S extends v.GenericSchema>(schema: S) => {
	const middleware = validator("query", (value): v.InferOutput<S> => {
		for (const [name, given] of Object.entries(value)) {
			if (Array.isArray(given)) {
				const message = `${name} must be given once`;
				throw badRequest(message, { issues: [{ path: name, message }] });
			}
		}
		return parseOrThrow(schema, value);
	});
	return withSchema(middleware, "query", schema);
};
