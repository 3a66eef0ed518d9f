/** The error helpers live in the catalogue of error bodies (errors.ts); this name stays for the many importers. */
export {
	badRequest,
	conflict,
	forbidden,
	HttpError,
	type Issue,
	notFound,
	tooManyRequests,
	unauthorized,
} from "./errors.ts";
