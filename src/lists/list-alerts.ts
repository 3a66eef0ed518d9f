/**
 * A list's alert, as its shopper sets, reads and clears it. Setting it looks at the plan at once: that first
 * look only records what the list costs and where, so that the next change is told and this one is not.
 */
import type { User } from "../../db/schema.ts";
import { deleteListAlertRow, lookAnew, putListAlertRow } from "../data/list-alerts.ts";
import { transaction } from "../data/transaction.ts";
import type { Db } from "../db.ts";
import { badRequest } from "../lib/http.ts";
import { alertJson, firstLook, seenOf } from "./alert-look.ts";
import { listPlan } from "./list-plan.ts";
import { ownList } from "./queries.ts";
import { type ListAlertInput, NO_ALERT_ZIP_MESSAGE } from "./schemas.ts";

export async function setListAlert(db: Db, user: User, listId: number, input: ListAlertInput) {
	await ownList(db, user.id, listId);
	const zipCode = input.zipCode ?? user.zipCode;
	if (!zipCode)
		throw badRequest(NO_ALERT_ZIP_MESSAGE, { issues: [{ path: "zipCode", message: NO_ALERT_ZIP_MESSAGE }] });
	const seen = seenOf(await listPlan(db, user, listId, zipCode));
	const setting = { zipCode, targetCents: input.underPrice, onCheapestChange: input.onCheapestChange };
	const row = await putListAlertRow(db, listId, setting, firstLook(input.underPrice, seen, new Date()));
	return alertJson(row);
}

export async function clearListAlert(db: Db, userId: string, listId: number) {
	await ownList(db, userId, listId);
	await deleteListAlertRow(db, listId);
	return { listId };
}

/** The stores a shopper is a member of changed: so did every list's plan, by their own doing, which is no news. */
export async function membershipsChanged(db: Db, userId: string) {
	await transaction(db, (tx) => lookAnew(tx, { userId }));
}
