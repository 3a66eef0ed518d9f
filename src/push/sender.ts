/**
 * Sends Web Push messages: web-push encrypts each one (RFC 8291, aes128gcm) and signs it (VAPID), and fetch
 * carries it to the push service, to the address the endpoint check approved. Fire and forget: `send`
 * returns at once and never throws; a bounded queue with a few sends at a time keeps a slow push service
 * from piling up memory, and shares the sends fairly (fair-queue.ts) so that one shopper's or one push
 * service's stuck requests cannot hold them all; 429, 5xx and network failures are retried with back-off.
 */
import { isIP } from "node:net";
import webpush from "web-push";
import {
	dropSubscription,
	type StoredSubscription,
	subscriptionStillThere,
	subscriptionsOf,
} from "../data/push-subscriptions.ts";
import type { Db } from "../db.ts";
import { log } from "../lib/log.ts";
import type { VapidDetails } from "../lib/vapid.ts";
import { checkEndpoint } from "./endpoint.ts";
import { FairQueue } from "./fair-queue.ts";
import { payloadText, retryAfterMs, topicOf } from "./message.ts";
import type { PushPayload } from "./payload.ts";

/** How long and how often; tests shorten them on their server's runtime (`runtime.push.timing`). */
export type PushTiming = {
	/** One try, whole (the endpoint's lookup and the request), before it counts as a network failure. */
	requestTimeoutMs: number;
	/** From the request's start to the push service's answer (connecting, TLS, the status): it answers at once. */
	answerTimeoutMs: number;
	/** Tries of one message, the first included. */
	attempts: number;
	/** The first retry's delay; each further one doubles, with jitter, up to maxDelayMs (Retry-After too). */
	baseDelayMs: number;
	maxDelayMs: number;
	/** How long a push service keeps a message for a device that is offline. */
	ttlSeconds: number;
};

export const PUSH_TIMING: PushTiming = {
	requestTimeoutMs: 6_000,
	answerTimeoutMs: 3_000,
	attempts: 5,
	baseDelayMs: 1_000,
	maxDelayMs: 5 * 60_000,
	ttlSeconds: 24 * 60 * 60,
};

/**
 * Sends at once in all, per shopper and per push service origin, and messages waiting (to go, or for a
 * retry); past that the oldest waiting message of the shopper with the most is dropped. A big shared service
 * (every Chrome's messages go to one origin) may use half the slots; one shopper, two.
 */
export const PUSH_LIMITS = { concurrency: 8, perShopper: 2, perOrigin: 4, maxWaiting: 1_000 };

/** Messages in a row a push service may refuse for good (403 and the like) before its subscription is removed. */
export const REFUSALS_BEFORE_REMOVAL = 3;

type Job = {
	userId: string;
	origin: string;
	sub: StoredSubscription;
	body: string;
	topic: string | undefined;
	attempt: number;
};

export type PushSenderOptions = { vapid: VapidDetails; allowedOrigins: readonly string[] };

const originOf = (endpoint: string) => (URL.canParse(endpoint) ? new URL(endpoint).origin : "(not a URL)");

export class PushSender {
	timing: PushTiming = { ...PUSH_TIMING };
	limits = { ...PUSH_LIMITS };
	private readonly queue = new FairQueue<Job>();
	private readonly retryTimers = new Map<ReturnType<typeof setTimeout>, Job>();
	private stopped = false;
	private readonly abort = new AbortController();
	private idleWaiters: (() => void)[] = [];
	/** Messages in a row each subscription had refused for good (403 and the like), by subscription id. */
	private readonly refusals = new Map<number, number>();
	/** Messages whose devices are being read, not queued yet. */
	private reading = 0;

	constructor(
		private readonly db: Db,
		private readonly options: PushSenderOptions,
	) {}

	/** Queues the payload for each of the shopper's devices; returns at once, never throws. */
	send(userId: string, payload: PushPayload): void {
		if (this.stopped) return;
		this.reading++;
		void this.queueFor(userId, payload).finally(() => {
			this.reading--;
			this.settle();
		});
	}

