/**
 * What a word on a report needs to know of its kind, product or fuel: where it is stored, how its price is
 * written, how long it lives, how it is answered and documented, and how a changed price is filed again
 * through the report pipeline (the quality check, then the write on the writer thread with the retired
 * report in the same transaction).
 */
import type { User } from "../../db/schema.ts";
import { fuelReportState, productReportState } from "../data/feedback-targets.ts";
import { starredPlaceIds } from "../data/starred-places.ts";
import type { Tx } from "../data/transaction.ts";
import type { Db } from "../db.ts";
import { reportFor } from "../deals/index.ts";
import { GAS_REPORT_NOT_FOUND, getGasReportJson, type NearbyReportJson } from "../gas/index.ts";
import { withTerms } from "../lib/price-terms.ts";
import {
	FUEL,
	FUEL_MAX_AGE_DAYS,
	fileReport,
	type Market,
	maxAgeDays,
	PRODUCTS,
	type PriceFields,
	type ReportChange,
	type ReportTable,
	type StandingReport,
} from "../reports/index.ts";
import type { Runtime } from "../runtime.ts";
import { FuelFeedbackSchema, ProductFeedbackSchema } from "./schemas.ts";

/** What every word is checked against, and where a changed price is filed again. */
export type ReportState = {
	id: number;
	userId: string;
	isActive: boolean;
	isExpired: boolean;
	withdrawnReason: string | null;
	createdAt: Date;
	price: number;
	zip: string;
};

export type Filing = Pick<Runtime, "db" | "model" | "reports" | "prices" | "live" | "push">;
type Viewer = Pick<User, "id" | "zipCode">;

/** Where a changed price went: the report it filed, or the same price standing there it confirmed. */
export type Filed = { id: number; confirmed: StandingReport | null };

export type Subject<State extends ReportState, Answer, Schema> = {
	table: ReportTable;
	notFound: string;
	/** A price in the report's unit as messages write it. */
	format: (units: number) => string;
	/** The report, inside the word's transaction; null when there is none. */
	state: (tx: Tx, id: number) => State | null;
	/** How many days a report lives before the age sweep expires it. */
	maxAgeDays: (state: State) => number;
	/** The report as the viewer's list shows it. */
	answer: (db: Db, id: number, viewer: Viewer) => Promise<Answer>;
	/** Files the changed price as the giver's report of the same thing at the same place. */
	fileChange: (runtime: Filing, user: User, state: State, change: ReportChange) => Promise<Filed>;
	/** The word's body, its price in the report's unit (schemas.ts). */
	schema: Schema;
	/** How its routes' documentation names the report, and what "unavailable" means of it. */
	docs: { noun: string; unavailable: string };
};

/** A subject's changed prices, filed in its market: the report's fields, with the new price. */
const filedIn =
	<Key, Fields extends PriceFields, State extends ReportState>(
		market: Market<Key, Fields, unknown>,
		fields: (state: State, change: ReportChange) => Fields,
	) =>
	async (runtime: Filing, user: User, state: State, change: ReportChange): Promise<Filed> => {
		const written = await fileReport(runtime, market, user, { input: fields(state, change), zip: state.zip, change });
		return "confirmedExisting" in written
			? { id: written.confirmedExisting.id, confirmed: written.confirmedExisting }
			: { id: written.id, confirmed: null };
	};

/** What a changed price says beside its own price: it is no vacation report, and may be confirmed as unusual. */
const asReported = (change: ReportChange) => ({
	price: change.price,
	vacationMode: false,
	reportZipCode: null,
	confirmUnusual: change.confirmUnusual,
});

type ProductState = NonNullable<ReturnType<typeof productReportState>>;
type FuelState = NonNullable<ReturnType<typeof fuelReportState>>;

export const PRODUCT: Subject<ProductState, Awaited<ReturnType<typeof reportFor>>, typeof ProductFeedbackSchema> = {
	table: PRODUCTS.table,
	notFound: "Price report not found",
	format: PRODUCTS.format,
	state: productReportState,
	maxAgeDays: (state) => maxAgeDays(state.category.slug),
	answer: reportFor,
	// The same store (name, category and tags; no description or photo).
	// The same terms too: a member price changed is still a member price, a multi-buy's new price its bundle's.
	fileChange: filedIn(PRODUCTS, (state, change) => ({
		...asReported(change),
		...withTerms({
			price: change.price,
			priceType: state.priceType,
			saleEnds: state.saleEnds,
			multiBuyQuantity: state.multiQuantity,
		}),
		productName: state.productName,
		categoryId: state.categoryId,
		tags: state.tags,
		description: null,
		storeName: state.storeName,
		storeAddress: state.storeAddress,
		storePhone: state.storePhone,
		availability: "in-stock" as const,
		// The same product, so the same size: its unit price still compares.
		size:
			state.sizeMilli !== null && state.sizeUnit !== null
				? { quantity: state.sizeMilli / 1000, unit: state.sizeUnit }
				: null,
		imageUrl: null,
		category: state.category,
	})),
	schema: ProductFeedbackSchema,
	docs: { noun: "price report", unavailable: "unavailable" },
};

export const FUEL_REPORT: Subject<FuelState, NearbyReportJson, typeof FuelFeedbackSchema> = {
	table: FUEL.table,
	notFound: GAS_REPORT_NOT_FOUND,
	format: FUEL.format,
	state: fuelReportState,
	maxAgeDays: () => FUEL_MAX_AGE_DAYS,
	answer: async (db, id, viewer) => {
		const report = getGasReportJson(db, id, viewer);
		return { ...report, starred: (await starredPlaceIds(db, "station", viewer.id)).has(report.stationId) };
	},
	// The same pump: the station and fuel.
	fileChange: filedIn(FUEL, (state, change) => ({
		...asReported(change),
		stationName: state.stationName,
		stationAddress: state.stationAddress,
		fuelType: state.fuelType,
		defPrice: null,
		payment: state.payment,
	})),
	schema: FuelFeedbackSchema,
	docs: { noun: "fuel report", unavailable: "unavailable (sold out)" },
};
