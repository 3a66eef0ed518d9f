import { categoryTagRows } from "../data/categories.ts";
import type { Db } from "../db.ts";

export type CategoryJson = { id: number; name: string; tags: { id: number; slug: string; name: string }[] };

/** Every category with its tags, in taxonomy order (spec §3 "Category"). */
export async function listCategories(db: Db): Promise<CategoryJson[]> {
	const rows = await categoryTagRows(db);
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

export const CATEGORY_NOT_FOUND = "Category not found";
