/** The signed-in user's own settings (spec §2 Settings): each change answers the updated user. */
import { eq } from "drizzle-orm";
import { apiTokens, type User, users } from "../../db/schema.ts";
import type { Db } from "../db.ts";
import { removeUploadFiles, unreferencedPaths } from "../uploads/index.ts";

type ProfilePatch = Partial<
	Pick<
		User,
		| "preferredFuelType"
		| "profileVisible"
		| "statsVisible"
		| "creditOpenData"
		| "password"
		| "carMilesPerGallon"
		| "carTankGallons"
		| "carMilesPerKwh"
		| "carBatteryKwh"
		| "alertDailyCap"
	>
>;

export function updateProfile(db: Db, userId: string, patch: ProfilePatch): User {
	const updated = db
		.update(users)
		.set({ ...patch, updatedAt: new Date() })
		.where(eq(users.id, userId))
		.returning()
		.get();
	// Only an account deleted by another request at this very moment leaves no row to answer with.
	if (!updated) throw new Error(`user ${userId} disappeared during a profile update`);
	return updated;
}

/**
 * Sets (or, with null, clears) the profile photo. The photo it replaces is removed from disk once nothing
 * names it any more, after the update has committed.
 */
export function setProfilePhoto(db: Db, uploadsDir: string, userId: string, path: string | null): User {
	const { user, orphaned } = db.transaction(
		(tx) => {
			const before = tx.select({ url: users.profileImageUrl }).from(users).where(eq(users.id, userId)).get();
			const user = tx
				.update(users)
				.set({ profileImageUrl: path, updatedAt: new Date() })
				.where(eq(users.id, userId))
				.returning()
				.get();
			const old = before?.url;
			const orphaned = old && old !== path ? unreferencedPaths(tx, [old]) : [];
			return { user, orphaned };
		},
		{ behavior: "immediate" },
	);
	if (!user) throw new Error(`user ${userId} disappeared during a photo update`);
	removeUploadFiles(uploadsDir, orphaned);
	return user;
}

/** Revokes every personal access token of the shopper (a password change ends what an intruder may have made). */
export function revokeAllTokens(db: Db, userId: string) {
	db.delete(apiTokens).where(eq(apiTokens.userId, userId)).run();
}
