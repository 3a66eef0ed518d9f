import { queryOptions } from "@tanstack/react-query";
import type { InferResponseType } from "hono/client";
import { api, unwrap } from "./client.ts";

export type Category = InferResponseType<typeof api.categories.$get, 200>[number];

/**
 * The product categories, for the report form, the alert form and the alert list. Kept under the deals prefix
 * (`["deals", ...]`), so whatever asks deal data again asks for these too.
 */
export const categoriesQuery = queryOptions({
	queryKey: ["deals", "categories"] as const,
	queryFn: () => unwrap(api.categories.$get()),
});
