import { Hono } from "hono";
import { clientAddress } from "../lib/client-address.ts";
import type { AppEnv } from "../lib/context.ts";
import { requireUser, signedIn } from "../lib/guards.ts";
import { badRequest, tooManyRequests } from "../lib/http.ts";
import { doc } from "../lib/openapi.ts";
import { jsonBody, queryParams } from "../lib/validate.ts";
import { NOT_YOUR_PHOTO_MESSAGE, resolveOwnUpload } from "../uploads/index.ts";
import { topContributors } from "./contributors.ts";
import { changePassword, setProfilePhoto, updateProfile } from "./profile.ts";
import { publicProfile } from "./public-profile.ts";
import { userJson } from "./queries.ts";
import {
	AlertSettingsSchema,
	CarSchema,
	ChangePasswordSchema,
	FuelPreferenceSchema,
	PrivacySchema,
	ProfilePhotoSchema,
	TopContributorsQuerySchema,
	UserSearchQuerySchema,
} from "./schemas.ts";
import { searchUsers } from "./search.ts";

/**
 * 400, not 401: the web app reads a 401 as "your session ended" and signs the user out, which a typo in
 * the current password should not do.
 */
export const WRONG_CURRENT_PASSWORD = "Current password is incorrect";

/** Other shoppers (mounted under /api/users): search, the top contributors near a zip, and a shopper's page. */
export const usersRoutes = new Hono<AppEnv>()
	.get(
		"/search",
		doc({
			summary: "Search shoppers by name",
			tag: "People",
			access: "read",
			errors: [400, 401, 403],
			ok: { description: "Public shoppers whose name or username matches" },
		}),
		signedIn,
		queryParams(UserSearchQuerySchema),
		async (c) => {
			const user = requireUser(c);
			return c.json(await searchUsers(c.get("db"), c.req.valid("query").q, user.id), 200);
		},
	)
	.get(
		"/top",
		doc({
			summary: "List the top contributors near a ZIP",
			tag: "People",
			access: "read",
			errors: [400, 401, 403],
			ok: { description: "The ZIP and its top public contributors (none without a ZIP)" },
		}),
		signedIn,
		queryParams(TopContributorsQuerySchema),
		async (c) => {
			const user = requireUser(c);
			const zipCode = c.req.valid("query").zipCode ?? user.zipCode;
			// Without a zip there is no neighbourhood: an empty list, which the page words as "set your zip".
			const contributors = zipCode ? await topContributors(c.get("db"), zipCode, user.id) : [];
			return c.json({ zipCode, contributors }, 200);
		},
	)
	.get(
		"/:username/profile",
		doc({
			summary: "Get a shopper's public profile",
			tag: "People",
			access: "read",
			errors: [401, 403, 404],
			ok: { description: "The shopper's public profile, stats and recent reports as their privacy allows" },
		}),
		signedIn,
		async (c) => {
			const user = requireUser(c);
			return c.json(await publicProfile(c.get("db"), c.req.param("username"), user.id), 200);
		},
	);

