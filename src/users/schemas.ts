/**
 * Profile and user search schemas (spec §5, §7), shared by the server's handlers and the
 * web forms so both give the same messages. Pure valibot: nothing here touches the server.
 */
import * as v from "valibot";
import { FUEL_TYPES } from "../../db/enums.ts";
import { idFromInput, optionalZip, passwordRules, presentOrBlank } from "../lib/fields.ts";

export const USER_SEARCH_MAX_LENGTH = 50;
export const SEARCH_REQUIRED_MESSAGE = "Enter a name or username to search";
export const PASSWORDS_DONT_MATCH = "New passwords don't match.";
export const CURRENT_PASSWORD_REQUIRED = "Current password is required";
export const FUEL_TYPE_MESSAGE = "Choose regular, premium, diesel, e85 or electric";

/** GET /api/users/search?q=: a blank query is refused (the screen only searches with words). */
export const UserSearchQuerySchema = v.object({
	q: presentOrBlank(
		v.pipe(
			v.string(SEARCH_REQUIRED_MESSAGE),
			v.trim(),
			v.nonEmpty(SEARCH_REQUIRED_MESSAGE),
			v.maxLength(USER_SEARCH_MAX_LENGTH, `Search at most ${USER_SEARCH_MAX_LENGTH} characters`),
		),
	),
});

/** GET /api/users/top?zipCode=: whose neighbourhood; the shopper's own zip when not given. */
export const TopContributorsQuerySchema = v.object({ zipCode: optionalZip() });

export const FuelPreferenceSchema = v.object({
	preferredFuelType: presentOrBlank(v.picklist(FUEL_TYPES, FUEL_TYPE_MESSAGE)),
});

/** The car's figures a shopper may set, with what each is called and the range a real car falls in. */
export const CAR_FIGURES = {
	milesPerGallon: { label: "Miles per gallon", unit: "mpg", min: 1, max: 200 },
	tankGallons: { label: "Tank size", unit: "gallons", min: 1, max: 100 },
	milesPerKwh: { label: "Miles per kWh", unit: "mi/kWh", min: 0.5, max: 10 },
	batteryKwh: { label: "Battery size", unit: "kWh", min: 5, max: 300 },
} as const;
export type CarFigure = keyof typeof CAR_FIGURES;

const DECIMAL = /^(?:\d+(?:\.\d*)?|\.\d+)$/;

/** One of the car's figures, as a number or the text of a number input; optional (left out: unchanged). */
function carFigure(name: CarFigure) {
	const { label, unit, min, max } = CAR_FIGURES[name];
	const range = `${label} must be between ${min} and ${max} ${unit}`;
	return v.optional(
		v.pipe(
			v.union([v.number(), v.string()], `${label} must be a number`),
			v.check((value) => String(value).trim() !== "", `${label} is required`),
			// Only plain decimals: Number() would also take "0x10" and "1e2".
			v.transform((value) =>
				typeof value === "number" ? value : DECIMAL.test(value.trim()) ? Number(value) : Number.NaN,
			),
			v.number(`${label} must be a number`),
			v.minValue(min, range),
			v.maxValue(max, range),
		),
	);
}

/** PUT /api/profile/car: any of the car's figures; at least one. */
export const CarSchema = v.pipe(
	v.object({
		milesPerGallon: carFigure("milesPerGallon"),
		tankGallons: carFigure("tankGallons"),
		milesPerKwh: carFigure("milesPerKwh"),
		batteryKwh: carFigure("batteryKwh"),
	}),
	v.check(
		(input) => Object.values(input).some((value) => value !== undefined),
		"Send milesPerGallon, tankGallons, milesPerKwh, batteryKwh or several",
	),
);
export type CarInput = v.InferOutput<typeof CarSchema>;

/** The most push notifications a shopper gets in a day; over it, the rest are summed up. */
export const DAILY_CAP = { min: 1, max: 50, default: 10 } as const;
export const DAILY_CAP_MESSAGE = `Daily limit must be a whole number from ${DAILY_CAP.min} to ${DAILY_CAP.max}`;

/** PUT /api/profile/alert-settings: the daily cap, as a number or the text of a number input. */
export const AlertSettingsSchema = v.object({
	dailyCap: v.pipe(
		v.union([v.number(), v.string()], DAILY_CAP_MESSAGE),
		v.transform(idFromInput),
		v.number(DAILY_CAP_MESSAGE),
		v.integer(DAILY_CAP_MESSAGE),
		v.minValue(DAILY_CAP.min, DAILY_CAP_MESSAGE),
		v.maxValue(DAILY_CAP.max, DAILY_CAP_MESSAGE),
	),
});

/** A photo of our own uploads, or null to go back to initials. */
export const ProfilePhotoSchema = v.object({
	photoURL: v.nullable(v.pipe(v.string("The photo must be a URL"), v.maxLength(2048, "The photo URL is too long"))),
});

/** Any toggle alone may be sent; at least one must be. */
export const PrivacySchema = v.pipe(
	v.object({
		isPublicProfile: v.optional(v.boolean("isPublicProfile must be true or false")),
		showActivity: v.optional(v.boolean("showActivity must be true or false")),
		/** Named as the reporter of one's prices in open-data exports (decision 0075); off until turned on. */
		creditOpenData: v.optional(v.boolean("creditOpenData must be true or false")),
	}),
	v.check(
		(input) =>
			input.isPublicProfile !== undefined || input.showActivity !== undefined || input.creditOpenData !== undefined,
		"Send isPublicProfile, showActivity, creditOpenData or several",
	),
);

/** The live settings screen's rules (spec §5): the 8-character rules of registration, each with its message. */
export const ChangePasswordSchema = v.pipe(
	v.object({
		currentPassword: presentOrBlank(
			v.pipe(
				v.string(CURRENT_PASSWORD_REQUIRED),
				v.nonEmpty(CURRENT_PASSWORD_REQUIRED),
				v.maxLength(256, "Password must be at most 256 characters long"),
			),
		),
		newPassword: presentOrBlank(passwordRules("New password is required")),
		confirmPassword: presentOrBlank(v.string("Please confirm your new password")),
	}),
	v.forward(
		v.partialCheck(
			[["newPassword"], ["confirmPassword"]],
			(input) => input.newPassword === input.confirmPassword,
			PASSWORDS_DONT_MATCH,
		),
		["confirmPassword"],
	),
);
export type ChangePasswordInput = v.InferInput<typeof ChangePasswordSchema>;
