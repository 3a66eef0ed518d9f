/** The signed-in user's own settings (spec §2 Settings): each change answers the updated user. */
import type { User } from "../../db/schema.ts";
import { deleteTokensOf } from "../data/api-tokens.ts";
import { deleteOtherSessions } from "../data/sessions.ts";
import { type Tx, transaction } from "../data/transaction.ts";
import { unreferencedPaths } from "../data/upload-paths.ts";
import { profilePhotoOf, type UserPatch, updateUser } from "../data/users.ts";
import type { Db } from "../db.ts";
import { removeUploadFiles } from "../uploads/index.ts";

type ProfilePatch = Omit<UserPatch, "zipCode" | "profileImageUrl">;

function updateProfileIn(tx: Tx, userId: string, patch: ProfilePatch): User {
	const updated = updateUser(tx, userId, patch);
	// Only an account deleted by another request at this very moment leaves no row to answer with.
	if (!updated) throw new Error(`user ${userId} disappeared during a profile update`);
	return updated;
}

export async function updateProfile(db: Db, userId: string, patch: ProfilePatch): Promise<User> {
	return transaction(db, (tx) => updateProfileIn(tx, userId, patch));
}

/**
 * Sets (or, with null, clears) the profile photo. The photo it replaces is removed from disk once nothing
 * names it any more, after the update has committed.
 */
export async function setProfilePhoto(db: Db, uploadsDir: string, userId: string, path: string | null): Promise<User> {
	const { user, orphaned } = await transaction(
		db,
		(tx) => {
			const old = profilePhotoOf(tx, userId);
			const user = updateUser(tx, userId, { profileImageUrl: path });
			const orphaned = old && old !== path ? unreferencedPaths(tx, [old]) : [];
			return { user, orphaned };
		},
		"immediate",
	);
	if (!user) throw new Error(`user ${userId} disappeared during a photo update`);
	removeUploadFiles(uploadsDir, orphaned);
	return user;
}

/**
 * Sets a new password hash. Every other session ends (the one given stays signed in) and every personal
 * access token is revoked: a password is changed when someone else may have had it.
 */
export async function changePassword(db: Db, userId: string, hash: string, keepSid: string | undefined): Promise<User> {
	return transaction(db, (tx) => {
		const changed = updateProfileIn(tx, userId, { password: hash });
		if (keepSid !== undefined) deleteOtherSessions(tx, userId, keepSid);
		deleteTokensOf(tx, userId);
		return changed;
	});
}
