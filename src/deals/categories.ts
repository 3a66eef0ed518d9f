import { eq } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { productCategories, productTags } from "../../db/schema.ts";
import type { Db } from "../db.ts";
import { categoryTagRows } from "./deals.sql.ts";

export type CategoryJson = { id: number; name: string; tags: { id: number; slug: string; name: string }[] };

/** Every category with its tags, in taxonomy order (spec §3 "Category"). */
export function listCategories(db: Db): CategoryJson[] {
	const rows = categoryTagRows(db);
	const byId = new Map<number, CategoryJson>();
	for (const row of rows) {
		let category = byId.get(row.id);
		if (!category) {
			category = { id: row.id, name: row.name, tags: [] };
			byId.set(row.id, category);
		}
		if (row.tagId !== null && row.tagSlug !== null && row.tagName !== null) {
			category.tags.push({ id: row.tagId, slug: row.tagSlug, name: row.tagName });
		}
	}
	return [...byId.values()];
}

const groups = alias(productCategories, "category_group");

/** A category's name and slug, its group's slug (null at the top), and the slugs of its tags; null for an unknown id. */
export function getCategoryWithTagSlugs(db: Db, categoryId: number) {
	const category = db
		.select({
			id: productCategories.id,
			name: productCategories.name,
			slug: productCategories.slug,
			groupSlug: groups.slug,
		})
		.from(productCategories)
		.leftJoin(groups, eq(groups.id, productCategories.parentCategoryId))
		.where(eq(productCategories.id, categoryId))
		.get();
	if (!category) return null;
	const slugs = db
		.select({ slug: productTags.slug })
		.from(productTags)
		.where(eq(productTags.categoryId, categoryId))
		.all()
		.map((t) => t.slug);
	return { ...category, tagSlugs: new Set(slugs) };
}

export const CATEGORY_NOT_FOUND = "Category not found";

/** A category by its slug (a chip's group is a category too), or null. */
export function categoryBySlug(db: Db, slug: string) {
	return (
		db
			.select({ id: productCategories.id, name: productCategories.name })
			.from(productCategories)
			.where(eq(productCategories.slug, slug))
			.get() ?? null
	);
}
