/**
 * A written price, announced: the write tells whoever listens (alerts, on both threads) twice. First inside
 * its transaction, once the price is stored, so that what a listener records there (an alert's hit) commits
 * or rolls back with the price; then once that transaction has committed, on the thread that answers the
 * request, with what each listener recorded (delivery to open tabs and devices). The pipeline imports none of
 * its listeners: they are subscribed where the process is put together (src/runtime.ts, the writer thread's
 * entry src/report-writer-thread.ts, an import's run), each process its own.
 */
import type { FuelPayment, FuelType, PriceType } from "../../db/enums.ts";
import type { Place } from "../data/places.ts";
import type { Tx } from "../data/transaction.ts";

/**
 * What was priced: a product (its name as typed, its category, its terms: a multi-buy's bundle beside the price
 * of one) or a fuel (cash or card only, or null for either).
 */
export type PricedThing =
	| {
			market: "product";
			productName: string;
			categoryId: number;
			priceType?: PriceType;
			multiQuantity?: number | null;
			multiPriceCents?: number | null;
	  }
	| { market: "fuel"; fuelType: FuelType; payment?: FuelPayment | null };

/** A price just written (and live), as its listeners are told of it: plain data. */
export type WrittenPrice = PricedThing & {
	id: number;
	userId: string;
	/** In the market's unit: cents, or mills. */
	price: number;
	/** The store or station it was reported at. */
	place: Place;
	/** The ZIP it counts in: its place's. */
	zip: string;
	/** The ids of the reporter's earlier reports of it there that it replaced. */
	replaces: number[];
};

/**
 * One listener of written prices, named: a thread that writes and a thread that answers subscribe the same
 * listener by the same name, and what one records reaches the other's `committed` under it.
 */
export type PriceListener<Note = unknown> = {
	name: string;
	/**
	 * Inside the write's transaction, once the price is stored: what it writes commits with the price. It must
	 * not throw (the price must still be stored and answered); it answers what to hand on once committed,
	 * as plain data (it may cross from the writer thread).
	 */
	written?: (tx: Tx, price: WrittenPrice) => Note[];
	/** Once the write has committed, on the thread that answers: what `written` recorded. */
	committed?: (notes: Note[]) => void;
};

/** What the listeners recorded inside one write, by listener name: the part of a write's result handed on. */
export type Heard = Record<string, unknown[]>;

/** The listeners of one process's written prices; built where it is put together. */
export class PriceEvents {
	private readonly listeners: PriceListener[] = [];

	/** Adds a listener; the events, for chaining. */
	on<Note>(listener: PriceListener<Note>): this {
		this.listeners.push(listener as PriceListener);
		return this;
	}

	/** Inside the write's transaction: tells every listener; what each recorded. */
	written(tx: Tx, price: WrittenPrice): Heard {
		const heard: Heard = {};
		for (const { name, written } of this.listeners) {
			const notes = written?.(tx, price);
			if (notes && notes.length > 0) heard[name] = notes;
		}
		return heard;
	}

	/** Once committed: hands each listener what it recorded. */
	committed(heard: Heard): void {
		for (const { name, committed } of this.listeners) {
			const notes = heard[name];
			if (notes && committed) committed(notes);
		}
	}
}
