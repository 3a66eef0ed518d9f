/**
 * Watching lists' alerts: a product price written near a list alert's zip, of something on its list, may
 * change the list's plan. Such prices are gathered for a few seconds and each list they concern is planned
 * once for all of them, a bounded number per run (a burst of reports, or an import, plans a list once, not
 * once per report); an hourly sweep looks again at the alerts no price has woken lately, for the prices that
 * lapsed meanwhile. What a look finds is judged (alert-look.ts) and told under the price alerts' rules and
 * daily cap, through their live stream and push (src/alerts). One watch per process, in its runtime.
 * A look is a plan's reads on the process's one synchronous connection, so a run gives the event loop a turn
 * before each look (and between batches of lists it checks): requests go between them, not after them all.
 */
import type { ShoppingListAlert } from "../../db/schema.ts";
import { type AlertNote, decideListNote, deliverNote, type HitOutlets, productWords } from "../alerts/index.ts";
import {
	hasHeldNotice,
	insertListNotice,
	itemTermsOf,
	listAlertIn,
	listAlertSubject,
	recordListLook,
	staleListAlerts,
	storesStillThere,
	watchedLists,
} from "../data/list-alerts.ts";
import { type Tx, transaction } from "../data/transaction.ts";
import type { Db } from "../db.ts";
import { log } from "../lib/log.ts";
import { HOUR_MS } from "../lib/time.ts";
import { nearTokens } from "../lib/zip.ts";
import { kindOf, listAlertTag, listPath, newsOf, noteText, seenOf } from "./alert-look.ts";
import { listPlan } from "./list-plan.ts";
import type { ListPriceNote } from "./price-listener.ts";

/** A written price as a list's items are compared with it: its product's words and category. */
type Priced = { words: Set<string>; categoryId: number };
/** How many lists' items one read brings. */
const LISTS_PER_READ = 200;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

const concerns = (item: { name: string; categoryId: number | null }, prices: readonly Priced[]) => {
	const words = productWords(item.name);
	return prices.some((p) => item.categoryId === p.categoryId || words.some((w) => p.words.has(w)));
};

export class ListAlertWatch {
	/** How long prices are gathered before the lists they concern are planned, and how many lists a run plans. */
	timing = { gatherMs: 3_000, perRun: 100, sweepAfterMs: HOUR_MS };
	private notes: ListPriceNote[] = [];
	private readonly due = new Set<number>();
	private timer: ReturnType<typeof setTimeout> | null = null;
	private running: Promise<void> = Promise.resolve();
	private stopped = false;

	constructor(
		private readonly db: Db,
		private readonly outlets: HitOutlets,
	) {}

	/** Prices just written (the list-alerts price listener's notes, once committed). */
	heard(notes: readonly ListPriceNote[]) {
		this.notes.push(...notes);
		this.schedule();
	}

	/** Plans every list gathered so far now, rather than when the gathering ends; resolves once told. */
	flush(now = Date.now()): Promise<void> {
		if (this.timer) clearTimeout(this.timer);
		this.timer = null;
		this.running = this.running.then(() => this.run(now));
		return this.running;
	}

	/** Looks again at the alerts not looked at for a while. */
	async sweep(now = Date.now()) {
		const stale = await staleListAlerts(this.db, new Date(now - this.timing.sweepAfterMs), this.timing.perRun);
		for (const listId of stale) this.due.add(listId);
		if (stale.length > 0) await this.flush(now);
	}

	/** Ends the gathering; waits for a run under way. */
	async stop() {
		this.stopped = true;
		if (this.timer) clearTimeout(this.timer);
		this.timer = null;
		await this.running;
	}

	private schedule() {
		if (this.timer || this.stopped) return;
		this.timer = setTimeout(() => void this.flush(), this.timing.gatherMs);
		this.timer.unref?.();
	}

	private async run(now: number) {
		try {
			const notes = this.notes.splice(0);
			if (notes.length > 0) for (const listId of await this.concerned(notes)) this.due.add(listId);
			for (const listId of [...this.due].slice(0, this.timing.perRun)) {
				await nextTurn();
				if (this.stopped) return;
				this.due.delete(listId);
				await this.look(listId, now).catch((error) => log.error("list alerts: look failed", { listId, err: error }));
			}
		} catch (error) {
			log.error("list alerts: run failed", { err: error });
		}
		if (this.due.size > 0) this.schedule();
	}

