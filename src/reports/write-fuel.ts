/**
 * A fuel price report's writes, synchronously, inside the caller's write transaction (drizzle's transaction
 * is a savepoint within the write batch's: bun:sqlite nests them): the station found or created, the report,
 * the station's price for that fuel, the shopper's earlier price replaced, outliers expired, the count.
 * As for products, the same price another shopper reported there within a day is counted as a confirmation
 * (duplicates.ts), and a "the price changed" word retires the report it was about in the same transaction.
 */
import { and, eq, ne, sql } from "drizzle-orm";
import type { FuelType } from "../../db/enums.ts";
import { gasPriceReports, gasStations, users } from "../../db/schema.ts";
import { type HitRow, recordFuelHitsSafely } from "../alerts/index.ts";
import type { Db } from "../db.ts";
import type { ExpirationAnalysis } from "../lib/errors.ts";
import type { StoredVerdict } from "./check.ts";
import { type StandingReport, standingFuelReport } from "./duplicates.ts";
import { expireOutliers, REPLACED_REASON } from "./expiry.ts";
import { confirmReport, type ReportChange, retireChangedReport } from "./feedback-rows.ts";
import { FUEL } from "./markets.ts";
import { findOrCreateStation } from "./places.ts";
import { type ImportedPrice, importedWrite } from "./write-price.ts";

/** Each fuel's price column on gas_stations. */
export const PRICE_KEY = {
	regular: "regularPriceMills",
	premium: "premiumPriceMills",
	diesel: "dieselPriceMills",
	e85: "e85PriceMills",
	electric: "electricPriceMills",
} as const satisfies Record<FuelType, keyof typeof gasStations.$inferSelect>;

/** The validated report's fields the write stores (gas/schemas.ts, GasReportSchema's output). */
export type GasReportFields = {
	stationName: string;
	stationAddress: string;
	fuelType: FuelType;
	price: number;
	defPrice: number | null;
	vacationMode: boolean;
	reportZipCode: string | null;
	/** The reporter answered the check's question: a doubtful price is saved as unusual (check.ts). */
	confirmUnusual?: boolean;
};

/** What the write needs, as plain data: it may cross to the writer thread (writer.ts). */
export type GasReportJob = {
	userId: string;
	input: GasReportFields;
	zip: string;
	verdict: StoredVerdict;
	/** A "changed" word on another shopper's report of this fuel at this station, which this price replaces. */
	change?: ReportChange | null;
	/** An open-data import's price (decision 0070): write-price.ts `importedWrite`. */
	imported?: ImportedPrice | null;
};

/** The same price was already standing there: the reporter's price became its confirmation. */
export type ConfirmedFuel = { confirmedExisting: StandingReport; replaced: number | undefined };
/** A report filed: its id, the expiry analysis, the price of the shopper's report it replaced, the hits. */
export type FiledFuel = {
	id: number;
	expirationAnalysis: ExpirationAnalysis | null;
	replaced: number | undefined;
	hits: HitRow[];
};

/**
 * The shopper's earlier live prices of the fuel at the station, but `keep`, expire: a newer word of theirs
 * replaces them (the station's caches follow through the triggers). The earlier prices.
 */
function supersedeFuel(db: Db, who: { userId: string; stationId: number; fuel: FuelType }, keep: number, now: Date) {
	return db
		.update(gasPriceReports)
		.set({ isExpired: true, expiredAt: now, expiredReason: REPLACED_REASON, updatedAt: now })
		.where(
			and(
				eq(gasPriceReports.userId, who.userId),
				eq(gasPriceReports.stationId, who.stationId),
				eq(gasPriceReports.fuelType, who.fuel),
				eq(gasPriceReports.isActive, true),
				eq(gasPriceReports.isExpired, false),
				ne(gasPriceReports.id, keep),
			),
		)
		.returning({ id: gasPriceReports.id, priceMills: gasPriceReports.priceMills })
		.all();
}

/**
 * The report's writes; its id, the expiry analysis, the price of the shopper's report it replaced, and the
 * fuel alerts' hits it caused (to deliver once the transaction commits). Or, for a price already standing
 * at the station, the confirmation (not a report: no counters move, no alert fires).
 */
export function writeGasReport(
	db: Db,
	{ userId, input, zip, verdict, change, imported }: GasReportJob,
): ConfirmedFuel | FiledFuel {
	return db.transaction((tx): ConfirmedFuel | FiledFuel => {
		// A report said to have changed is no longer a voice of the price it is replaced by.
		const history = FUEL.history(db, { fuel: input.fuelType, zip }).filter((h) => h.id !== change?.reportId);
		// The station where it is: the one of this name and address near the zip, else a new one there.
		const stationId = findOrCreateStation(db, { name: input.stationName, address: input.stationAddress, zip });
		const now = new Date();
		const who = { userId, stationId, fuel: input.fuelType };
		const writes = importedWrite(imported, now.getTime());
		const standing =
			writes.confirms &&
			standingFuelReport(
				db,
				{ station: stationId, fuel: input.fuelType, price: input.price, user: userId },
				now.getTime(),
			);
		if (standing) {
			const replaced = supersedeFuel(db, who, standing.id, now);
			confirmReport(db, FUEL.table, standing.id, userId, now.getTime());
			if (change) retireChangedReport(db, FUEL.table, change, userId, standing.id, now.getTime());
			return { confirmedExisting: standing, replaced: replaced[0]?.priceMills };
		}
		const report = tx
			.insert(gasPriceReports)
			.values({
				userId,
				stationId,
				fuelType: input.fuelType,
				priceMills: input.price,
				defPriceCents: input.defPrice,
				vacationMode: input.vacationMode,
				reportZipCode: input.vacationMode ? input.reportZipCode : null,
				verificationConfidence: verdict.confidence,
				verificationReason: verdict.reason,
				isUnusual: verdict.unusual,
				createdAt: now,
				updatedAt: now,
			})
			.returning({ id: gasPriceReports.id })
			.get();
		tx.update(gasStations)
			.set({
				[PRICE_KEY[input.fuelType]]: input.price,
				reportsCount: sql`${gasStations.reportsCount} + 1`,
				lastUpdated: now,
			})
			.where(eq(gasStations.id, stationId))
			.run();
		// As for products: the shopper's new price of this fuel here replaces their earlier one, so the recent
		// reports and counts hear each shopper once.
		const replaced = supersedeFuel(db, who, report.id, now);
		if (change) retireChangedReport(db, FUEL.table, change, userId, report.id, now.getTime());
		// The station caches follow the outliers' expiry through the database's triggers.
		const expirationAnalysis = expireOutliers(db, FUEL, history, input.price, userId, now.getTime());
		tx.update(users)
			.set({ totalReports: sql`${users.totalReports} + 1`, updatedAt: now })
			.where(eq(users.id, userId))
			.run();
		const station = tx
			.select({
				name: gasStations.name,
				address: gasStations.address,
				zip: gasStations.zipCode,
				loc: gasStations.locToken,
			})
			.from(gasStations)
			.where(eq(gasStations.id, stationId))
			.get();
		const hits =
			station && writes.alerts
				? recordFuelHitsSafely(db, {
						id: report.id,
						userId,
						fuelType: input.fuelType,
						priceMills: input.price,
						stationId,
						stationName: station.name,
						stationAddress: station.address,
						zipCode: station.zip ?? zip,
						locToken: station.loc,
						replaces: replaced.map((r) => r.id),
					})
				: [];
		return { id: report.id, expirationAnalysis, replaced: replaced[0]?.priceMills, hits };
	});
}
