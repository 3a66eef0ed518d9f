/**
 * The product taxonomy (product_categories and product_tags): the whole list with its tags, read on every
 * page load (raw, measured by the benchmarks: docs/performance.md), one category by id or slug, the read
 * API's list with each category's group, and the slugs at the taxonomy's top.
 */
import { asc, eq } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { productCategories, productTags } from "../../db/schema.ts";
import type { Db } from "../db.ts";
import type { Stored, StoredPick } from "../lib/stored.ts";
import type { Tx } from "./transaction.ts";

type CategoryTagRow = StoredPick<typeof productCategories, "id" | "name"> & {
	tagId: Stored<typeof productTags.id> | null;
	tagSlug: Stored<typeof productTags.slug> | null;
	tagName: Stored<typeof productTags.name> | null;
};
const CATEGORIES_SQL = `
  SELECT c.id AS id, c.name AS name, t.id AS tagId, t.slug AS tagSlug, t.name AS tagName
  FROM product_categories c LEFT JOIN product_tags t ON t.category_id = c.id
  ORDER BY c.id, t.id`;

/** Every category with each of its tags (a row per tag; null tag columns for a category without any). */
export async function categoryTagRows(db: Db) {
	return db.$client.query<CategoryTagRow, []>(CATEGORIES_SQL).all();
}

const groups = alias(productCategories, "category_group");

/** A category's name and slug, its group's slug (null at the top), and the slugs of its tags; null for an unknown id. */
export async function getCategoryWithTagSlugs(db: Db, categoryId: number) {
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

/** A category by its slug (a chip's group is a category too), or null. */
export async function categoryBySlug(db: Db, slug: string) {
	return (
		db
			.select({ id: productCategories.id, name: productCategories.name })
			.from(productCategories)
			.where(eq(productCategories.slug, slug))
			.get() ?? null
	);
}

/** Every category in taxonomy order, with its group's slug (null for a top-level one). */
export async function categoriesWithGroups(db: Db) {
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

/** The slugs of the categories at the top of the taxonomy (no group above them): every report is under one. */
export async function topCategorySlugs(db: Db): Promise<Stored<typeof productCategories.slug>[]> {
	return db.$client
		.query<{ slug: string }, []>("SELECT slug FROM product_categories WHERE parent_category_id IS NULL ORDER BY id")
		.all()
		.map((r) => r.slug);
}

/** Whether a category of this id exists, read inside the transaction that writes what refers to it. */
export function categoryExistsIn(tx: Tx, id: number): boolean {
	return Boolean(
		tx.select({ id: productCategories.id }).from(productCategories).where(eq(productCategories.id, id)).get(),
	);
}
