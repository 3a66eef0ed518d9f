/**
 * The push sender's waiting messages, shared fairly. A push endpoint is an address a shopper chose: one whose
 * service never answers holds a send slot for a whole try. So each shopper, and each push service (origin),
 * may hold only a few of the slots at once, and shoppers take turns: one account's stuck devices, or one
 * stuck service, leave the other slots to everyone else's messages.
 */

/** What a waiting message is keyed by. */
export type Keyed = { userId: string; origin: string };

/** Sends in flight at most: in all, per shopper, per push service origin. */
export type FairLimits = { concurrency: number; perShopper: number; perOrigin: number };

const bump = (counts: Map<string, number>, key: string, by: number) => {
	const next = (counts.get(key) ?? 0) + by;
	if (next > 0) counts.set(key, next);
	else counts.delete(key);
};

export class FairQueue<J extends Keyed> {
	/** Each shopper's waiting messages, oldest first; the map's order is the shoppers' turn. */
	private readonly lanes = new Map<string, J[]>();
	private readonly byShopper = new Map<string, number>();
	private readonly byOrigin = new Map<string, number>();
	private waitingCount = 0;
	private sendingCount = 0;

	/** Messages waiting for a slot. */
	get waiting() {
		return this.waitingCount;
	}

	/** Messages taken and not yet done. */
	get sending() {
		return this.sendingCount;
	}

	push(job: J) {
		const lane = this.lanes.get(job.userId);
		if (lane) lane.push(job);
		else this.lanes.set(job.userId, [job]);
		this.waitingCount++;
	}

	/**
	 * The next message that may go now: the oldest of the first shopper in turn who has a slot left, whose push
	 * service has one too. That shopper goes to the back of the turn. Null when none may go.
	 */
	take(limits: FairLimits): J | null {
		if (this.sendingCount >= limits.concurrency) return null;
		for (const [userId, lane] of this.lanes) {
			if ((this.byShopper.get(userId) ?? 0) >= limits.perShopper) continue;
			const at = lane.findIndex((job) => (this.byOrigin.get(job.origin) ?? 0) < limits.perOrigin);
			if (at < 0) continue;
			const [job] = lane.splice(at, 1) as [J];
			this.lanes.delete(userId);
			if (lane.length > 0) this.lanes.set(userId, lane);
			this.waitingCount--;
			this.sendingCount++;
			bump(this.byShopper, userId, 1);
			bump(this.byOrigin, job.origin, 1);
			return job;
		}
		return null;
	}

	/** A taken message is done (sent, refused, or waiting for a retry): its slots are free again. */
	done(job: J) {
		this.sendingCount--;
		bump(this.byShopper, job.userId, -1);
		bump(this.byOrigin, job.origin, -1);
	}

	/** Drops the oldest message of the shopper with the most waiting: a full queue costs its biggest user. */
	dropOne(): J | undefined {
		let longest: J[] | undefined;
		let owner = "";
		for (const [userId, lane] of this.lanes) {
			if (!longest || lane.length > longest.length) [longest, owner] = [lane, userId];
		}
		const dropped = longest?.shift();
		if (!dropped) return undefined;
		if (longest?.length === 0) this.lanes.delete(owner);
		this.waitingCount--;
		return dropped;
	}

	/** Forgets every waiting message (the slots of those in flight stay counted until they are done). */
	clear() {
		this.lanes.clear();
		this.waitingCount = 0;
	}
}
