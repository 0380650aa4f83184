import { z } from "zod";

/**
 * Downloadable products as the REST API and the pages see them (issue 43, decision 0075), in
 * WooCommerce's shapes: a product's or variation's `downloads` ([{id, name, file}]), its
 * `download_limit` (-1 unlimited) and `download_expiry` (days, -1 never); an order's download
 * permissions; a shopper's download as the receipt, My account and the mails list it.
 */

/**
 * A stored file as a download's `file` names it: the address of the file in the REST API, which
 * only staff may read (`/api/vitrine/v2/downloads/files/{id}`), whole or as its path.
 */
export const DOWNLOAD_FILE_PATH = "/api/vitrine/v2/downloads/files/";

/** The stored file's id that a download's `file` names; null when it names none of the store's. */
export function storedFileId(file: string): number | null {
  let path = file.trim();
  try {
    if (/^https?:\/\//i.test(path)) path = new URL(path).pathname;
  } catch {
    return null;
  }
  if (!path.startsWith(DOWNLOAD_FILE_PATH)) return null;
  const id = path.slice(DOWNLOAD_FILE_PATH.length);
  if (!/^[1-9]\d{0,9}$/.test(id)) return null;
  const value = Number(id);
  return value <= 2_147_483_647 ? value : null;
}

/** A download's id as WooCommerce makes them (a uuid, or an md5 of the file for older ones). */
const downloadId = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{1,64}$/);

/** One file of a product or variation: a name and a stored file; `id` keeps an existing one. */
export const downloadInput = z
  .object({
    id: downloadId.optional(),
    name: z.string().trim().min(1).max(200),
    file: z
      .string()
      .max(2000)
      .refine((file) => storedFileId(file) !== null, "Upload the file first and name it by its address."),
  })
  .strict();
export type DownloadInput = z.infer<typeof downloadInput>;

/** -1 (or nothing) unlimited; otherwise the downloads allowed (times the line's quantity). */
export const downloadLimit = z.number().int().min(-1).max(1_000_000);
/** -1 never; otherwise the days the files stay available from the grant. */
export const downloadExpiry = z.number().int().min(-1).max(36_500);

/** What a product or variation save may send about its files. */
export const downloadFields = {
  downloads: z.array(downloadInput).max(20).optional(),
  download_limit: downloadLimit.optional(),
  download_expiry: downloadExpiry.optional(),
};

/** A file of a product or variation as a read answers it. */
export const downloadRecord = z.object({ id: z.string(), name: z.string(), file: z.string() });
export type DownloadRecord = z.infer<typeof downloadRecord>;

/** What an owner may change of a permission (`PUT /orders/{id}/downloads/{permission}`). */
export const permissionChange = z
  .object({
    /** null: unlimited. */
    downloads_remaining: z.number().int().min(0).max(1_000_000).nullable().optional(),
    /** An ISO date (yyyy-mm-dd or a full time); null: never. */
    access_expires: z.string().datetime({ offset: true }).or(z.string().date()).nullable().optional(),
  })
  .strict();
export type PermissionChange = z.infer<typeof permissionChange>;

/** A permission as the REST API and the back office's order page show it. */
export type PermissionRecord = {
  id: number;
  order_id: number;
  order_line_id: number;
  product_id: number | null;
  download_id: string;
  download_name: string;
  product_name: string;
  downloads_remaining: number | null;
  access_expires: string | null;
  download_count: number;
  granted_at: string;
};

/** A download as a shopper sees it: what, how many are left, until when, and its signed link. */
export type DownloadView = {
  permissionId: number;
  orderId: number;
  productName: string;
  name: string;
  /** null: unlimited. */
  remaining: number | null;
  /** ISO time; null: never. */
  expires: string | null;
  url: string;
};

/** Why a download link was refused, as its page says it. */
export const DOWNLOAD_REFUSALS = [
  "invalid",
  "revoked",
  "limit",
  "expired",
  "refunded",
  "not_paid",
  "missing",
] as const;
export type DownloadRefusal = (typeof DOWNLOAD_REFUSALS)[number];
