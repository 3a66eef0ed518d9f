import { validator } from "hono/validator";
import * as v from "valibot";
import { type Issue, badRequest } from "./http.ts";

/** valibot issues as the one public error shape: the first message leads, every issue is listed. */
export function validationError(issues: readonly v.BaseIssue<unknown>[]) {
  const list: Issue[] = issues.map((i) => ({ path: v.getDotPath(i) ?? "", message: i.message }));
  return badRequest(list[0]?.message ?? "Invalid request", { issues: list });
}

export function parseOrThrow<S extends v.GenericSchema>(schema: S, value: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, value);
  if (!result.success) throw validationError(result.issues);
  return result.output;
}

/** Validates the JSON body (Hono has already answered 400 to malformed JSON). */
export const jsonBody = <S extends v.GenericSchema>(schema: S) =>
  validator("json", (value): v.InferOutput<S> => parseOrThrow(schema, value));

export const queryParams = <S extends v.GenericSchema>(schema: S) =>
  validator("query", (value): v.InferOutput<S> => parseOrThrow(schema, value));
