/**
 * Seed data. ensureTaxonomy runs on every start (the categories are reference data the app needs);
 * seedDemo fills an empty database with a few users and stores so a first run has something to show.
 */
import { count, getTableName } from "drizzle-orm";
import type { Db } from "../src/db.ts";
import { placeLookupKey } from "../src/lib/normalize.ts";
import { productCategories, productTags, stores, users } from "./schema.ts";
import { TAXONOMY, slugify } from "./taxonomy.ts";

export function ensureTaxonomy(db: Db): number {
  // Plain SQL for the check that every start makes: drizzle's first query costs about 2 ms of setting up,
  // before listening, and the taxonomy is almost always there already.
  const present = db.$client
    .query<{ found: number }, []>(`SELECT EXISTS (SELECT 1 FROM ${getTableName(productCategories)}) AS found`)
    .get();
  if (present?.found) return 0;
  db.transaction(
    (tx) => {
      for (const category of TAXONOMY) {
        const row = tx
          .insert(productCategories)
          .values({ name: category.name, slug: category.slug, description: category.description })
          .returning({ id: productCategories.id })
          .get();
        tx.insert(productTags)
          .values(category.tags.map((name) => ({ name, slug: slugify(name), categoryId: row.id })))
          .run();
      }
    },
    { behavior: "immediate" },
  );
  return TAXONOMY.length;
}

export const DEMO_PASSWORD = "DemoPass1!";
const DEMO_USERS = [
  { username: "maria", firstName: "Maria", lastName: "Lopez", zipCode: "10001" },
  { username: "james", firstName: "James", lastName: "Chen", zipCode: "10003" },
  { username: "priya", firstName: "Priya", lastName: "Patel", zipCode: "10011" },
];
const DEMO_STORES = [
  { name: "FreshMart", address: "120 W 23rd St", zipCode: "10001", phone: "(212) 555-0101" },
  { name: "Corner Grocery", address: "45 E 14th St", zipCode: "10003", phone: "(212) 555-0144" },
  { name: "Green Valley Market", address: "310 8th Ave", zipCode: "10011", phone: null },
  { name: "TechHub Electronics", address: "88 Broadway", zipCode: "10006", phone: "(212) 555-0199" },
];

/** Adds demo users and stores to a database that has no users yet; returns what it added. */
export async function seedDemo(db: Db): Promise<{ users: number; stores: number }> {
  ensureTaxonomy(db);
  if ((db.select({ n: count() }).from(users).get()?.n ?? 0) > 0) return { users: 0, stores: 0 };
  const password = await Bun.password.hash(DEMO_PASSWORD, { algorithm: "argon2id" });
  db.transaction(
    (tx) => {
      tx.insert(users).values(DEMO_USERS.map((u) => ({ ...u, password }))).run();
      tx.insert(stores)
        .values(DEMO_STORES.map((s) => ({ ...s, lookupKey: placeLookupKey(s.name, s.address) })))
        .onConflictDoNothing()
        .run();
    },
    { behavior: "immediate" },
  );
  return { users: DEMO_USERS.length, stores: DEMO_STORES.length };
}
