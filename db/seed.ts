/**
 * Reference data: ensureTaxonomy runs on every start (the categories are data the app needs). The demo
 * shoppers and their reports, for a first run, are in demo.ts.
 */
import { eq, getTableName } from "drizzle-orm";
import type { Db } from "../src/db.ts";
import { productCategories, productTags } from "./schema.ts";
import { slugify, TAXONOMY } from "./taxonomy.ts";

export function ensureTaxonomy(db: Db): number {
	// Plain SQL for the check that every start makes: drizzle's first query costs some setting up before
	// listening, and the taxonomy is almost always there already.
	const present = db.$client
		.query<{ found: number }, []>(`SELECT EXISTS (SELECT 1 FROM ${getTableName(productCategories)}) AS found`)
		.get();
	if (present?.found) return 0;
	db.transaction(
		(tx) => {
			const ids = new Map<string, number>();
			for (const category of TAXONOMY) {
				const row = tx
					.insert(productCategories)
					.values({ name: category.name, slug: category.slug, description: category.description })
					.returning({ id: productCategories.id })
					.get();
				ids.set(category.slug, row.id);
				tx.insert(productTags)
					.values(category.tags.map((name) => ({ name, slug: slugify(name), categoryId: row.id })))
					.run();
			}
			for (const category of TAXONOMY) {
				if (!category.group) continue;
				tx.update(productCategories)
					.set({ parentCategoryId: ids.get(category.group) })
					.where(eq(productCategories.slug, category.slug))
					.run();
			}
		},
		{ behavior: "immediate" },
	);
	return TAXONOMY.length;
}
