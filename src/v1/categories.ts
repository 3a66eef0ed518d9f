/** GET /api/v1/categories (decision 0068): the slugs the product route takes, with each category's group. */
import { categoriesWithGroups } from "../data/categories.ts";
import type { Db } from "../db.ts";
import type { CategoryList } from "./schemas.ts";

/** Every category in taxonomy order, with its group's slug (null for a top-level one). */
export async function categoryList(db: Db): Promise<CategoryList> {
	return categoriesWithGroups(db);
}
