/**
 * Reports kept on this device until they can be sent (docs/decisions/0083). Each carries a key made here
 * once, its `sendKey`: the server files one report per shopper and key, so a report sent again (its first
 * answer lost on the way, or two tabs sending at once) is never a second one. A report leaves the outbox
 * only once the server has answered it: filed (2xx) or refused (4xx, its reason told); without an answer it
 * stays for the next try. One answer is a question, not a refusal: a place typed like one known nearby (409,
 * decision 0084). Such a report stays, holding the question, and is not sent again until the shopper answers.
 */
import type { InferRequestType } from "hono/client";
import { FUEL_LABEL, type FuelType } from "../../db/enums.ts";
import { api } from "../api/client.ts";
import { failureStatus, failureText, type PlaceQuestion, similarPlaceOf } from "../api/failure.ts";
import { unwrap } from "../api/http.ts";
import { deviceStore } from "../components/deviceStore.ts";
import { OUTBOX_STORE } from "../components/offlineCache.ts";

export type PriceReportJson = InferRequestType<(typeof api)["price-reports"]["$post"]>["json"];
export type FuelReportJson = InferRequestType<typeof api.gas.reports.$post>["json"];

/** `asked`: the server's question about the place, kept until the shopper answers it. */
type Kept = { sendKey: string; userId: string; keptAt: number; label: string; asked?: PlaceQuestion };
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
export type SendResult = {
	sent: number;
	refused: Refused[];
	/** Reports that came back with the question about their place: they wait for the shopper. */
	asked: number;
	stopped: "offline" | "session" | null;
};

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
	const result: SendResult = { sent: 0, refused: [], asked: 0, stopped: null };
	const work = async () => {
		for (const other of (await store.all()).filter((item) => item.userId !== userId)) await store.remove(other.sendKey);
		for (const item of await waitingFor(userId)) {
			if (item.asked) continue;
			let refusal: Refused | null = null;
			try {
				await post(item);
			} catch (error) {
				const asked = similarPlaceOf(error);
				if (asked) {
					await store.put({ ...item, asked });
					result.asked++;
					continue;
				}
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

/** Whether any of these reports is for sending, not waiting on the shopper's answer. */
export const anyToSend = (waiting: readonly Waiting[]) => waiting.some((item) => !item.asked);

/**
 * The shopper's answer to the question a waiting report came back with: at the place already known (its
 * name, address and zip), or at the place typed, made new. Either way the same key: it is still one report.
 */
export async function answerWaiting(userId: string, sendKey: string, answer: "use" | "new") {
	const item = (await waitingFor(userId)).find((kept) => kept.sendKey === sendKey);
	if (!item?.asked) return;
	const { name, address, zipCode } = item.asked.candidate;
	const answered: ToKeep =
		item.kind === "price"
			? {
					kind: "price",
					sendKey,
					json:
						answer === "new"
							? { ...item.json, confirmNewPlace: true }
							: {
									...item.json,
									storeName: name,
									storeAddress: address,
									storeZipCode: zipCode ?? item.json.storeZipCode,
									confirmNewPlace: false,
								},
				}
			: {
					kind: "fuel",
					sendKey,
					json:
						answer === "new"
							? { ...item.json, confirmNewPlace: true }
							: {
									...item.json,
									stationName: name,
									stationAddress: address,
									stationZipCode: zipCode ?? item.json.stationZipCode,
									confirmNewPlace: false,
								},
				};
	// What was kept first, rewritten: it keeps its place in the line.
	await store.put({ ...answered, userId, keptAt: item.keptAt, label: labelOf(answered) } as Waiting);
}
