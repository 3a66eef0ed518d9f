/**
 * Where the bench database's people live (scripts/bench/seed.ts): real ZIP areas in clusters around real
 * centres, so every shopper's neighbourhood (their ZIP and its 20 nearest ZIP areas, src/lib/zip.ts) holds the
 * reports a real one would. Big metros hold most people, as a real user base does, and a few small towns and
 * rural places keep the sparse neighbourhoods, tens of miles wide, in the data.
 */
import { milesBetween } from "../../src/lib/zip.ts";
import { milesBetweenPlaces, zipTable } from "../../src/lib/zip-places.ts";
import { type Rng, rng, weightedPicker } from "./data.ts";

export type ClusterKind = "metro" | "town" | "rural";
/** A cluster: the ZIP areas within `miles` of a centre ZIP; `weight` is its share of people (metros: millions). */
export type Cluster = { name: string; centre: string; miles: number; weight: number; kind: ClusterKind };

// Towns and rural places weigh more than their census share: an app's early users are everywhere. A rural
// cluster reaches past its centre's 20 nearest areas, so that neighbourhood is whole.
const TOWN_WEIGHT = 0.3;
const RURAL_WEIGHT = 0.15;
const CLUSTER_ROWS: [ClusterKind, name: string, centre: string, miles: number, weight: number][] = [
	["metro", "New York", "10001", 16, 20],
	["metro", "Los Angeles", "90012", 20, 13],
	["metro", "Chicago", "60602", 18, 9.5],
	["metro", "Dallas", "75201", 22, 7.6],
	["metro", "Houston", "77002", 22, 7.1],
	["metro", "Philadelphia", "19107", 14, 6.2],
	["metro", "Atlanta", "30303", 20, 6.1],
	["metro", "Miami", "33130", 20, 6.1],
	["metro", "Boston", "02108", 14, 4.9],
	["metro", "Phoenix", "85004", 22, 4.8],
	["metro", "Seattle", "98101", 18, 4],
	["metro", "San Diego", "92101", 18, 3.3],
	["metro", "Denver", "80202", 18, 3],
	["metro", "San Antonio", "78205", 18, 2.6],
	["town", "Burlington, VT", "05401", 18, TOWN_WEIGHT],
	["town", "Ames, IA", "50010", 20, TOWN_WEIGHT],
	["town", "Missoula, MT", "59801", 35, TOWN_WEIGHT],
	["town", "Cheyenne, WY", "82001", 36, TOWN_WEIGHT],
	["rural", "Hazard, KY", "41701", 12, RURAL_WEIGHT],
	["rural", "Clarksdale, MS", "38614", 25, RURAL_WEIGHT],
	["rural", "Dodge City, KS", "67801", 42, RURAL_WEIGHT],
	["rural", "Valentine, NE", "69201", 52, RURAL_WEIGHT],
	["rural", "Presque Isle, ME", "04769", 36, RURAL_WEIGHT],
];
export const CLUSTERS: readonly Cluster[] = CLUSTER_ROWS.map(([kind, name, centre, miles, weight]) => ({
	kind,
	name,
	centre,
	miles,
	weight,
}));

export type ZipArea = {
	/** 5-digit ZIPs, each cluster's nearest its centre first. */
	zips: string[];
	weights: number[];
	/** Draws a ZIP's index in proportion to its weight. */
	pick: (r: Rng) => number;
};

/** A cluster's ZIP areas with their miles from its centre, nearest first (ties by ZIP). */
function clusterAreas(cluster: Cluster): { zip: number; miles: number }[] {
	const t = zipTable();
	const centre = t.placeOfZip[Number(cluster.centre)]! - 1;
	if (centre < 0) throw new Error(`cluster ${cluster.name}: ${cluster.centre} has no place`);
	const found: { zip: number; miles: number }[] = [];
	for (let place = 0; place < t.zips.length; place++) {
		if (t.isArea[place] === 0) continue;
		const miles = milesBetweenPlaces(t, centre, place);
		if (miles <= cluster.miles) found.push({ zip: t.zips[place]!, miles });
	}
	return found.sort((a, b) => a.miles - b.miles || a.zip - b.zip);
}

/**
 * At most `maxZips` ZIP areas over the clusters, each cluster cut to its nearest share when they must shrink.
 * People crowd a cluster's core and thin out steeply from it, as in a real city, and ZIPs differ in size (a
 * fixed draw per ZIP): neighbourhoods range from crowded (the search's worst case) to nearly empty.
 */
export function zipArea(maxZips: number): ZipArea {
	const areas = CLUSTERS.map(clusterAreas);
	const total = areas.reduce((n, a) => n + a.length, 0);
	const keep = Math.min(1, maxZips / total);
	const zips: string[] = [];
	const weights: number[] = [];
	const seen = new Set<number>();
	for (const [c, found] of areas.entries()) {
		const { miles, weight } = CLUSTERS[c]!;
		const kept = found.slice(0, Math.max(1, Math.floor(found.length * keep))).filter((a) => !seen.has(a.zip));
		const shares = kept.map((a) => (0.5 + rng(a.zip)()) / (1 + ((7 * a.miles) / miles) ** 2));
		const sum = shares.reduce((s, x) => s + x, 0);
		for (const [i, a] of kept.entries()) {
			seen.add(a.zip);
			zips.push(String(a.zip).padStart(5, "0"));
			weights.push((weight * shares[i]!) / sum);
		}
	}
	return { zips, weights, pick: weightedPicker(weights) };
}

/** The cluster a ZIP lies in (the first whose centre is within its miles), or null. */
export function clusterOf(zip: string): Cluster | null {
	return (
		CLUSTERS.find((c) => {
			const miles = milesBetween(zip, c.centre);
			return miles !== null && miles <= c.miles;
		}) ?? null
	);
}