/** The signed-in user's profile settings (mounted under /api/profile); each answers the updated User. */
export const profileRoutes = new Hono<AppEnv>()
	.put(
		"/fuel-preference",
		doc({
			summary: "Set your preferred fuel",
			tag: "Profile",
			access: "session",
			errors: [400, 401, 403],
			ok: { description: "The updated shopper" },
		}),
		signedIn,
		jsonBody(FuelPreferenceSchema),
		async (c) => {
			const user = requireUser(c);
			const db = c.get("db");
			const { preferredFuelType } = c.req.valid("json");
			return c.json(await userJson(db, await updateProfile(db, user.id, { preferredFuelType })), 200);
		},
	)
	.put(
		"/car",
		doc({
			summary: "Set your car's mileage and tank",
			tag: "Profile",
			access: "session",
			errors: [400, 401, 403],
			ok: { description: "The updated shopper" },
		}),
		signedIn,
		jsonBody(CarSchema),
		async (c) => {
			const user = requireUser(c);
			const db = c.get("db");
			const { milesPerGallon, tankGallons, milesPerKwh, batteryKwh } = c.req.valid("json");
			const patch = {
				...(milesPerGallon === undefined ? {} : { carMilesPerGallon: milesPerGallon }),
				...(tankGallons === undefined ? {} : { carTankGallons: tankGallons }),
				...(milesPerKwh === undefined ? {} : { carMilesPerKwh: milesPerKwh }),
				...(batteryKwh === undefined ? {} : { carBatteryKwh: batteryKwh }),
			};
			return c.json(await userJson(db, await updateProfile(db, user.id, patch)), 200);
		},
	)
	.put(
		"/alert-settings",
		doc({
			summary: "Set your daily cap of alerts",
			tag: "Profile",
			access: "session",
			errors: [400, 401, 403],
			ok: { description: "The updated shopper" },
		}),
		signedIn,
		jsonBody(AlertSettingsSchema),
		async (c) => {
			const user = requireUser(c);
			const db = c.get("db");
			const { dailyCap } = c.req.valid("json");
			return c.json(await userJson(db, await updateProfile(db, user.id, { alertDailyCap: dailyCap })), 200);
		},
	)
	.put(
		"/photo",
		doc({
			summary: "Set or remove your profile photo",
			description: "The photo is one you uploaded (PUT /api/uploads/{key}); null removes it.",
			tag: "Profile",
			access: "session",
			errors: [400, 401, 403],
			ok: { description: "The updated shopper" },
		}),
		signedIn,
		jsonBody(ProfilePhotoSchema),
		async (c) => {
			const user = requireUser(c);
			const db = c.get("db");
			const config = c.get("config");
			const { photoURL } = c.req.valid("json");
			let path: string | null = null;
			if (photoURL !== null) {
				path = resolveOwnUpload(config, photoURL, user.id);
				if (!path) throw badRequest(NOT_YOUR_PHOTO_MESSAGE);
			}
			return c.json(await userJson(db, await setProfilePhoto(db, config.uploadsDir, user.id, path)), 200);
		},
	)
	.put(
		"/privacy",
		doc({
			summary: "Set who sees your profile and activity, and whether open data names you",
			tag: "Profile",
			access: "session",
			errors: [400, 401, 403],
			ok: { description: "The updated shopper" },
		}),
		signedIn,
		jsonBody(PrivacySchema),
		async (c) => {
			const user = requireUser(c);
			const db = c.get("db");
			const { isPublicProfile, showActivity, creditOpenData } = c.req.valid("json");
			const patch = {
				...(isPublicProfile === undefined ? {} : { profileVisible: isPublicProfile }),
				...(showActivity === undefined ? {} : { statsVisible: showActivity }),
				...(creditOpenData === undefined ? {} : { creditOpenData }),
			};
			return c.json(await userJson(db, await updateProfile(db, user.id, patch)), 200);
		},
	)
	.put(
		"/password",
		doc({
			summary: "Change your password",
			description:
				"A wrong current password is a 400 (`issues` names `currentPassword`), counted by the sign-in throttle.",
			tag: "Profile",
			access: "session",
			errors: [400, 401, 403, 429],
			ok: { description: "The updated shopper; your other devices are signed out" },
		}),
		signedIn,
		jsonBody(ChangePasswordSchema),
		async (c) => {
			const user = requireUser(c);
			const session = c.get("session");
			const db = c.get("db");
			const { currentPassword, newPassword } = c.req.valid("json");
			// Someone at an unlocked device must not be able to guess the password: the login throttle counts
			// these failures against the same username and address.
			const { passwords, limits, live } = c.var.runtime;
			const throttle = limits.logins;
			const client = clientAddress(c);
			const { wait, at } = throttle.begin(user.username, client);
			if (wait > 0) {
				throw tooManyRequests("Too many wrong passwords.", wait);
			}
			if (!(await passwords.verify(currentPassword, user.password))) {
				throw badRequest(WRONG_CURRENT_PASSWORD, {
					issues: [{ path: "currentPassword", message: WRONG_CURRENT_PASSWORD }],
				});
			}
			throttle.succeeded(user.username, client, at);
			const hash = await passwords.hash(newPassword);
			// Every other device signs in again with the new password (this one stays signed in).
			const updated = await changePassword(db, user.id, hash, session?.sid);
			if (session) await live.checkSessions();
			return c.json(await userJson(db, updated), 200);
		},
	);
