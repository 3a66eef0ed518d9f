/**
 * Reports kept on this device until they can be sent (docs/decisions/0083). Each carries a key made here
 * once, its `sendKey`: the server files one report per shopper and key, so a report sent again (its first
 * answer lost on the way, or two tabs sending at once) is never a second one. A report leaves the outbox
 * only once the server has answered it: filed (2xx) or refused (4xx, its reason told); without an answer it
 * stays for the next try.
 */
import type { InferRequestType } from "hono/client";
import { FUEL_LABEL, type FuelType } from "../../db/enums.ts";
import { api } from "../api/client.ts";
import { failureStatus, failureText } from "../api/failure.ts";
import { unwrap } from "../api/http.ts";
import { deviceStore } from "../components/deviceStore.ts";
import { OUTBOX_STORE } from "../components/offlineCache.ts";

export type PriceReportJson = InferRequestType<(typeof api)["price-reports"]["$post"]>["json"];
export type FuelReportJson = InferRequestType<typeof api.gas.reports.$post>["json"];

type Kept = { sendKey: string; userId: string; keptAt: number; label: string };
export type Waiting =
	| (Kept & { kind: "price"; json: PriceReportJson })
	| (Kept & { kind: "fuel"; json: FuelReportJson });
export type ToKeep =
	| { kind: "price"; sendKey: string; json: PriceReportJson }
	| { kind: "fuel"; sendKey: string; json: FuelReportJson };

const store = deviceStore<Waiting>(OUTBOX_STORE, "sendKey");

/** A fresh key for one report: the same for every try of it, from this device and no other. */
export const newSendKey = () => crypto.randomUUID();

/** What the list of waiting reports calls each one. */
const labelOf = (item: ToKeep) =>
	item.kind === "price"
		? `${item.json.productName ?? "A price"} at ${item.json.storeName ?? "a store"}`
		: `${FUEL_LABEL[item.json.fuelType as FuelType] ?? "Fuel"} at ${item.json.stationName ?? "a station"}`;

export async function keep(userId: string, item: ToKeep) {
	await store.put({ ...item, userId, keptAt: Date.now(), label: labelOf(item) } as Waiting);
}

/** The shopper's waiting reports, oldest first. */
export async function waitingFor(userId: string): Promise<Waiting[]> {
	const all = await store.all();
	return all.filter((item) => item.userId === userId).sort((a, b) => a.keptAt - b.keptAt);
}

/** What the server said of a report it refused, for the shopper. */
export type Refused = { label: string; message: string };
export type SendResult = { sent: number; refused: Refused[]; stopped: "offline" | "session" | null };

const post = (item: Waiting) =>
	item.kind === "price"
		? unwrap(api["price-reports"].$post({ json: { ...item.json, sendKey: item.sendKey } }))
		: unwrap(api.gas.reports.$post({ json: { ...item.json, sendKey: item.sendKey } }));

/**
 * Sends the shopper's waiting reports, one at a time, oldest first. One sender at a time across this
 * browser's tabs (a Web Lock; a tab finding it held leaves the work to the holder). Another shopper's
 * reports, left by a session that ended, are dropped: this device is now someone else's.
 */
export async function sendWaiting(userId: string): Promise<SendResult> {
	const result: SendResult = { sent: 0, refused: [], stopped: null };
	const work = async () => {
		for (const other of (await store.all()).filter((item) => item.userId !== userId)) await store.remove(other.sendKey);
		for (const item of await waitingFor(userId)) {
			let refusal: Refused | null = null;
			try {
				await post(item);
			} catch (error) {
				const status = failureStatus(error);
				// No answer, a busy server or a rate limit: it stays, to be sent later with the same key.
				if (status === null || status >= 500 || status === 429 || status === 401) {
					result.stopped = status === 401 ? "session" : "offline";
					return;
				}
				refusal = { label: item.label, message: failureText(error) };
			}
			await store.remove(item.sendKey);
			if (refusal) result.refused.push(refusal);
			else result.sent++;
		}
	};
	if ("locks" in navigator)
		await navigator.locks.request(OUTBOX_STORE, { ifAvailable: true }, (lock) => lock && work());
	else await work();
	return result;
}
