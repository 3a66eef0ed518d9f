import type { User } from "../../db/schema.ts";
import { carOf } from "../lib/car.ts";
import { centsToNumber } from "../lib/money.ts";
import { accuracyOf } from "../reports/index.ts";

/** The "User" shape of spec §3, the car and the accuracy. Never carries the password hash. */
export function toUserJson(user: User, stats: { priceReportsMade: number; reputation: number }) {
	return {
		id: user.id,
		username: user.username,
		firstName: user.firstName,
		lastName: user.lastName,
		zipCode: user.zipCode,
		profileImageUrl: user.profileImageUrl,
		preferredFuelType: user.preferredFuelType,
		car: carOf(user),
		isPublicProfile: user.profileVisible,
		showActivity: user.statsVisible,
		/** Named as the reporter of one's prices in open-data exports; off until the shopper turns it on. */
		creditOpenData: user.creditOpenData,
		/** The most push notifications a day. */
		alertDailyCap: user.alertDailyCap,
		totalMoneySaved: centsToNumber(user.totalMoneySavedCents),
		totalReports: user.totalReports,
		uniqueStoresVisited: user.uniqueStoresVisited,
		priceReportsMade: stats.priceReportsMade,
		/** Upvotes earned on the user's reports. */
		reputation: stats.reputation,
		/** ours: of the reports judged (made or refused), how many stood (not removed on flags); null before any. */
		accuracy: accuracyOf(user),
		isTerminated: user.isTerminated,
		terminationReason: user.terminationReason,
		createdAt: user.createdAt.toISOString(),
	};
}
export type UserJson = ReturnType<typeof toUserJson>;
