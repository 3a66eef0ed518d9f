/**
 * Notifications about something other than a price alert's hit (a shopping list's alert, src/lists), under
 * the same rules: quiet while what it tells still holds and was told lately, one daily cap for everything a
 * shopper is sent, held ones summed up by the next notification of either kind. Delivered as a hit is, to
 * the open tabs' live stream and by Web Push, once the caller's transaction has committed.
 */
import type { HitNotice } from "../../db/enums.ts";
import { noticeReaders } from "../data/alert-hits.ts";
import type { Tx } from "../data/transaction.ts";
import type { PushPayload } from "../push/index.ts";
import type { HitOutlets } from "./delivery.ts";
import { noticeOf, sumUpHeld } from "./notices.ts";

/** The live stream's event of a note. It carries no id: the stream's ids are the price alert hits'. */
export const NOTE_EVENT = "alert-note" as const;

/** What a note says, on the stream and in a push message alike. */
export type AlertNote = PushPayload;

/**
 * The notice of a list's news, decided in the caller's transaction (before its row is stored): `stillUnder`
 * when it had notified and still holds. A sent one sums up the shopper's held hits and notes, and answers
 * how many others they were.
 */
export function decideListNote(
	tx: Tx,
	about: { userId: string; listId: number; lastNotified: number | null; stillUnder: boolean },
	now: number,
): { notice: HitNotice; alsoHeld: number } {
	const read = noticeReaders(tx);
	const notice = noticeOf(read, { ...about, stillUnder: () => about.stillUnder }, now);
	return { notice, alsoHeld: notice === "sent" ? sumUpHeld(read, about.userId, { listId: about.listId }) : 0 };
}

/** Sends a note to the shopper's open streams and devices; call after its transaction committed. */
export function deliverNote({ live, push }: HitOutlets, userId: string, note: AlertNote): void {
	live.publish(userId, { event: NOTE_EVENT, data: note });
	push.send(userId, note);
}
