/**
 * The open-data sources an import takes from, and the account each files its prices under (decision 0070):
 * a public profile named after the source, so a price says where it came from, and a password nobody knows
 * (the hash of random bytes thrown away), so the account can never sign in. users.source marks it.
 */
import { eq, sql } from "drizzle-orm";
import { type User, users } from "../../db/schema.ts";
import type { PasswordHasher } from "../auth/passwords.ts";
import type { Db } from "../db.ts";

/** Each source's account name, and how its licence asks to be credited (the import prints it). */
export const SOURCES = {
	"open-prices": {
		username: "open-prices",
		name: "Open Prices",
		credit: 'Open Prices data is ODbL-1.0: credit "Open Prices contributors" where you publish it',
	},
	openstreetmap: {
		username: "openstreetmap",
		name: "OpenStreetMap",
		credit: 'OpenStreetMap data is ODbL-1.0: credit "© OpenStreetMap contributors" where you publish it',
	},
	commoncents: {
		username: "commoncents",
		name: "CommonCents",
		credit: "credit the export's source as its header says",
	},
} as const;
export type Source = keyof typeof SOURCES;

/** What a report's write needs of the account (reports/write-price.ts PriceReportJob's user). */
export type SourceAccount = Pick<User, "id" | "firstName" | "lastName" | "username" | "profileVisible">;

const ACCOUNT_COLUMNS = {
	id: users.id,
	firstName: users.firstName,
	lastName: users.lastName,
	username: users.username,
	profileVisible: users.profileVisible,
};

const findAccount = (db: Db, source: Source): SourceAccount | undefined =>
	db.select(ACCOUNT_COLUMNS).from(users).where(eq(users.source, source)).get();

/** The first of the source's names that no shopper has taken ("open-prices", else "open-prices-data", ...). */
function freeUsername(db: Db, base: string): string {
	const taken = (name: string) =>
		db.select({ id: users.id }).from(users).where(sql`lower(${users.username}) = ${name.toLowerCase()}`).get() !==
		undefined;
	for (const name of [base, `${base}-data`]) if (!taken(name)) return name;
	for (let n = 2; ; n++) if (!taken(`${base}-data-${n}`)) return `${base}-data-${n}`;
}

/**
 * The source's account, made on its first import. The password hash is awaited before the write, so no
 * write lock is held while argon2 works.
 */
export async function sourceAccount(db: Db, source: Source, passwords: PasswordHasher): Promise<SourceAccount> {
	const found = findAccount(db, source);
	if (found) return found;
	const unguessable = Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("base64url");
	const password = await passwords.hash(unguessable);
	const { username, name } = SOURCES[source];
	// The statements run on the transaction's connection, which is db's own (bun:sqlite is synchronous).
	return db.transaction(
		() =>
			findAccount(db, source) ??
			db
				.insert(users)
				.values({
					username: freeUsername(db, username),
					password,
					firstName: name,
					lastName: null,
					zipCode: null,
					source,
					profileVisible: true,
					statsVisible: true,
				})
				.returning(ACCOUNT_COLUMNS)
				.get(),
		{ behavior: "immediate" },
	);
}
