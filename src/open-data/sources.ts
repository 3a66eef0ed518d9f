/**
 * The open-data sources an import takes from, and the account each files its prices under (decision 0070):
 * a public profile named after the source, so a price says where it came from, and a password nobody knows
 * (the hash of random bytes thrown away), so the account can never sign in. users.source marks it; sign-up
 * keeps the sources' names for them (auth/schemas.ts isReservedUsername).
 */
import type { PasswordHasher } from "../auth/index.ts";
import {
	accountExists,
	insertSourceAccount,
	type SourceAccount,
	sourceAccountOf,
	usernameTaken,
} from "../data/source-accounts.ts";
import { alreadyInside, type Tx } from "../data/transaction.ts";
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

export type { SourceAccount };

/** A moderator suspended the source's account: its prices are not wanted until the suspension is lifted. */
export class SourceSuspendedError extends Error {}

/** The first of the source's names that no shopper has taken ("open-prices", else "open-prices-data", ...). */
function freeUsername(tx: Tx, base: string): string {
	const taken = (name: string) => usernameTaken(tx, name);
	for (const name of [base, `${base}-data`]) if (!taken(name)) return name;
	for (let n = 2; ; n++) if (!taken(`${base}-data-${n}`)) return `${base}-data-${n}`;
}

/**
 * The source's account for one import: the one it has, else made with its first filed price, so an import
 * that files nothing leaves no empty profile behind. Refused up front while the account is suspended.
 */
export class SourceAccounts {
	/** Its writes and the reads beside them run only inside the import's transactions (import-run.ts). */
	private readonly tx: Tx;

	private constructor(
		db: Db,
		readonly source: Source,
		private known: SourceAccount | null,
		private readonly password: string | null,
	) {
		this.tx = alreadyInside(db);
	}

	/**
	 * Finds the account, or hashes the password a new one would get (awaited here, so no write lock is held
	 * while argon2 works); throws SourceSuspendedError for a suspended one.
	 */
	static async open(db: Db, source: Source, passwords: PasswordHasher): Promise<SourceAccounts> {
		const found = await sourceAccountOf(db, source);
		if (found?.isTerminated) {
			const why = found.terminationReason ? ` (${found.terminationReason})` : "";
			throw new SourceSuspendedError(
				`the source account "${found.username}" (${SOURCES[source].name}) is suspended${why}: nothing was ` +
					"imported. Lift the suspension in the developer console to import from it again",
			);
		}
		if (found) return new SourceAccounts(db, source, found, null);
		const unguessable = Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("base64url");
		return new SourceAccounts(db, source, null, await passwords.hash(unguessable));
	}

	/** The account, or null while none is made (nothing filed yet). */
	get existing(): SourceAccount | null {
		return this.known;
	}

	/** The account, made now (inside the caller's transaction) when it has none yet. */
	account(): SourceAccount {
		if (this.known) return this.known;
		const { username, name } = SOURCES[this.source];
		this.known = insertSourceAccount(this.tx, {
			username: freeUsername(this.tx, username),
			password: this.password!,
			name,
			source: this.source,
		});
		return this.known;
	}

	/** After a rollback: an account made inside it is gone, and is made again with the next filed price. */
	forgetIfGone() {
		if (!this.known) return;
		if (!accountExists(this.tx, this.known.id)) this.known = null;
	}
}
