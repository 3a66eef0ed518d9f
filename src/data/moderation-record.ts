/**
 * The moderation record (moderation_actions): an entry written in the transaction of the action it records,
 * and the newest entries for the console.
 */
import { desc } from "drizzle-orm";
import { type ModerationActionRow, moderationActions } from "../../db/schema.ts";
import type { Db } from "../db.ts";
import type { Tx } from "./transaction.ts";

export type { ModerationActionRow };

/** An entry's columns, as the insert names them. */
export type ModerationActionInput = Omit<typeof moderationActions.$inferInsert, "id">;

/** Writes one entry, in the caller's transaction; answers the row as stored. */
export function insertModerationAction(tx: Tx, values: ModerationActionInput): ModerationActionRow {
	return tx.insert(moderationActions).values(values).returning().get();
}

/** The newest `limit` entries, newest first. */
export async function latestModerationActions(db: Db, limit: number): Promise<ModerationActionRow[]> {
	return db
		.select()
		.from(moderationActions)
		.orderBy(desc(moderationActions.createdAt), desc(moderationActions.id))
		.limit(limit)
		.all();
}
