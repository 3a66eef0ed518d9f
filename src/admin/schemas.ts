/**
 * Developer console schemas (spec §5, §7), shared by the server and the console's forms. Pure valibot.
 */
import * as v from "valibot";
import { USER_SEARCH_MAX_LENGTH } from "../users/schemas.ts";

export const REASON_REQUIRED_MESSAGE = "A reason is required";
export const TERMINATION_REASON_MAX_LENGTH = 500;

/** A missing key reads as "" so it fails with the field's own "required" message. */
const presentOrBlank = <S extends v.GenericSchema<string, unknown>>(schema: S) => v.optional(schema, "");

export const PasskeySchema = v.object({
	passkey: presentOrBlank(
		v.pipe(
			v.string("Enter the developer passkey"),
			v.nonEmpty("Enter the developer passkey"),
			v.maxLength(1024, "Invalid passkey"),
		),
	),
});

/** GET /api/admin/users?q=: an optional username filter. */
export const AdminUsersQuerySchema = v.object({
	q: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(USER_SEARCH_MAX_LENGTH, "Filter at most 50 characters")), ""),
});

export const TerminateSchema = v.object({
	userId: presentOrBlank(
		v.pipe(v.string("Choose a user"), v.trim(), v.nonEmpty("Choose a user"), v.maxLength(64, "Unknown user")),
	),
	reason: presentOrBlank(
		v.pipe(
			v.string(REASON_REQUIRED_MESSAGE),
			v.trim(),
			v.nonEmpty(REASON_REQUIRED_MESSAGE),
			v.maxLength(
				TERMINATION_REASON_MAX_LENGTH,
				`The reason must be at most ${TERMINATION_REASON_MAX_LENGTH} characters`,
			),
		),
	),
});
