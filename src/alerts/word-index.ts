/**
 * Where an alert's words are filed (decision 0025): under every place of its ZIP's neighbourhood, so that a
 * new report finds the alerts near it by equality on its own place. Near is not symmetric (West Hollywood is
 * among Beverly Hills' 20 nearest areas without Beverly Hills being among West Hollywood's), and the alert
 * fires when the report is in the alert owner's neighbourhood: only the alert's side knows that list, so
 * the index is spread when the alert is written, not when a report is read.
 */
import type { AlertScope } from "../../db/enums.ts";
import { SPOTS_TOKEN } from "../data/alert-hits.ts";
import { type AlertWordRow, alertsFiledAtHome, fileAlertWords, wordsOfAlert } from "../data/price-alerts.ts";
import { inTransaction } from "../data/transaction.ts";
import type { Db } from "../db.ts";
import { log } from "../lib/log.ts";
import { nearTokens } from "../lib/zip.ts";

/**
 * The index rows of one alert: each of its words under each place near its zip, nearest first; an alert
 * limited to starred spots, under SPOTS_TOKEN alone (its spots may be anywhere: the matching checks the star).
 */
export function alertWordRows(alert: {
	id: number;
	zip: string;
	scope?: AlertScope;
	targetPriceCents: number;
	words: string[];
}) {
	const tokens = alert.scope === "spots" ? [SPOTS_TOKEN] : nearTokens(alert.zip);
	return alert.words.flatMap((word) =>
		tokens.map(
			(locToken): AlertWordRow => ({ word, locToken, targetPriceCents: alert.targetPriceCents, alertId: alert.id }),
		),
	);
}

/**
 * A start-up step: files again, under their whole neighbourhood, the alerts whose words sit under their own
 * ZIP alone (indexed when near meant a window of ZIP numbers, which the index read as one range). Once
 * spread, an alert has a word under another place and is not read again, so a second run does nothing.
 * The alert's stored words are kept as they are: its word count was made from them. Synchronous, as the
 * start-up that runs it before listening is, in one transaction from the read to the last write.
 */
export function spreadAlertWords(db: Db): number {
	const spread = inTransaction(
		db,
		(tx) => {
			let n = 0;
			for (const alert of alertsFiledAtHome(tx)) {
				if (alert.zip === null || nearTokens(alert.zip).length === 1) continue;
				const rows = alertWordRows({ ...alert, zip: alert.zip, words: wordsOfAlert(tx, alert.id) });
				if (rows.length === 0) continue;
				fileAlertWords(tx, rows);
				n++;
			}
			return n;
		},
		"immediate",
	);
	if (spread > 0) log.info("alerts: words filed under each alert's neighbourhood", { alerts: spread });
	return spread;
}
