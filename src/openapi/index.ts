/** The API's OpenAPI document and its reference page. */
export { openApiDocument } from "./document.ts";
export { apiReferenceRoutes } from "./reference.ts";
