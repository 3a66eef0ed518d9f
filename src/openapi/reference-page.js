/**
 * The API reference page's one script (served by reference.ts, after Swagger UI's bundle): Swagger UI over
 * this server's contract. A file of its own, so the page's Content-Security-Policy allows no inline script.
 */
const { SwaggerUIBundle } = window;

/**
 * Swagger UI's BaseLayout without its own <main> (the page has one, around the title too, so every part of
 * the page is in a landmark), with loading and failure said in words.
 */
function ReferenceLayoutPlugin({ React }) {
	const h = React.createElement;
	const message = (role, text, ...more) =>
		h("div", { className: "reference-status", role }, h("p", null, text), ...more);
	function ReferenceLayout({ getComponent, specSelectors }) {
		const Errors = getComponent("errors", true);
		const status = specSelectors.loadingStatus();
		if (status === "failed" || status === "failedConfig") {
			return message("alert", "The API reference could not be loaded. Reload the page to try again.", h(Errors));
		}
		if (status !== "success" || !specSelectors.specStr()) return message("status", "Loading the API reference…");
		const Row = getComponent("Row");
		const Col = getComponent("Col");
		const full = (child, className) => h(Row, { className }, h(Col, { mobile: 12, desktop: 12 }, child));
		return h(
			"div",
			{ className: "swagger-ui" },
			h(getComponent("SvgAssets")),
			h(Errors),
			full(h(getComponent("InfoContainer", true)), "information-container"),
			specSelectors.securityDefinitions()
				? h(
						"div",
						{ className: "scheme-container" },
						h(Col, { className: "schemes wrapper", mobile: 12 }, h(getComponent("AuthorizeBtnContainer", true))),
					)
				: null,
			h(getComponent("FilterContainer", true)),
			// Swagger UI's title is an h1 and its groups h3: this keeps the outline whole.
			full(h("h2", { className: "reference-operations" }, "Operations")),
			full(h(getComponent("operations", true))),
			full(h(getComponent("Models", true))),
		);
	}
	return { components: { ReferenceLayout } };
}

window.ui = SwaggerUIBundle({
	url: "/api/openapi.json",
	dom_id: "#swagger-ui",
	presets: [SwaggerUIBundle.presets.apis],
	plugins: [ReferenceLayoutPlugin],
	layout: "ReferenceLayout",
	// An operation's path is then text, not a link nested in the button that opens the operation.
	deepLinking: false,
	// The groups start closed: on a phone the page opens as a list of features, each a tap from its routes.
	docExpansion: "none",
	defaultModelsExpandDepth: 0,
	// Swagger UI would otherwise send the contract to validator.swagger.io for a badge.
	validatorUrl: null,
	// "Try it out" runs a call as the signed-in shopper, with this tab's cookie.
	withCredentials: true,
});

// An example or a response body wider than a phone scrolls: each code block is made a tab stop, so a
// keyboard can reach it and scroll it too. Swagger UI draws them as operations open, hence the observer.
const reachable = (root) => {
	for (const block of root.querySelectorAll("pre:not([tabindex])")) block.setAttribute("tabindex", "0");
};
const target = document.getElementById("swagger-ui");
if (target) new MutationObserver(() => reachable(target)).observe(target, { childList: true, subtree: true });
