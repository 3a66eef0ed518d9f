/** The headers every answer carries, apart from the middleware that sets them (health answers without it). */

const CONTENT_SECURITY_POLICY = [
	"default-src 'self'",
	// The barcode decoder is WebAssembly (our own file): compiling it needs 'wasm-unsafe-eval', not 'unsafe-eval'.
	"script-src 'self' 'wasm-unsafe-eval'",
	"style-src 'self' 'unsafe-inline'",
	"img-src 'self' data: blob:",
	"connect-src 'self'",
	"font-src 'self' data:",
	// The offline app shell (/sw.js) and the install manifest; named so a tighter default-src cannot drop them.
	"worker-src 'self'",
	"manifest-src 'self'",
	"object-src 'none'",
	"base-uri 'self'",
	"form-action 'self'",
	"frame-ancestors 'none'",
].join("; ");

/**
 * The headers every answer carries (OWASP's secure-headers set, as Hono's secureHeaders() would send them
 * with our policy). Written out once: computing or copying them per request was a tenth of a request's cost.
 */
export const SECURITY_HEADERS: ReadonlyArray<[string, string]> = [
	["content-security-policy", CONTENT_SECURITY_POLICY],
	["cross-origin-opener-policy", "same-origin"],
	["cross-origin-resource-policy", "same-origin"],
	["origin-agent-cluster", "?1"],
	["permissions-policy", "camera=(self), microphone=(), geolocation=()"],
	["referrer-policy", "strict-origin-when-cross-origin"],
	["strict-transport-security", "max-age=15552000; includeSubDomains"],
	["x-content-type-options", "nosniff"],
	["x-dns-prefetch-control", "off"],
	["x-download-options", "noopen"],
	["x-frame-options", "DENY"],
	["x-permitted-cross-domain-policies", "none"],
	["x-xss-protection", "0"],
];