	/**
	 * The alerts whose zip's neighbourhood has one of the prices' places, and whose list has what was priced.
	 * Only the items of the lists near a price are read (those already due are not), a batch of lists a read.
	 */
	private async concerned(notes: readonly ListPriceNote[]): Promise<number[]> {
		const byPlace = new Map<string, Priced[]>();
		for (const note of notes) {
			const at = byPlace.get(note.loc) ?? [];
			at.push({ words: new Set(productWords(note.name)), categoryId: note.categoryId });
			byPlace.set(note.loc, at);
		}
		const nearZip = new Map<string, Priced[]>();
		const near = new Map<number, Priced[]>();
		for (const { listId, zipCode } of await watchedLists(this.db)) {
			if (this.due.has(listId)) continue;
			const prices = nearZip.get(zipCode) ?? nearTokens(zipCode).flatMap((token) => byPlace.get(token) ?? []);
			nearZip.set(zipCode, prices);
			if (prices.length > 0) near.set(listId, prices);
		}
		const found = new Set<number>();
		const ids = [...near.keys()];
		for (let at = 0; at < ids.length; at += LISTS_PER_READ) {
			if (at > 0) await nextTurn();
			for (const item of await itemTermsOf(this.db, ids.slice(at, at + LISTS_PER_READ)))
				if (!found.has(item.listId) && concerns(item, near.get(item.listId) ?? [])) found.add(item.listId);
		}
		return [...found];
	}

	/** Plans one list, judges what it costs and where against the last look, and tells its shopper. */
	private async look(listId: number, now: number) {
		const subject = await listAlertSubject(this.db, listId);
		if (!subject) return;
		const { alert, listName, user } = subject;
		const seen = seenOf(await listPlan(this.db, user, listId, alert.zipCode));
		const told = await transaction(
			this.db,
			(tx) => {
				const current = listAlertIn(tx, listId);
				// Set anew while the plan was worked out: its own first look stands.
				if (!current || current.updatedAt.getTime() !== alert.updatedAt.getTime()) return null;
				return this.judge(tx, current, { listName, userId: user.id }, seen, now);
			},
			"immediate",
		);
		if (told) deliverNote(this.outlets, user.id, told);
	}

	/** In the look's transaction: what is news, its notice by the alerts' rules, the look and notice stored. */
	private judge(
		tx: Tx,
		alert: ShoppingListAlert,
		who: { listName: string; userId: string },
		seen: ReturnType<typeof seenOf>,
		now: number,
	): AlertNote | null {
		// A store the last look saw may since have been merged into another (and deleted): where the list was
		// cheapest is then unknown, and this look only records where it is now.
		const known = alert.seenStoreIds === null || storesStillThere(tx, alert.seenStoreIds);
		const { under, changedFrom, look } = newsOf(known ? alert : { ...alert, seenStoreIds: null }, seen, new Date(now));
		const about = { userId: who.userId, listId: alert.listId };
		let decided: ReturnType<typeof decideListNote> | null = null;
		let underNews = false;
		if (under) {
			const lastNotified = alert.underNotifiedAt?.getTime() ?? null;
			decided = decideListNote(tx, { ...about, lastNotified, stillUnder: alert.underFired }, now);
			underNews = decided.notice !== "quiet";
			if (decided.notice === "sent") Object.assign(look, { underFired: true, underNotifiedAt: new Date(now) });
			if (!underNews) decided = null;
		}
		if (!decided && changedFrom !== null)
			decided = decideListNote(tx, { ...about, lastNotified: null, stillUnder: false }, now);
		recordListLook(tx, alert.listId, look);
		if (!decided || !seen) return null;
		// Over the cap, news of a list with a notice already held adds no row (each look would add one): the
		// next notification counts the list once however often it was held, and a held "under" stays armed, as
		// a price alert's held hit does, so a look once the cap has room sends it.
		if (decided.notice === "held" && hasHeldNotice(tx, alert.listId)) return null;
		const changed = changedFrom !== null;
		insertListNotice(tx, {
			...about,
			kind: kindOf(underNews, changed),
			notice: decided.notice,
			totalCents: seen.totalCents,
			storeNames: seen.storeNames,
			at: new Date(now),
		});
		if (decided.notice !== "sent") return null;
		const text = noteText({
			listName: who.listName,
			zipCode: alert.zipCode,
			targetCents: alert.targetCents,
			seen,
			under: underNews,
			changedFrom,
			alsoHeld: decided.alsoHeld,
		});
		return { ...text, url: listPath(alert.listId), tag: listAlertTag(alert.listId) };
	}
}
