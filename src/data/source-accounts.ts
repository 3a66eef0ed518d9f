/**
 * The accounts open-data sources file their prices under (decision 0070; users.source marks one): found
 * for an import, made with its first filed price inside the import's transaction, and looked for again after
 * a rollback that may have taken a new one with it.
 */
import { eq, sql } from "drizzle-orm";
import { type User, users } from "../../db/schema.ts";
import type { Db } from "../db.ts";
import type { Tx } from "./transaction.ts";

/** A source's name as users.source stores it. */
type SourceName = NonNullable<User["source"]>;

/** What a report's write needs of the account (src/reports PriceReportJob's user). */
export type SourceAccount = Pick<User, "id" | "firstName" | "lastName" | "username" | "profileVisible">;

const ACCOUNT_COLUMNS = {
	id: users.id,
	firstName: users.firstName,
	lastName: users.lastName,
	username: users.username,
	profileVisible: users.profileVisible,
};

/** The source's account with whether (and why) it is suspended; undefined while it has none. */
export async function sourceAccountOf(db: Db, source: SourceName) {
	return db
		.select({ ...ACCOUNT_COLUMNS, isTerminated: users.isTerminated, terminationReason: users.terminationReason })
		.from(users)
		.where(eq(users.source, source))
		.get();
}

/** Whether a shopper has taken the username, case aside. */
export const usernameTaken = (tx: Tx, name: string) =>
	tx.select({ id: users.id }).from(users).where(sql`lower(${users.username}) = ${name.toLowerCase()}`).get() !==
	undefined;

/** Stores the source's account: a public profile named after it, with a password nobody knows. */
export function insertSourceAccount(
	tx: Tx,
	account: { username: string; password: string; name: string; source: SourceName },
): SourceAccount {
	return tx
		.insert(users)
		.values({
			username: account.username,
			password: account.password,
			firstName: account.name,
			lastName: null,
			zipCode: null,
			source: account.source,
			profileVisible: true,
			statsVisible: true,
		})
		.returning(ACCOUNT_COLUMNS)
		.get();
}

/** Whether the account is still there. */
export const accountExists = (tx: Tx, id: string) =>
	tx.select({ id: users.id }).from(users).where(eq(users.id, id)).get() !== undefined;
