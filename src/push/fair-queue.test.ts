import { describe, expect, test } from "bun:test";
import { FairQueue } from "./fair-queue.ts";

type Job = { userId: string; origin: string; n: number };
const limits = { concurrency: 4, perShopper: 2, perOrigin: 2 };

/** Takes until nothing more may go; the jobs taken, in order. */
const drain = (queue: FairQueue<Job>, at = limits) => {
	const taken: Job[] = [];
	for (let job = queue.take(at); job; job = queue.take(at)) taken.push(job);
	return taken;
};

describe("FairQueue", () => {
	test("shoppers take turns, each with at most their share of the slots", () => {
		const queue = new FairQueue<Job>();
		for (let n = 0; n < 5; n++) queue.push({ userId: "a", origin: `https://a${n}.example`, n });
		queue.push({ userId: "b", origin: "https://b.example", n: 5 });
		const taken = drain(queue);
		expect(taken.map((j) => j.n)).toEqual([0, 5, 1]);
		expect(queue.waiting).toBe(3);
		queue.done(taken[0]!);
		expect(drain(queue).map((j) => j.n)).toEqual([2]);
	});

	test("a push service's origin holds at most its share, whoever the messages are for", () => {
		const queue = new FairQueue<Job>();
		for (let n = 0; n < 4; n++) queue.push({ userId: `u${n}`, origin: "https://stuck.example", n });
		queue.push({ userId: "u9", origin: "https://fine.example", n: 9 });
		expect(drain(queue).map((j) => j.n)).toEqual([0, 1, 9]);
		expect(queue.sending).toBe(3);
	});

	test("a full queue drops the oldest message of the shopper with the most waiting", () => {
		const queue = new FairQueue<Job>();
		queue.push({ userId: "b", origin: "o", n: 0 });
		for (let n = 1; n <= 3; n++) queue.push({ userId: "a", origin: "o", n });
		expect(queue.dropOne()?.n).toBe(1);
		expect(queue.waiting).toBe(3);
		queue.clear();
		expect(queue.waiting).toBe(0);
		expect(queue.dropOne()).toBeUndefined();
	});
});
