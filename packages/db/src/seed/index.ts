import type { FileStore } from "@vitrine/files";
import { sql } from "drizzle-orm";
import { type Database, selectRows, type Transaction } from "../client.ts";
import { insertCategories, insertProducts, insertVariations } from "./catalogue-rows.ts";
import { insertStoreContent } from "./content.ts";
import { planDemoCatalogue } from "./demo-catalogue.ts";
import { insertImages, planImages, renderImages } from "./media.ts";
import { DEMO_TYPE_PRODUCTS, insertDemoProductTypes } from "./product-types.ts";
import { planReviews } from "./reviews.ts";
import { insertDemoTaxRates } from "./taxes.ts";

export { type BackOfficeOptions, seedBackOffice } from "./back-office.ts";
export { type DrawingProcess, drawingProcess } from "./drawing-process-client.ts";
export { sourcePathOfSize } from "./images.ts";
export { drawPendingImages } from "./media.ts";
export { type SyntheticOptions, seedSynthetic } from "./synthetic.ts";

export type SeedOptions = {
  /** Where the rendered images are written (the store's public files); media_sizes paths are its keys. */
  media: FileStore;
  log?: (message: string) => void;
  /**
   * "now" (the default) encodes every image before the rows go in. "later" records the images with
   * their sizes' names and dimensions and keeps their SVG sources, so the store can serve at once
   * and encode them in the background with `drawPendingImages`.
   */
  images?: "now" | "later";
};

export class CatalogueNotEmptyError extends Error {
  override name = "CatalogueNotEmptyError";
}

/** Serialises concurrent first starts on one PostgreSQL database: one seeds, the others get CatalogueNotEmptyError. */
const seedLockKey = 7261002;

/**
 * Fills an empty database with the demo store: categories, products with pictures, variations,
 * reviews, the home page, menus and settings. Images are written (or, with `images: "later"`, planned)
 * first: they are content-addressed, so a half-finished run leaves nothing wrong behind; the rows
 * then go in as one transaction.
 */
export async function seedDemo(
  db: Database,
  options: SeedOptions,
): Promise<{ products: number; categories: number }> {
  const log = options.log ?? (() => {});
  if (!(await isEmpty(db))) throw new CatalogueNotEmptyError("The demo catalogue needs an empty database.");
  const now = new Date();
  const plan = planDemoCatalogue(now);
  const plannedReviews = planReviews(plan.products, now);

  const later = options.images === "later";
  const started = performance.now();
  const rendered = later
    ? await planImages(plan.images, options.media)
    : await renderImages(plan.images, options.media, log);
  if (!later) log(`images ready in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${seedLockKey})`);
    if (!(await isEmpty(tx))) throw new CatalogueNotEmptyError("Another process seeded the database first.");
    const mediaIds = await insertImages(tx, rendered, later ? "processing" : "ready");
    const categoryIds = await insertCategories(tx, plan.categories, mediaIds);
    const productIds = await insertProducts(tx, plan.products, plannedReviews, categoryIds, mediaIds);
    await insertVariations(tx, plan.products, productIds, mediaIds);
    await insertDemoProductTypes(tx, plan.products, productIds, categoryIds, mediaIds);
    await insertDemoTaxRates(tx);
    await insertStoreContent(tx, {
      categories: plan.categories,
      heroImageId: mediaIds.get(plan.heroImageKey)!,
      // Two product pictures for the home page's story, which opens them in the lightbox.
      storyImageIds: plan.images
        .filter((image) => image.key !== plan.heroImageKey)
        .slice(0, 2)
        .map((image) => mediaIds.get(image.key)!),
    });
  });
  const productCount = plan.products.length + DEMO_TYPE_PRODUCTS;
  log(`demo catalogue: ${productCount} products in ${plan.categories.length} categories`);
  return { products: productCount, categories: plan.categories.length };
}

async function isEmpty(db: Database | Transaction): Promise<boolean> {
  const [row] = await selectRows<{ used: boolean }>(
    db,
    sql`select exists (select 1 from products) or exists (select 1 from categories)
          or exists (select 1 from pages where slug = 'home') or exists (select 1 from menus) as used`,
  );
  return row?.used === false;
}
