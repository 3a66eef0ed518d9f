/**
 * Account schemas, shared by the server's handlers and the web forms so both give the spec's (§5) messages.
 * Pure valibot: nothing here touches the server.
 */
import * as v from "valibot";
import {
	optionalPlaceZip,
	PASSWORD_MIN_LENGTH,
	PASSWORD_SPECIAL_CHARACTERS,
	passwordRules,
	presentOrBlank,
	ZIP_MAX_LENGTH,
	zipCharacters,
	zipThatResolves,
} from "../lib/fields.ts";

export { PASSWORD_MIN_LENGTH, PASSWORD_SPECIAL_CHARACTERS, ZIP_MAX_LENGTH };

const requiredText = (message: string, max: number, tooLong: string) =>
	v.pipe(v.string(message), v.trim(), v.nonEmpty(message), v.maxLength(max, tooLong));
const requiredField = (message: string, max: number, tooLong: string) =>
	presentOrBlank(requiredText(message, max, tooLong));

export const ZipCodeSchema = v.pipe(
	v.string("Zip code is required"),
	v.trim(),
	v.nonEmpty("Zip code is required"),
	v.maxLength(ZIP_MAX_LENGTH, "Zip code must be at most 10 characters"),
	zipCharacters(),
	zipThatResolves(),
);

export const UsernameSchema = v.pipe(
	requiredField("Username is required", 30, "Username must be at most 30 characters"),
	v.minLength(3, "Username must be at least 3 characters"),
	v.regex(/^[A-Za-z0-9_.-]+$/, "Username may only contain letters, numbers, dots, dashes and underscores"),
);

/**
 * The open-data sources' account names (src/open-data/sources.ts) and the "-data" ones an import falls back to
 * when a shopper had one already: sign-up answers them as taken, so no shopper passes for a source.
 */
const SOURCE_USERNAMES = ["open-prices", "openstreetmap", "commoncents"];
export const isReservedUsername = (username: string) => {
	const name = username.trim().toLowerCase();
	return SOURCE_USERNAMES.some((base) => name === base || new RegExp(`^${base}-data(-\\d+)?$`).test(name));
};

export const RegisterSchema = v.pipe(
	v.object({
		username: UsernameSchema,
		password: presentOrBlank(passwordRules("Password is required")),
		confirmPassword: presentOrBlank(v.string("Please confirm your password")),
		firstName: requiredField("First name is required", 50, "First name must be at most 50 characters"),
		lastName: requiredField("Last name is required", 50, "Last name must be at most 50 characters"),
		zipCode: optionalPlaceZip(),
	}),
	v.forward(
		v.partialCheck(
			[["password"], ["confirmPassword"]],
			(input) => input.password === input.confirmPassword,
			"Passwords don't match",
		),
		["confirmPassword"],
	),
);
export type RegisterInput = v.InferInput<typeof RegisterSchema>;

export const LoginSchema = v.object({
	username: presentOrBlank(v.pipe(v.string("Username is required"), v.trim(), v.nonEmpty("Username is required"))),
	password: presentOrBlank(
		v.pipe(
			v.string("Password is required"),
			v.nonEmpty("Password is required"),
			v.maxLength(256, "Password must be at most 256 characters long"),
		),
	),
});
export type LoginInput = v.InferInput<typeof LoginSchema>;

export const UpdateZipSchema = v.object({ zipCode: presentOrBlank(ZipCodeSchema) });
