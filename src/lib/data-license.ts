/** The open-data export's licence settings (DATA_LICENSE, DATA_ATTRIBUTION; decision 0069), read by env.ts. */
import * as v from "valibot";

/**
 * The licence URLs of the SPDX identifiers an open-data operator usually picks for DATA_LICENSE (decision 0069).
 * Only these, or a LicenseRef- of the operator's own, are accepted: a mistyped identifier would stamp every
 * export with a licence nobody can look up.
 */
export const DATA_LICENSE_URLS: Record<string, string> = {
	"ODbL-1.0": "https://opendatacommons.org/licenses/odbl/1-0/",
	"ODC-By-1.0": "https://opendatacommons.org/licenses/by/1-0/",
	"PDDL-1.0": "https://opendatacommons.org/licenses/pddl/1-0/",
	"CC0-1.0": "https://creativecommons.org/publicdomain/zero/1.0/",
	"CC-BY-4.0": "https://creativecommons.org/licenses/by/4.0/",
	"CC-BY-SA-4.0": "https://creativecommons.org/licenses/by-sa/4.0/",
	"CDLA-Permissive-2.0": "https://cdla.dev/permissive-2-0/",
	"CDLA-Sharing-1.0": "https://cdla.dev/sharing-1-0/",
};
export const DEFAULT_DATA_LICENSE = "ODbL-1.0";
export const DEFAULT_DATA_ATTRIBUTION = "CommonCents contributors";
const LICENSE_REF = /^LicenseRef-[A-Za-z0-9.-]{1,64}$/;
/** SPDX matches identifiers case-insensitively: "odbl-1.0" is "ODbL-1.0". */
const knownLicense = (id: string) => Object.keys(DATA_LICENSE_URLS).find((k) => k.toLowerCase() === id.toLowerCase());

export const OpenDataSchema = v.object({
	DATA_LICENSE: v.optional(
		v.pipe(
			v.string(),
			v.trim(),
			v.check(
				(s) => knownLicense(s) !== undefined || LICENSE_REF.test(s),
				`DATA_LICENSE must be an SPDX identifier among ${Object.keys(DATA_LICENSE_URLS).join(", ")}, or LicenseRef-<name> for a licence of your own`,
			),
			v.transform((s) => knownLicense(s) ?? s),
		),
		DEFAULT_DATA_LICENSE,
	),
	DATA_ATTRIBUTION: v.optional(
		v.pipe(
			v.string(),
			v.trim(),
			v.minLength(1, "DATA_ATTRIBUTION must not be blank"),
			v.maxLength(200, "DATA_ATTRIBUTION must be at most 200 characters"),
			// One line: it is a CSV cell and a JSON field, and a credit line.
			v.regex(/^[^\p{Cc}]+$/u, "DATA_ATTRIBUTION must be one line without control characters"),
		),
		DEFAULT_DATA_ATTRIBUTION,
	),
});

export type OpenDataSettings = { license: string; licenseUrl: string | null; attribution: string };

export const openDataSettingsOf = (e: v.InferOutput<typeof OpenDataSchema>): OpenDataSettings => ({
	license: e.DATA_LICENSE,
	licenseUrl: DATA_LICENSE_URLS[e.DATA_LICENSE] ?? null,
	attribution: e.DATA_ATTRIBUTION,
});
