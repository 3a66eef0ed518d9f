/** The open-data export's wire contract: the formats a download may ask for (format.ts is pure). */
export { EXPORT_FORMATS, type ExportFormat } from "./format.ts";
