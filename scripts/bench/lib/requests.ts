/** The request mixes the load generator cycles through: reads as signed-in users, and varied price reports. */
import { rng } from "../data.ts";
import type { CatalogueItem } from "./dataset.ts";
import type { Req } from "./load.ts";
import type { BenchUser } from "./server.ts";

const withCookie = (u: BenchUser) => ({ Cookie: u.cookie, Accept: "application/json" });

/** One GET per user (each user's own zip decides what "nearby" means). */
export const asUsers = (users: BenchUser[], path: string): Req[] =>
	users.map((u) => ({ path, headers: withCookie(u) }));

/** Search for `q` around each zip in turn (the 20-zip radius), as the users in turn. */
export function searchReqs(users: BenchUser[], q: string, zips: string[]): Req[] {
	const reqs: Req[] = [];
	const n = Math.max(zips.length, users.length);
	for (let i = 0; i < n; i++) {
		const zip = zips[i % zips.length]!;
		reqs.push({
			path: `/api/search?q=${encodeURIComponent(q)}&zipCode=${encodeURIComponent(zip)}`,
			headers: withCookie(users[i % users.length]!),
		});
	}
	return reqs;
}

const STORES = ["FreshMart", "Corner Grocery", "Green Valley Market", "SaveMore", "Daily Foods", "City Pharmacy"];
const STREETS = ["Main St", "Oak Ave", "2nd St", "Park Rd", "Elm St", "Broadway"];

/**
 * `count` POST /api/price-reports bodies: products from the database's own catalogue at plausible prices
 * (within 12% of the typical price, so the quality check accepts them), a handful of stores per zip, the
 * users in turn; half report in their own zip, half in vacation mode across the zips with data.
 */
export function writeReqs(
	users: BenchUser[],
	catalogue: CatalogueItem[],
	zips: string[],
	origin: string,
	count = 4000,
): Req[] {
	// Seeded, so every run posts the same reports.
	const r = rng(7);
	const pick = <T>(xs: T[]) => xs[Math.floor(r() * xs.length)]!;
	const reqs: Req[] = [];
	for (let i = 0; i < count; i++) {
		const user = users[i % users.length]!;
		const item = pick(catalogue);
		const vacation = i % 2 === 1 || !user.zip;
		const cents = Math.max(1, Math.round(item.cents * (0.88 + r() * 0.24)));
		const store = Math.floor(r() * 4);
		const body: Record<string, unknown> = {
			productName: item.productName,
			price: (cents / 100).toFixed(2),
			categoryId: item.categoryId,
			tags: item.tags,
			storeName: `${STORES[store]} #${100 + store}`,
			storeAddress: `${10 + store * 7} ${STREETS[store]}`,
			availability: "in-stock",
		};
		if (r() < 0.3)
			body.description = `Seen on the shelf at ${new Date(Date.UTC(2026, 0, 1 + (i % 300))).toDateString()}`;
		if (vacation) {
			body.vacationMode = true;
			body.reportZipCode = pick(zips);
		}
		reqs.push({
			method: "POST",
			path: "/api/price-reports",
			headers: { ...withCookie(user), Origin: origin, "Content-Type": "application/json" },
			body: JSON.stringify(body),
		});
	}
	return reqs;
}
