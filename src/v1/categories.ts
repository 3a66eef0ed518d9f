/** GET /api/v1/categories (decision 0068): the slugs the product route takes, with each category's group. */
import { asc, eq } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { productCategories } from "../../db/schema.ts";
import type { Db } from "../db.ts";
import type { CategoryList } from "./schemas.ts";

const groups = alias(productCategories, "category_group");

/** Every category in taxonomy order, with its group's slug (null for a top-level one). */
export function categoryList(db: Db): CategoryList {
	return db
		.select({
			id: productCategories.id,
			slug: productCategories.slug,
			name: productCategories.name,
			group: groups.slug,
		})
		.from(productCategories)
		.leftJoin(groups, eq(groups.id, productCategories.parentCategoryId))
		.orderBy(asc(productCategories.id))
		.all();
}
