/**
 * How alerts hear of a written price (reports/events.ts): the hits of the alerts it meets are recorded inside
 * its write's transaction (matching.ts), and once that has committed they go to their owners' open streams
 * and devices (delivery.ts). Subscribed where each process is put together: the request thread's runtime
 * with the outlets it delivers to; the writer thread and an import without (the thread's hits are delivered
 * by the request thread it answers, an import's wait in the Alerts tab).
 */
import type { PriceListener } from "../reports/index.ts";
import { deliverHits, type HitOutlets } from "./delivery.ts";
import { type HitRow, recordHitsSafely } from "./matching.ts";

export function alertHits(outlets?: HitOutlets): PriceListener<HitRow> {
	return {
		name: "alert-hits",
		written: (tx, price) => recordHitsSafely(tx, price),
		...(outlets && { committed: (hits: HitRow[]) => deliverHits(outlets, hits) }),
	};
}
