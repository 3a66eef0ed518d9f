/**
 * What differs between a product's price and a fuel's, and nothing else (markets.ts holds the two): the unit
 * it is counted in, how messages write it, its sane bounds, which recent reports make its consensus, how long
 * it lives, where it is stored, the place it is reported at, the new report's columns and what the answer
 * needs of it. The pipeline (check.ts, expiry.ts, write.ts, filing.ts) is written once over a description.
 */
import type { User } from "../../db/schema.ts";
import type { Place, PlaceTable } from "../data/places.ts";
import type {
	AgeRange,
	Bindings,
	HistoryRow,
	ReplacedRow,
	ReportRows,
	ReportTable,
	StandingRow,
	StoredReport,
} from "../data/reports.ts";
import type { Tx } from "../data/transaction.ts";
import type { Db } from "../db.ts";
import type { PriceUnit } from "../lib/errors.ts";
import { DAY_MS } from "../lib/time.ts";
import type { StoredVerdict } from "./check.ts";
import type { Bounds } from "./consensus.ts";
import type { PricedThing } from "./events.ts";
import type { ReportChange } from "./feedback-rows.ts";

/** A description's name: a description is code, its name is data (it crosses to the writer thread). */
export type MarketName = "product" | "fuel";

/** The report's author as the write needs them (a shopper, or an import's source account). */
export type Reporter = Pick<User, "id" | "firstName" | "lastName" | "username" | "profileVisible">;

/** What every market's validated fields say: the price in the market's unit, and the reporter's answer. */
export type PriceFields = {
	price: number;
	vacationMode: boolean;
	reportZipCode: string | null;
	/** The reporter answered the check's question: a doubtful price is saved as unusual (check.ts). */
	confirmUnusual?: boolean;
	/** The reporter said the place typed is new, though one like it is known nearby (new-place.ts). */
	confirmNewPlace?: boolean;
	/** The device's key for a report it kept while offline: the same key again is the same report (repeats.ts). */
	sendKey?: string;
};

/** An imported price: when its source saw it (ms). */
export type ImportedPrice = { seenAt: number };

/** What the write needs, as plain data, for either market: it may cross to the writer thread (writer.ts). */
export type ReportJob<Fields extends PriceFields = PriceFields> = {
	user: Reporter;
	input: Fields;
	/** Where the report is said to be: the place is found near it. */
	zip: string;
	/** The model's judgement, made before the write; null with the model off (the statistics judge inside). */
	verdict: StoredVerdict | null;
	/** A "changed" word on another shopper's report of this thing here, which this price replaces. */
	change?: ReportChange | null;
	/** An open-data import's price (decision 0070): see `importedWrite`. */
	imported?: ImportedPrice | null;
};

/** A job as its filer hands it over: the reporter and the model's verdict are the filing's to add. */
export type ReportDraft<Fields extends PriceFields = PriceFields> = Omit<ReportJob<Fields>, "user" | "verdict">;

/**
 * What an import's price does differently. It is the source's own report, never a confirmation of a
 * shopper's standing one (a source is not a shopper seeing the price today, and a confirmation would leave
 * the import nothing to recognize on its next run); and when it was seen over a day ago it is no news: it is
 * announced to nobody (no alert hears of it).
 */
export const importedWrite = (imported: ImportedPrice | null | undefined, now: number) => ({
	confirms: !imported,
	announces: !imported || imported.seenAt >= now - DAY_MS,
});

/** What the write stores of a new report beside its place: its verdict, and when. */
export type NewReport = { verdict: StoredVerdict; now: number };

/** A report table's statements for one thing at one place, bound: what the write's skeleton calls. */
export type RowsAt = {
	live(tx: Tx, user: string): { id: number }[];
	standing(tx: Tx, price: number, user: string, since: number): StandingRow | null;
	repeated(tx: Tx, price: number, user: string, since: number): { id: number } | null;
	supersede(tx: Tx, user: string, keep: number, reason: string, now: number): ReplacedRow[];
	insert(tx: Tx, report: NewReport): StoredReport;
};

/** Binds a table's statements to one thing at one place (`same`), and the new report's columns to its job. */
export function rowsAt<Same extends Bindings, Fields>(
	rows: ReportRows<Same, Fields>,
	same: Same,
	columns: (report: NewReport) => Fields,
): RowsAt {
	return {
		live: (tx, user) => rows.live(tx, { ...same, user }),
		standing: (tx, price, user, since) => rows.standing(tx, { ...same, price, user, since }),
		repeated: (tx, price, user, since) => rows.repeated(tx, { ...same, price, user, since }),
		supersede: (tx, user, keep, reason, now) => rows.supersede(tx, { ...same, user, keep }, reason, now),
		insert: (tx, report) => rows.insert(tx, columns(report)),
	};
}

/** A kind of price, by `Key`: what identifies "the same thing, nearby" (a product and place, a fuel and place). */
export type Market<Key, Fields extends PriceFields = PriceFields, Answer = unknown> = {
	name: MarketName;
	unit: PriceUnit;
	/** A price as messages write it: "$3.49" for a product, "$3.459" for fuel. */
	format: (units: number) => string;
	/** A price as the API answers it, in dollars. */
	toDollars: (units: number) => number;
	/** The sane range that decides where history is too thin for a consensus. */
	bounds: (key: Key) => Bounds;
	/** What the model is told was priced. */
	subject: (key: Key) => { product: string; category: string };
	/** The recent live reports of the same thing nearby, newest first: what the consensus is made of. */
	history: (tx: Tx, key: Key, now?: number) => HistoryRow[];
	table: ReportTable;
	/** The age sweep's ranges: how old a price may get before it expires. */
	maxAges: (db: Db) => AgeRange[];
	/** Where its reports are: stores, or stations. */
	places: PlaceTable;
	/** A job's key. */
	keyOf(job: Pick<ReportJob<Fields>, "input" | "zip">): Key;
	/** The place a job names, as it is found or created. */
	placeOf(job: Pick<ReportJob<Fields>, "input" | "zip">): {
		name: string;
		address: string;
		phone: string | null;
		zip: string;
	};
	/** The table's statements for the job's thing at its place, and the new report's columns. */
	rowsAt(job: ReportJob<Fields>, key: Key, place: Place): RowsAt;
	/** Whether this is the reporter's first report at the place, which counts as a store visited. */
	firstVisit(tx: Tx, userId: string, place: Place): boolean;
	/** What the answer needs of the report just written, made from what was written, not read back. */
	answer(
		job: ReportJob<Fields>,
		written: { key: Key; place: Place; verdict: StoredVerdict; stored: StoredReport },
	): Answer;
	/** What was priced, as the listeners of a written price are told. */
	priced(job: ReportJob<Fields>, key: Key): PricedThing;
};
