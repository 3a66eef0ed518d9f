import type { Db } from "../db.ts";

export type CategoryJson = { id: number; name: string; tags: { id: number; slug: string; name: string }[] };

type CategoryTagRow = {
	id: number;
	name: string;
	tagId: number | null;
	tagSlug: string | null;
	tagName: string | null;
};
const CATEGORIES_SQL = `
  SELECT c.id AS id, c.name AS name, t.id AS tagId, t.slug AS tagSlug, t.name AS tagName
  FROM product_categories c LEFT JOIN product_tags t ON t.category_id = c.id
  ORDER BY c.id, t.id`;

/** Every category with its tags, in taxonomy order (spec §3 "Category"). */
export function listCategories(db: Db): CategoryJson[] {
	const rows = db.$client.query<CategoryTagRow, []>(CATEGORIES_SQL).all();
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

/** A category's name and slug, and the slugs of its tags; null for an unknown id. */
export function getCategoryWithTagSlugs(db: Db, categoryId: number) {
	const category = db.$client
		.query<{ id: number; name: string; slug: string }, [number]>(
			"SELECT id, name, slug FROM product_categories WHERE id = ?1",
		)
		.get(categoryId);
	if (!category) return null;
	const slugs = db.$client
		.query<{ slug: string }, [number]>("SELECT slug FROM product_tags WHERE category_id = ?1")
		.all(categoryId)
		.map((t) => t.slug);
	return { ...category, tagSlugs: new Set(slugs) };
}
