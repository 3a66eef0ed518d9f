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

const userIdField = presentOrBlank(
	v.pipe(v.string("Choose a user"), v.trim(), v.nonEmpty("Choose a user"), v.maxLength(64, "Unknown user")),
);

/** Every moderation action says why: the record keeps it, and a suspension shows it to the shopper. */
const reasonField = presentOrBlank(
	v.pipe(
		v.string(REASON_REQUIRED_MESSAGE),
		v.trim(),
		v.nonEmpty(REASON_REQUIRED_MESSAGE),
		v.maxLength(
			TERMINATION_REASON_MAX_LENGTH,
			`The reason must be at most ${TERMINATION_REASON_MAX_LENGTH} characters`,
		),
	),
);

export const TerminateSchema = v.object({ userId: userIdField, reason: reasonField });

/** POST /api/admin/lift-suspension: the suspended account, and why it may come back. */
export const LiftSuspensionSchema = v.object({ userId: userIdField, reason: reasonField });

/** Which report table a flagged report is in, as the queue names it. */
export const FLAGGED_KINDS = ["product", "fuel"] as const;
export type FlaggedKind = (typeof FLAGGED_KINDS)[number];
/** What a moderator does with a flagged report: clear its flags, expire it, or also suspend its reporter. */
export const RESOLUTIONS = ["dismiss", "expire", "terminate"] as const;
export type Resolution = (typeof RESOLUTIONS)[number];

/** POST /api/admin/flags/resolve. */
export const ResolveFlagsSchema = v.object({
	kind: v.picklist(FLAGGED_KINDS, "Kind must be product or fuel"),
	reportId: v.pipe(
		v.number("Choose a report"),
		v.integer("Choose a report"),
		v.minValue(1, "Choose a report"),
		v.maxValue(Number.MAX_SAFE_INTEGER, "Choose a report"),
	),
	action: v.picklist(RESOLUTIONS, "Action must be dismiss, expire or terminate"),
	reason: reasonField,
});
export type ResolveFlagsInput = v.InferOutput<typeof ResolveFlagsSchema>;
