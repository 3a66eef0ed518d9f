import { and, eq, sql } from "drizzle-orm";
import { type User, priceReports, stores, users } from "../../db/schema.ts";
import type { Db } from "../db.ts";
import type { Config } from "../env.ts";
import { badRequest, notFound } from "../lib/http.ts";
import { normalizeText, placeLookupKey } from "../lib/normalize.ts";
import { locToken } from "../lib/zip.ts";
import { matchAlertsForReport } from "../alerts/matching.ts";
import { assessProductPrice, expireOutliers, productHistory } from "../quality/product-check.ts";
import { getCategoryWithTagSlugs } from "./categories.ts";
import { REPORT_COLUMNS_SQL, type ReportRow, toReportJson } from "./read-shape.ts";
import type { PriceReportInput } from "./schemas.ts";

export const NO_ZIP_MESSAGE = "Set your zip code before reporting a price.";

export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** The store with this name and address in this zip, however it was typed; created on first report. */
function findOrCreateStore(tx: Tx, input: PriceReportInput, zip: string) {
  const lookupKey = placeLookupKey(input.storeName, input.storeAddress);
  const existing = tx
    .select({ id: stores.id })
    .from(stores)
    .where(and(eq(stores.zipCode, zip), eq(stores.lookupKey, lookupKey)))
    .get();
  if (existing) return existing.id;
  return tx
    .insert(stores)
    .values({ name: input.storeName, address: input.storeAddress, phone: input.storePhone, zipCode: zip, lookupKey })
    .returning({ id: stores.id })
    .get().id;
}

/**
 * Stores a checked report and moves the reporter's counters, all in one transaction.
 * `imageUrl` must already be resolved to one of our uploads (or null).
 */
export async function createPriceReport(
  db: Db,
  config: Config,
  user: User,
  input: PriceReportInput,
  imageUrl: string | null,
) {
  const zip = input.vacationMode ? input.reportZipCode : user.zipCode;
  if (!zip) throw badRequest(NO_ZIP_MESSAGE);
  const category = getCategoryWithTagSlugs(db, input.categoryId);
  if (!category) throw badRequest("Category is required", { issues: [{ path: "categoryId", message: "Unknown category" }] });
  const unknownTags = input.tags.filter((slug) => !category.tagSlugs.has(slug));
  if (unknownTags.length > 0) {
    throw badRequest(`Unknown tag for ${category.name}: ${unknownTags.join(", ")}`);
  }

  const key = { normalizedName: normalizeText(input.productName), categoryId: input.categoryId, zip };
  // Judged before the write transaction: the model may take its time, and no write lock is held meanwhile.
  const verdict = await assessProductPrice(db, config, key, category, input.price, input.productName);
  const { id, expirationAnalysis } = db.transaction(
    (tx) => {
      const history = productHistory(tx, key);
      const storeId = findOrCreateStore(tx, input, zip);
      const firstVisit = !tx
        .select({ id: priceReports.id })
        .from(priceReports)
        .where(and(eq(priceReports.userId, user.id), eq(priceReports.storeId, storeId)))
        .get();
      const report = tx
        .insert(priceReports)
        .values({
          userId: user.id,
          storeId,
          productName: input.productName,
          normalizedName: key.normalizedName,
          priceCents: input.price,
          categoryId: input.categoryId,
          tags: input.tags,
          description: input.description,
          availability: input.availability,
          vacationMode: input.vacationMode,
          reportZipCode: input.vacationMode ? input.reportZipCode : null,
          zipCode: zip,
          locToken: locToken(zip),
          imageUrl,
          verificationConfidence: verdict.confidence,
          verificationReason: verdict.reason,
        })
        .returning({ id: priceReports.id })
        .get();
      const expirationAnalysis = expireOutliers(tx, history, input.price);
      tx.update(users)
        .set({
          totalReports: sql`${users.totalReports} + 1`,
          uniqueStoresVisited: sql`${users.uniqueStoresVisited} + ${firstVisit ? 1 : 0}`,
          updatedAt: new Date(),
        })
        .where(eq(users.id, user.id))
        .run();
      return { id: report.id, expirationAnalysis };
    },
    { behavior: "immediate" },
  );
  matchAlertsForReport(db, id);
  const report = getReportJson(db, id, user.id);
  return expirationAnalysis ? { ...report, expirationAnalysis } : report;
}

/** One report in the read shape, as `viewerId` sees it. */
export function getReportJson(db: Db, id: number, viewerId: string) {
  const row = db.$client
    .query<ReportRow, { id: number; viewer: string }>(`
      SELECT ${REPORT_COLUMNS_SQL},
        EXISTS (SELECT 1 FROM user_upvotes v WHERE v.price_report_id = r.id AND v.user_id = $viewer) AS hasUserUpvoted
      FROM price_reports r
      JOIN stores s ON s.id = r.store_id
      JOIN users u ON u.id = r.user_id
      WHERE r.id = $id`)
    .get({ id, viewer: viewerId });
  if (!row) throw notFound("Price report not found");
  return toReportJson(row);
}