	private async queueFor(userId: string, payload: PushPayload) {
		try {
			const subs = await subscriptionsOf(this.db, userId);
			if (subs.length === 0 || this.stopped) return;
			const body = payloadText(payload);
			const topic = topicOf(payload.tag);
			for (const sub of subs) {
				this.enqueue({ userId, origin: originOf(sub.endpoint), sub, body, topic, attempt: 0 });
				this.pump();
			}
		} catch (error) {
			log.error("push: could not queue a message", { userId, err: error });
		}
	}

	/** Resolves once nothing is sending, queued or waiting for a retry (for tests and a stop that waits). */
	idle(): Promise<void> {
		if (this.isIdle()) return Promise.resolve();
		return new Promise((resolve) => this.idleWaiters.push(resolve));
	}

	/** Cancels the retries, drops what waits and aborts the requests in flight. Messages not sent are lost. */
	stop() {
		this.stopped = true;
		for (const timer of this.retryTimers.keys()) clearTimeout(timer);
		this.retryTimers.clear();
		this.queue.clear();
		this.abort.abort();
		this.settle();
	}

	private get waiting() {
		return this.queue.waiting + this.retryTimers.size;
	}

	private isIdle() {
		return this.queue.sending === 0 && this.waiting === 0 && this.reading === 0;
	}

	private settle() {
		if (!this.isIdle() && !this.stopped) return;
		for (const resolve of this.idleWaiters.splice(0)) resolve();
	}

	private enqueue(job: Job) {
		if (this.waiting >= this.limits.maxWaiting) {
			const dropped = this.queue.dropOne();
			const { userId, origin } = dropped ?? job;
			log.warn("push: queue full, oldest message dropped", { userId, origin });
			if (!dropped) return;
		}
		this.queue.push(job);
	}

	private pump() {
		for (let job = this.take(); job; job = this.take()) {
			const taken = job;
			void this.attempt(taken).finally(() => {
				this.queue.done(taken);
				this.pump();
				this.settle();
			});
		}
	}

	private take() {
		return this.stopped ? null : this.queue.take(this.limits);
	}

	private retry(job: Job, reason: string, askedMs = 0) {
		const next = { ...job, attempt: job.attempt + 1 };
		const { attempts, baseDelayMs, maxDelayMs } = this.timing;
		const fields = { userId: job.userId, origin: job.origin, attempt: next.attempt, reason };
		if (next.attempt >= attempts) return log.warn("push: given up after retries", fields);
		const backoff = Math.min(maxDelayMs, baseDelayMs * 2 ** job.attempt);
		const delay = Math.min(maxDelayMs, Math.max(askedMs, backoff * (0.5 + Math.random() / 2)));
		log.info("push: will retry", { ...fields, delayMs: Math.round(delay) });
		const timer = setTimeout(() => {
			this.retryTimers.delete(timer);
			if (this.stopped) return;
			this.enqueue(next);
			this.pump();
		}, delay);
		this.retryTimers.set(timer, next);
	}

	private async attempt(job: Job) {
		const { sub, userId, origin } = job;
		// A push service that takes the connection and never answers holds a send slot until this passes.
		const deadline = AbortSignal.timeout(this.timing.requestTimeoutMs);
		try {
			// Removed (sign-out, 410 from an earlier message) or moved to another account while this waited.
			if (!(await subscriptionStillThere(this.db, sub, userId))) return;
			// Again at send time: the host's addresses may have changed since the shopper subscribed.
			const target = await beforeDeadline(checkEndpoint(sub.endpoint, this.options.allowedOrigins), deadline);
			if (this.stopped) return;
			if (!target.ok) {
				if (target.temporary) return this.retry(job, target.problem);
				// Its host now resolves to a private address: no message will ever go there.
				await dropSubscription(this.db, sub.id);
				return log.warn("push: endpoint refused at send time, subscription removed", {
					userId,
					origin,
					problem: target.problem,
				});
			}
			const message = this.sealed(job, target.url);
			if (!message) return;
			const { headers, body } = message;
			const request = pinnedRequest(target.url, target.addresses, job.attempt, headers);
			const res = await fetch(request.url, {
				method: "POST",
				headers,
				body,
				redirect: "manual",
				// Bun's own per-request idle timeout keeps a coarse clock (seconds), so the deadlines are signals.
				signal: AbortSignal.any([deadline, AbortSignal.timeout(this.timing.answerTimeoutMs), this.abort.signal]),
				...(request.tls ? { tls: request.tls } : {}),
			});
			void res.body?.cancel().catch(() => {});
			if (this.stopped) return;
			await this.answered(job, res.status, res.headers.get("retry-after"));
		} catch (error) {
			if (this.stopped) return;
			this.retry(job, (error as Error).name === "TimeoutError" ? "timed out" : (error as Error).message);
		}
	}

