import { describe, expect, test } from "bun:test";
import { comparisonBadge } from "../gas/fuel.ts";
import { photoProblem } from "../uploads/upload.ts";
import { isTrustedContributor } from "../users/UserCard.tsx";
import { seenAgo, shortName, timeAgo } from "./format.ts";

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
