/**
 * What a word on a report needs to know of its kind, product or fuel: where it is stored, how its price is
 * written, how long it lives, how it is answered, and how a changed price is filed again through the report
 * pipeline (the quality check, then the write on the writer thread with the retired report in the same
 * transaction).
 */
import type { User } from "../../db/schema.ts";
import type { Db } from "../db.ts";
import { reportFor } from "../deals/index.ts";
import { GAS_REPORT_NOT_FOUND, getGasReportJson, type NearbyReportJson } from "../gas/index.ts";
import {
	FUEL,
	FUEL_MAX_AGE_DAYS,
	fileReport,
	maxAgeDays,
	PRODUCTS,
	type ReportChange,
	type ReportTable,
	type StandingReport,
} from "../reports/index.ts";
import type { Runtime } from "../runtime.ts";
import { starredStationIds } from "../spots/index.ts";
import { type FuelReportState, fuelReportState, type ProductReportState, productReportState } from "./feedback.sql.ts";

/** What every word is checked against. */
export type ReportState = {
	id: number;
	userId: string;
	isActive: boolean;
	isExpired: boolean;
	withdrawnReason: string | null;
	createdAt: Date;
	price: number;
};

export type Filing = Pick<Runtime, "db" | "model" | "reports" | "prices" | "live" | "push">;
type Viewer = Pick<User, "id" | "zipCode">;

/** Where a changed price went: the report it filed, or the same price standing there it confirmed. */
export type Filed = { id: number; confirmed: StandingReport | null };

export type Subject<State extends ReportState, Answer> = {
	table: ReportTable;
	notFound: string;
	/** A price in the report's unit as messages write it. */
	format: (units: number) => string;
	state: (db: Db, id: number) => State | null;
	/** How many days a report lives before the age sweep expires it. */
	maxAgeDays: (state: State) => number;
	/** The report as the viewer's list shows it. */
	answer: (db: Db, id: number, viewer: Viewer) => Answer;
	/** Files the changed price as the giver's report of the same thing at the same place. */
	fileChange: (runtime: Filing, user: User, state: State, change: ReportChange) => Promise<Filed>;
};

export const PRODUCT: Subject<ProductReportState, ReturnType<typeof reportFor>> = {
	table: PRODUCTS.table,
	notFound: "Price report not found",
	format: PRODUCTS.format,
	state: productReportState,
	maxAgeDays: (state) => maxAgeDays(state.category.slug),
	answer: reportFor,
	async fileChange(runtime, user, state, change) {
		const written = await fileReport(runtime, PRODUCTS, user, {
			input: {
				productName: state.productName,
				price: change.price,
				categoryId: state.categoryId,
				tags: state.tags,
				description: null,
				storeName: state.storeName,
				storeAddress: state.storeAddress,
				storePhone: state.storePhone,
				availability: "in-stock",
				vacationMode: false,
				reportZipCode: null,
				confirmUnusual: change.confirmUnusual,
				// The same product, so the same size: its unit price still compares.
				size:
					state.sizeMilli !== null && state.sizeUnit !== null
						? { quantity: state.sizeMilli / 1000, unit: state.sizeUnit }
						: null,
				imageUrl: null,
				category: state.category,
			},
			zip: state.zip,
			change,
		});
		return "confirmedExisting" in written
			? { id: written.confirmedExisting.id, confirmed: written.confirmedExisting }
			: { id: written.id, confirmed: null };
	},
};

export const FUEL_REPORT: Subject<FuelReportState, NearbyReportJson> = {
	table: FUEL.table,
	notFound: GAS_REPORT_NOT_FOUND,
	format: FUEL.format,
	state: fuelReportState,
	maxAgeDays: () => FUEL_MAX_AGE_DAYS,
	answer: (db, id, viewer) => {
		const report = getGasReportJson(db, id, viewer);
		return { ...report, starred: starredStationIds(db, viewer.id).has(report.stationId) };
	},
	async fileChange(runtime, user, state, change) {
		const written = await fileReport(runtime, FUEL, user, {
			input: {
				stationName: state.stationName,
				stationAddress: state.stationAddress,
				fuelType: state.fuelType,
				price: change.price,
				defPrice: null,
				vacationMode: false,
				reportZipCode: null,
				confirmUnusual: change.confirmUnusual,
			},
			zip: state.zip,
			change,
		});
		return "confirmedExisting" in written
			? { id: written.confirmedExisting.id, confirmed: written.confirmedExisting }
			: { id: written.id, confirmed: null };
	},
};
