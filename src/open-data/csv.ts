/**
 * The export's CSV (decision 0069): RFC 4180 (a header row, CRLF line ends, quotes where a cell needs them),
 * one row per price, products and fuel alike, with its store or station. The licence rides on every row
 * (license, license_url, attribution), so a row copied out of the file still says whose it is and on what terms.
 * A product's price terms (decision 0093) follow: its type, a sale's last day, a multi-buy's quantity and its
 * bundle's price (`price` is then one's share); a fuel's `payment`, cash or card where the price is for that only.
 */

export const CSV_COLUMNS = [
	"type",
	"id",
	"place_id",
	"place_name",
	"place_address",
	"place_zip_code",
	"product_name",
	"barcode",
	"category",
	"fuel_type",
	"price",
	"size_quantity",
	"size_unit",
	"zip_code",
	"reporter",
	"reported_at",
	"last_seen_at",
	"confirmations",
	"confidence",
	"license",
	"license_url",
	"attribution",
	// Added after the first version, so a reader of the columns above by position still finds them.
	"price_type",
	"sale_ends",
	"multi_quantity",
	"multi_price",
	"payment",
] as const;

export type CsvRow = Record<(typeof CSV_COLUMNS)[number], string | number | null>;

/**
 * What a spreadsheet would run as a formula (OWASP's CSV injection list): a shopper typed the text, so a
 * product called "=HYPERLINK(...)" must stay text.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** One cell: empty for null, a number as written, text defused and quoted where it must be. */
export function csvCell(value: string | number | null): string {
	if (value === null) return "";
	if (typeof value === "number") return String(value);
	const text = FORMULA_START.test(value) ? `'${value}` : value;
	return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export const csvLine = (cells: readonly (string | number | null)[]) => `${cells.map(csvCell).join(",")}\r\n`;

export const csvHeader = () => csvLine(CSV_COLUMNS);

export const csvRow = (row: CsvRow) => csvLine(CSV_COLUMNS.map((column) => row[column]));
