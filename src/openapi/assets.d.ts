/** Swagger UI's files and the reference page's stylesheet, imported as embedded files or text (reference.ts). */
declare module "swagger-ui-dist/swagger-ui-bundle.js" {
	const path: string;
	export default path;
}

declare module "swagger-ui-dist/swagger-ui.css" {
	const path: string;
	export default path;
}

declare module "*/reference-page.css" {
	const text: string;
	export default text;
}
