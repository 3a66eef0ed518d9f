/** What shoppers say about each other's reports, and what moderators did about it. */
import { sql } from "drizzle-orm";
import { type AnySQLiteColumn, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { FEEDBACK_KINDS, FLAG_REASONS, FLAG_STATUSES, MODERATION_ACTIONS } from "../enums.ts";
import { createdAt, id, updatedAt } from "./columns.ts";
import { users } from "./people.ts";
import { gasPriceReports, priceReports } from "./reports.ts";

/** The columns both feedback tables share; `report` is the table the feedback is about. */
const feedbackColumns = (report: () => AnySQLiteColumn) => ({
	id: id(),
	reportId: integer("report_id").notNull().references(report, { onDelete: "cascade" }),
	userId: text("user_id")
		.notNull()
		.references(() => users.id, { onDelete: "cascade" }),
	kind: text("kind", { enum: FEEDBACK_KINDS }).notNull(),
	/** A `wrong` flag's reason. */
	reason: text("reason", { enum: FLAG_REASONS }),
	/** A `changed` price, in the report's unit (cents, or mills for fuel). */
	price: integer("price"),
	/** The report a `changed` price filed (in the same table), while it stands. */
	newReportId: integer("new_report_id").references(report, { onDelete: "set null" }),
	/** A `wrong` flag's state; the other kinds stay `open`. */
	status: text("status", { enum: FLAG_STATUSES }).notNull().default("open"),
	createdAt: createdAt(),
	updatedAt: updatedAt(),
});

/** ours: one word per shopper per product report: confirm, changed, unavailable or wrong. */
export const priceReportFeedback = sqliteTable(
	"price_report_feedback",
	feedbackColumns(() => priceReports.id),
	(t) => [
		uniqueIndex("price_report_feedback_report_user_unique").on(t.reportId, t.userId),
		index("price_report_feedback_user_idx").on(t.userId),
		/** The moderation queue: only the open flags. */
		index("price_report_feedback_open_flags_idx")
			.on(t.reportId)
			.where(sql`${t.kind} = 'wrong' AND ${t.status} = 'open'`),
	],
);

/** ours: the same for fuel reports. */
export const gasReportFeedback = sqliteTable(
	"gas_report_feedback",
	feedbackColumns(() => gasPriceReports.id),
	(t) => [
		uniqueIndex("gas_report_feedback_report_user_unique").on(t.reportId, t.userId),
		index("gas_report_feedback_user_idx").on(t.userId),
		index("gas_report_feedback_open_flags_idx").on(t.reportId).where(sql`${t.kind} = 'wrong' AND ${t.status} = 'open'`),
	],
);

/**
 * ours: what moderators did, who and when and why. Names are kept as they were, so the record still reads
 * after an account is deleted (its id then becomes null).
 */
export const moderationActions = sqliteTable(
	"moderation_actions",
	{
		id: id(),
		moderatorId: text("moderator_id").references(() => users.id, { onDelete: "set null" }),
		moderatorName: text("moderator_name").notNull(),
		action: text("action", { enum: MODERATION_ACTIONS }).notNull(),
		targetUserId: text("target_user_id").references(() => users.id, { onDelete: "set null" }),
		targetName: text("target_name").notNull(),
		priceReportId: integer("price_report_id").references(() => priceReports.id, { onDelete: "set null" }),
		gasReportId: integer("gas_report_id").references(() => gasPriceReports.id, { onDelete: "set null" }),
		reason: text("reason").notNull(),
		/** What the action was about, in words: "3 flags: wrong price x2, spam" or the report's product and price. */
		detail: text("detail").notNull().default(""),
		createdAt: createdAt(),
	},
	(t) => [index("moderation_actions_created_idx").on(t.createdAt)],
);

export type FeedbackRow = typeof priceReportFeedback.$inferSelect;
export type ModerationActionRow = typeof moderationActions.$inferSelect;
