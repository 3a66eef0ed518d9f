/**
 * Telling a shopper about a hit, once its transaction has committed: on the live stream to their open tabs,
 * and as a Web Push message to every device they subscribed (src/push/), which reaches a closed tab or a
 * locked phone. Only hits whose notice is "sent" go out (notices.ts); the rest wait in the Alerts tab.
 */
import { formatCents, formatMills } from "../lib/money.ts";
import { plural } from "../lib/plural.ts";
import { milesBetween, roundMiles } from "../lib/zip.ts";
import { alertTag, dealPath, type PushPayload } from "../push/index.ts";
import type { LiveHub, LiveMessage } from "./live.ts";
import type { HitRow } from "./matching.ts";
import { ANY_PRICE_CENTS } from "./schemas.ts";

export const HIT_EVENT = "price-alert";
/** Where a fuel hit opens: the Gas page, at its station. */
export const stationPath = (stationId: number) => `/gas?station=${stationId}`;

/** What a hit says, on the stream and in a push message alike. */
export type HitEventData = {
	hitId: number;
	alertId: number;
	kind: HitRow["kind"];
	title: string;
	body: string;
	/** The page that opens the deal: a product report's own, or the Gas page at a fuel report's station. */
	url: string;
	reportId: number;
	productName: string;
	price: number;
	/** null for an alert at any price. */
	targetPrice: number | null;
	storeName: string;
	storeAddress: string;
	zipCode: string;
	/** Miles from the alert's zip to the report's; null when either has no place on the map. */
	distanceMiles: number | null;
	at: string;
};

/** The parts of a hit its message is written from (a new hit, or one read back for a reconnecting stream). */
export type HitFacts = Pick<
	HitRow,
	| "hitId"
	| "alertId"
	| "alertName"
	| "alertZip"
	| "targetPriceCents"
	| "kind"
	| "reportId"
	| "productName"
	| "priceLabel"
	| "price"
	| "zipCode"
	| "storeName"
	| "storeAddress"
	| "placeId"
	| "at"
> & { alsoHeld?: number };

export function hitEventData(hit: HitFacts): HitEventData {
	const miles = hit.alertZip === null ? null : milesBetween(hit.alertZip, hit.zipCode);
	const distanceMiles = miles === null ? null : roundMiles(miles);
	const away = distanceMiles === null ? "" : distanceMiles === 0 ? " (in your ZIP)" : ` (${distanceMiles} mi away)`;
	const anyPrice = hit.targetPriceCents === ANY_PRICE_CENTS;
	// A fuel target (whole cents) is written as fuel prices are, to the tenth of a cent: "$3.200" beside "$3.199".
	const targetText = hit.kind === "fuel" ? formatMills(hit.targetPriceCents * 10) : formatCents(hit.targetPriceCents);
	const target = anyPrice ? "" : ` Your target: ${targetText}.`;
	// The held ones may be lists' alerts as well as price alerts: the summary names neither.
	const more = hit.alsoHeld ? ` And ${plural(hit.alsoHeld, "more alert")} since your last notification.` : "";
	return {
		hitId: hit.hitId,
		alertId: hit.alertId,
		kind: hit.kind,
		title: `Price alert: ${hit.alertName}`,
		body: `${hit.productName} is ${hit.priceLabel} at ${hit.storeName}, ${hit.storeAddress}${away}.${target}${more}`,
		url: hit.kind === "product" ? dealPath(hit.reportId) : stationPath(hit.placeId),
		reportId: hit.reportId,
		productName: hit.productName,
		price: hit.price,
		targetPrice: anyPrice ? null : hit.targetPriceCents / 100,
		storeName: hit.storeName,
		storeAddress: hit.storeAddress,
		zipCode: hit.zipCode,
		distanceMiles,
		at: new Date(hit.at).toISOString(),
	};
}

/** A hit as the stream carries it; its id is the hit's, so a reconnecting browser says where it stopped. */
export const hitMessage = (hit: HitFacts): LiveMessage => ({
	event: HIT_EVENT,
	id: hit.hitId,
	data: hitEventData(hit),
});

/** A hit as a push message: one tag per alert, so a newer hit replaces the older one on the device. */
export function pushPayload(hit: HitFacts): PushPayload {
	const { title, body, url } = hitEventData(hit);
	return { title, body, url, tag: alertTag(hit.alertId) };
}

/** Where hits go: the live hub, and the push sender (runtime.push). */
export type HitOutlets = { live: LiveHub; push: { send(userId: string, payload: PushPayload): void } };

/** Sends each notifying hit to its owner's open streams and devices; call after its transaction committed. */
export function deliverHits({ live, push }: HitOutlets, hits: HitRow[]): void {
	for (const hit of hits) {
		if (hit.notice !== "sent") continue;
		live.publish(hit.userId, hitMessage(hit));
		push.send(hit.userId, pushPayload(hit));
	}
}
