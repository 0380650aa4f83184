import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./accounts.ts";
import { products, variations } from "./catalogue.ts";
import { orderLines, orders } from "./commerce.ts";
import { media } from "./content.ts";

/**
 * Downloadable products (issue 43, decision 0075), WooCommerce's model: the files a downloadable
 * product or variation delivers (each a name and a stored file: a `media` row of kind `file`, kept
 * in the private originals folder, never served), and the permissions a paid order grants, one per
 * order line and file.
 */
export const productDownloads = pgTable(
  "product_downloads",
  {
    id: serial("id").primaryKey(),
    /** WooCommerce's download id: a stable name of the file within its product (REST `downloads[].id`). */
    downloadId: text("download_id").notNull(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    /** The variation whose file it is; null for the product's own. */
    variationId: integer("variation_id").references(() => variations.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** The stored file; a file still named by a download cannot be deleted. */
    mediaId: integer("media_id")
      .notNull()
      .references(() => media.id, { onDelete: "restrict" }),
    position: integer("position").notNull().default(0),
  },
  (t) => [
    uniqueIndex("product_downloads_download_id_key").on(t.downloadId),
    index("product_downloads_product_idx").on(t.productId, t.variationId, t.position),
  ],
);

/**
 * What an order line may download (WooCommerce's `woocommerce_downloadable_product_permissions`):
 * granted once per line and file when the order is paid (processing or completed), with the file's
 * limit (times the line's quantity, as WooCommerce) and expiry as they were then. A download takes
 * one from `downloadsRemaining` in one conditional update, so concurrent downloads never take more
 * than the limit; null means unlimited, or never expires.
 */
export const downloadPermissions = pgTable(
  "download_permissions",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    orderLineId: integer("order_line_id")
      .notNull()
      .references(() => orderLines.id, { onDelete: "cascade" }),
    /** The product download it opens; removing the file from its product revokes it. */
    downloadId: integer("download_id")
      .notNull()
      .references(() => productDownloads.id, { onDelete: "cascade" }),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    downloadsRemaining: integer("downloads_remaining"),
    accessExpires: timestamp("access_expires", { withTimezone: true }),
    downloadCount: integer("download_count").notNull().default(0),
    lastDownloadedAt: timestamp("last_downloaded_at", { withTimezone: true }),
    grantedAt: timestamp("granted_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("download_permissions_line_file_key").on(t.orderLineId, t.downloadId),
    index("download_permissions_order_idx").on(t.orderId),
    index("download_permissions_user_idx").on(t.userId, t.grantedAt),
    index("download_permissions_download_idx").on(t.downloadId),
    check(
      "download_permissions_remaining_not_negative",
      sql`${t.downloadsRemaining} IS NULL OR ${t.downloadsRemaining} >= 0`,
    ),
  ],
);