	/**
	 * The message encrypted to the subscription's keys and signed with ours, or null when that fails: our own
	 * fault (a key or payload we cannot use), which no retry mends, so it is logged as an error and dropped.
	 */
	private sealed(job: Job, url: URL) {
		try {
			const details = webpush.generateRequestDetails(
				{ endpoint: job.sub.endpoint, keys: { p256dh: job.sub.p256dh, auth: job.sub.auth } },
				job.body,
				{
					// No vapidDetails: signed below, since web-push's own signing reads the endpoint with the
					// deprecated url.parse, whose warning would alarm an operator reading the log.
					contentEncoding: "aes128gcm",
					TTL: this.timing.ttlSeconds,
					urgency: "high",
					...(job.topic ? { topic: job.topic } : {}),
				},
			);
			const headers = new Headers();
			for (const [name, value] of Object.entries(details.headers)) {
				if (name.toLowerCase() !== "content-length") headers.set(name, String(value));
			}
			const { subject, publicKey, privateKey } = this.options.vapid;
			const vapid = webpush.getVapidHeaders(url.origin, subject, publicKey, privateKey, "aes128gcm");
			headers.set("authorization", vapid.Authorization);
			return { headers, body: new Uint8Array(details.body as Buffer) };
		} catch (error) {
			log.error("push: could not encrypt or sign a message, dropped", {
				userId: job.userId,
				origin: job.origin,
				err: error,
			});
			return null;
		}
	}

	private async answered(job: Job, status: number, retryAfter: string | null) {
		const fields = { userId: job.userId, origin: job.origin, status };
		if (status >= 200 && status < 300) {
			this.refusals.delete(job.sub.id);
			return log.debug("push: delivered", fields);
		}
		if (status === 404 || status === 410) {
			await dropSubscription(this.db, job.sub.id);
			return log.info("push: subscription gone, removed", fields);
		}
		if (status === 429 || status >= 500) return this.retry(job, `status ${status}`, retryAfterMs(retryAfter));
		// 400 and 413 mean a message we built wrong, 403 a VAPID key the subscription was not made with;
		// a redirect is not followed (the endpoint check approved this address, not another). One such answer
		// drops the message; a subscription refused message after message will never take one, and goes.
		const refused = (this.refusals.get(job.sub.id) ?? 0) + 1;
		if (refused >= REFUSALS_BEFORE_REMOVAL) {
			this.refusals.delete(job.sub.id);
			await dropSubscription(this.db, job.sub.id);
			return log.warn("push: refused by the push service again and again, subscription removed", fields);
		}
		this.refusals.set(job.sub.id, refused);
		log.warn("push: refused by the push service, message dropped", fields);
	}
}

/** `work`, or its deadline's TimeoutError once that passes first (the work is left to finish unheard). */
function beforeDeadline<T>(work: Promise<T>, deadline: AbortSignal): Promise<T> {
	return new Promise<T>((resolve, reject) => {
		const onAbort = () => reject(deadline.reason);
		if (deadline.aborted) return onAbort();
		deadline.addEventListener("abort", onAbort, { once: true });
		work.then(resolve, reject).finally(() => deadline.removeEventListener("abort", onAbort));
	});
}

/**
 * The request to one of the checked addresses, with the endpoint's host in Host and in TLS (SNI and the
 * certificate check): the host is not looked up again, so DNS cannot answer differently in between.
 */
export function pinnedRequest(url: URL, addresses: readonly string[], attempt: number, headers: Headers) {
	const address = addresses[attempt % Math.max(1, addresses.length)];
	if (!address || isIP(url.hostname.replace(/^\[|\]$/g, ""))) return { url: url.href, tls: undefined };
	const pinned = new URL(url.href);
	pinned.hostname = isIP(address) === 6 ? `[${address}]` : address;
	headers.set("host", url.host);
	return { url: pinned.href, tls: url.protocol === "https:" ? { serverName: url.hostname } : undefined };
}
