import { describe, expect, test } from "bun:test";
import { comparisonBadge } from "../gas/fuel.ts";
import { stillNeeded } from "../gas/ReportGasModal.tsx";
import { photoProblem } from "../uploads/upload.ts";
import { isTrustedContributor } from "../users/UserCard.tsx";
import { formatCurrency, seenAgo, shortName, timeAgo } from "./format.ts";
import { formatFuelPrice, fuelPriceText } from "./fuel.ts";
import { stillNeededText } from "./SubmitButton.tsx";

// The web app's rules with an edge, at their edges (spec §9), where a browser test would need days or megabytes.

describe("timeAgo", () => {
	const now = Date.parse("2026-11-25T12:00:00Z");
	const ago = (ms: number) => timeAgo(new Date(now - ms).toISOString(), now);
	const MIN = 60_000;
	const DAY = 24 * 60 * MIN;
	test("minutes, hours, days up to a week, then the date", () => {
		expect(ago(59_000)).toBe("just now");
		expect(ago(MIN)).toBe("1 min ago");
		expect(ago(59 * MIN)).toBe("59 min ago");
		expect(ago(60 * MIN)).toBe("1 hr ago");
		expect(ago(DAY - 1)).toBe("23 hr ago");
		expect(ago(DAY)).toBe("1 day ago");
		expect(ago(7 * DAY + 23 * 60 * MIN)).toBe("7 days ago");
		expect(ago(8 * DAY)).toMatch(/^Nov 1[78]$/); // the 17th in the browser's time zone, or the 18th east of +12
		expect(timeAgo(null, now)).toBe("never");
	});

	test("a price confirmed since it was reported says so, with the confirmation's age", () => {
		const at = (ms: number) => new Date(now - ms).toISOString();
		expect(seenAgo({ createdAt: at(2 * 60 * MIN), seenAt: at(2 * 60 * MIN) }, now)).toBe("2 hr ago");
		expect(seenAgo({ createdAt: at(2 * 60 * MIN), seenAt: at(5 * MIN) }, now)).toBe("Confirmed 5 min ago");
		expect(seenAgo({ createdAt: at(DAY), seenAt: at(10_000) }, now)).toBe("Confirmed just now");
	});
});

describe("prices", () => {
	test("fuel always to the tenth of a cent, pump and charger alike; a product's to the cent", () => {
		expect(formatFuelPrice(3.04, "regular")).toBe("$3.040");
		expect(formatFuelPrice(3, "diesel")).toBe("$3.000");
		expect(formatFuelPrice(3.399, "premium")).toBe("$3.399");
		expect(formatFuelPrice(0.39, "electric")).toBe("$0.390");
		expect(fuelPriceText(0.39, "electric")).toBe("$0.390/kWh");
		expect(fuelPriceText(3.459, "e85")).toBe("$3.459/gal");
		expect(formatCurrency(3.4)).toBe("$3.40");
		expect(formatCurrency(3)).toBe("$3.00");
		expect(formatCurrency(3.04, 3)).toBe("$3.040");
	});
});

describe("what a disabled Submit says is missing", () => {
	const empty = {
		stationName: "",
		stationAddress: "",
		stationZipCode: "",
		fuelType: "regular",
		price: "",
		defPrice: "",
		payment: "",
		vacationMode: false,
		reportZipCode: "",
	};
	test("the gas report's fields in the order it asks, blanks counted as empty, the zip only on vacation", () => {
		expect(stillNeeded(empty)).toEqual(["station name", "station address", "price"]);
		expect(stillNeeded({ ...empty, stationName: "Shell", stationAddress: "  ", price: "3.1" })).toEqual([
			"station address",
		]);
		expect(stillNeeded({ ...empty, stationName: "Shell", stationAddress: "1 Main", price: "3.1" })).toEqual([]);
		expect(
			stillNeeded({ ...empty, stationName: "Shell", stationAddress: "1 Main", price: "3.1", vacationMode: true }),
		).toEqual(["zip code where you found it"]);
		expect(stillNeededText(["price", "station address"])).toBe("Still needed: price, station address");
	});
});

describe("shortName", () => {
	test("first name and the last name's initial, in capitals however it was typed", () => {
		expect(shortName("Maria", "garcia")).toBe("Maria G.");
		expect(shortName(" Carl ", "  chen")).toBe("Carl C.");
		expect(shortName("Solo", null)).toBe("Solo");
		expect(shortName(null, null)).toBe("A neighbour");
	});
});

describe("the fuel comparison badge", () => {
	test("red only above +5%, green only below -5%, neutral at the edges themselves", () => {
		expect(comparisonBadge(5)).toMatchObject({
			text: "+5.0%",
			tone: "badge-ghost",
			label: "5.0% above the area average",
		});
		expect(comparisonBadge(5.1)).toMatchObject({ tone: "badge-error", label: "5.1% above the area average" });
		expect(comparisonBadge(-5)).toMatchObject({ text: "−5.0%", tone: "badge-ghost" });
		expect(comparisonBadge(-5.1)).toMatchObject({ tone: "badge-success", label: "5.1% below the area average" });
		expect(comparisonBadge(0)).toMatchObject({ text: "±0.0%", label: "At the area average" });
	});
});

describe("Trusted Contributor", () => {
	test("more than 10 price reports", () => {
		expect(isTrustedContributor(10)).toBe(false);
		expect(isTrustedContributor(11)).toBe(true);
		expect(isTrustedContributor(null)).toBe(false);
	});
});

describe("a chosen photo", () => {
	const photo = (bytes: number, type = "image/png") => new File([new Uint8Array(bytes)], "p.png", { type });
	test("up to 5 MB exactly, one image", () => {
		expect(photoProblem([photo(5 * 1024 * 1024)])).toBeNull();
		expect(photoProblem([photo(5 * 1024 * 1024 + 1)])).toBe("Photo must be 5 MB or smaller");
		expect(photoProblem([photo(10, "text/plain")])).not.toBeNull();
		expect(photoProblem([photo(10), photo(10)])).not.toBeNull();
	});
});
