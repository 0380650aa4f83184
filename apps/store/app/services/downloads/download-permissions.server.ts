import {
  type Database,
  downloadPermissions,
  orderLines,
  orderRefundLines,
  orderStatusChanges,
  orders,
  productDownloads,
  type Transaction,
} from "@vitrine/db";
import { and, asc, desc, eq, gt, isNull, or, type SQL, sql } from "drizzle-orm";
import type {
  DownloadRefusal,
  DownloadView,
  PermissionChange,
  PermissionRecord,
} from "../../lib/download-resource.ts";
import type { OrderStatus } from "../../lib/order-status.ts";
import { downloadPath } from "./download-links.server.ts";

/**
 * Download permissions (issue 43, decision 0075), WooCommerce's model: an order grants its lines'
 * files once it is paid (processing or completed), once per line and file, each with the downloads
 * left (the file's limit times the line's quantity) and the access's end (the file's expiry in days
 * from the grant) as the product said then. A download is counted in one conditional update, which
 * also checks that the order is still paid and the line not refunded, so it holds whatever the
 * concurrency; an owner may change what is left or revoke a permission.
 */

/** The statuses in which an order's files are granted and may be downloaded (WooCommerce's). */
export const DOWNLOAD_STATUSES: readonly OrderStatus[] = ["processing", "completed"];

export function grantsDownloads(status: string): boolean {
  return (DOWNLOAD_STATUSES as readonly string[]).includes(status);
}

/**
 * Grants the order's downloadable lines their files, in the caller's transaction (an order placed
 * paid, or moved to processing or completed). One statement; a line and file granted before are
 * left as they are, so granting again changes nothing.
 *
 * Only the first time the order is paid, as WooCommerce's "download permissions granted" flag: an
 * order that was processing or completed before (its status history has left one of them) was
 * granted then, so a permission the owner revoked since stays revoked when the order moves on
 * (processing to completed, or on hold and back), instead of coming back with a fresh limit.
 */
export async function grantOrderDownloads(tx: Transaction | Database, orderId: number): Promise<void> {
  await grant(
    tx,
    sql`o.id = ${orderId} and not exists (select 1 from ${orderStatusChanges} c
      where c.order_id = o.id and c.from_status in ('processing', 'completed'))`,
  );
}

/**
 * Grants a file just added to a product (or variation) to the orders already paid for it, as
 * WooCommerce does when an owner adds a file: in the save's transaction, with the product's limit
 * and expiry as they are now.
 */
export async function grantNewFile(tx: Transaction, productDownloadId: number): Promise<void> {
  await grant(tx, sql`d.id = ${productDownloadId}`);
}

/**
 * The grant: each paid order's downloadable line that `which` picks, with each file of its product
 * or variation. A limit below 0 is unlimited (0 allows none, as WooCommerce's); an expiry of 0 days
 * or less never ends, as WooCommerce sets an end only for a positive expiry: a product saved with
 * 0, or imported from a WooCommerce export that says 0, must not grant files already expired.
 */
async function grant(tx: Transaction | Database, which: SQL): Promise<void> {
  await tx.execute(sql`
    insert into download_permissions (order_id, order_line_id, download_id, user_id, downloads_remaining, access_expires)
    select o.id, l.id, d.id, o.user_id,
      case when s.download_limit < 0 then null else s.download_limit * l.quantity end,
      case when s.download_expiry <= 0 then null else now() + make_interval(days => s.download_expiry) end
    from orders o
    join order_lines l on l.order_id = o.id
    join products p on p.id = l.product_id
    left join variations v on v.id = l.variation_id and v.product_id = p.id
    cross join lateral (select
      case when v.id is null then p.downloadable else v.downloadable end as downloadable,
      case when v.id is null then p.download_limit else v.download_limit end as download_limit,
      case when v.id is null then p.download_expiry else v.download_expiry end as download_expiry) s
    join product_downloads d on d.product_id = p.id
      and d.variation_id is not distinct from v.id
    where ${which} and o.status in ('processing', 'completed') and s.downloadable
    on conflict (order_line_id, download_id) do nothing`);
}

/** How much of a line has been refunded: a line refunded whole opens no more downloads. */
const refundedQuantity = sql<number>`coalesce((select sum(${orderRefundLines.quantity}) from ${orderRefundLines} where ${orderRefundLines.orderLineId} = ${downloadPermissions.orderLineId}), 0)`;

/** Whether a permission's order and line still allow downloads (paid, not refunded). */
const stillPaid = sql`exists (select 1 from ${orders} where ${orders.id} = ${downloadPermissions.orderId} and ${orders.status} in ('processing', 'completed'))
  and ${refundedQuantity} < (select ${orderLines.quantity} from ${orderLines} where ${orderLines.id} = ${downloadPermissions.orderLineId})`;

/** The permissions whose downloads are left and whose access has not ended. */
const stillOpen = and(
  or(isNull(downloadPermissions.downloadsRemaining), gt(downloadPermissions.downloadsRemaining, 0)),
  or(isNull(downloadPermissions.accessExpires), gt(downloadPermissions.accessExpires, sql`now()`)),
);

const permissionColumns = {
  id: downloadPermissions.id,
  orderId: downloadPermissions.orderId,
  orderLineId: downloadPermissions.orderLineId,
  productId: productDownloads.productId,
  downloadId: productDownloads.downloadId,
  downloadName: productDownloads.name,
  productName: orderLines.name,
  downloadsRemaining: downloadPermissions.downloadsRemaining,
  accessExpires: downloadPermissions.accessExpires,
  downloadCount: downloadPermissions.downloadCount,
  grantedAt: downloadPermissions.grantedAt,
};

function readPermissions(db: Database, where: SQL | undefined) {
  return db
    .select(permissionColumns)
    .from(downloadPermissions)
    .innerJoin(productDownloads, eq(productDownloads.id, downloadPermissions.downloadId))
    .innerJoin(orderLines, eq(orderLines.id, downloadPermissions.orderLineId))
    .where(where)
    .orderBy(desc(downloadPermissions.orderId), asc(orderLines.id), asc(productDownloads.position));
}

type PermissionRow = Awaited<ReturnType<typeof readPermissions>>[number];

function asView(secret: string, row: PermissionRow): DownloadView {
  return {
    permissionId: row.id,
    orderId: row.orderId,
    productName: row.productName,
    name: row.downloadName,
    remaining: row.downloadsRemaining,
    expires: row.accessExpires?.toISOString() ?? null,
    url: downloadPath(secret, row.orderId, row.id),
  };
}

/**
 * An order's downloads as its receipt, its page in My account and its mails show them: every file
 * granted, with what is left; none while the order does not allow downloads (not paid, refunded).
 */
export async function downloadsOfOrder(
  db: Database,
  secret: string,
  order: { id: number; status: string },
): Promise<DownloadView[]> {
  if (!grantsDownloads(order.status)) return [];
  const rows = await readPermissions(db, and(eq(downloadPermissions.orderId, order.id), stillPaid));
  return rows.map((row) => asView(secret, row));
}

/** The account's downloads still available (My account → Downloads), newest order first. */
export async function downloadsOfUser(db: Database, secret: string, userId: number): Promise<DownloadView[]> {
  const rows = await readPermissions(db, and(eq(downloadPermissions.userId, userId), stillPaid, stillOpen));
  return rows.map((row) => asView(secret, row));
}

function asRecord(row: PermissionRow): PermissionRecord {
  return {
    id: row.id,
    order_id: row.orderId,
    order_line_id: row.orderLineId,
    product_id: row.productId,
    download_id: row.downloadId,
    download_name: row.downloadName,
    product_name: row.productName,
    downloads_remaining: row.downloadsRemaining,
    access_expires: row.accessExpires?.toISOString() ?? null,
    download_count: row.downloadCount,
    granted_at: row.grantedAt.toISOString(),
  };
}

export async function orderExists(db: Database, orderId: number): Promise<boolean> {
  const [row] = await db.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId));
  return row !== undefined;
}

/** Every permission of an order, for the owner (the back office's order page, REST). */
export async function permissionsOfOrder(db: Database, orderId: number): Promise<PermissionRecord[]> {
  return (await readPermissions(db, eq(downloadPermissions.orderId, orderId))).map(asRecord);
}

/** Revokes one of an order's permissions; false when the order has no such permission. */
export async function revokePermission(
  db: Database,
  orderId: number,
  permissionId: number,
): Promise<boolean> {
  const removed = await db
    .delete(downloadPermissions)
    .where(and(eq(downloadPermissions.id, permissionId), eq(downloadPermissions.orderId, orderId)))
    .returning({ id: downloadPermissions.id });
  return removed.length > 0;
}

/** Changes what is left of a permission or when it ends; null when the order has no such permission. */
export async function changePermission(
  db: Database,
  orderId: number,
  permissionId: number,
  change: PermissionChange,
): Promise<PermissionRecord | null> {
  const values: Partial<typeof downloadPermissions.$inferInsert> = {};
  if (change.downloads_remaining !== undefined) values.downloadsRemaining = change.downloads_remaining;
  if (change.access_expires !== undefined)
    values.accessExpires = change.access_expires === null ? null : endOfAccess(change.access_expires);
  const where = and(eq(downloadPermissions.id, permissionId), eq(downloadPermissions.orderId, orderId));
  if (Object.keys(values).length > 0) {
    const changed = await db
      .update(downloadPermissions)
      .set(values)
      .where(where)
      .returning({ id: downloadPermissions.id });
    if (changed.length === 0) return null;
  }
  const [row] = await readPermissions(db, where);
  return row ? asRecord(row) : null;
}

/** A date alone ends at the close of that day (UTC), as WooCommerce's "Access expires" field does. */
function endOfAccess(value: string): Date {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T23:59:59.999Z`) : new Date(value);
}

export type TakenDownload = { ok: true; mediaId: number } | { ok: false; refusal: DownloadRefusal };

/**
 * Counts one download of the order's permission, if it may be downloaded now: one conditional
 * update that takes one from what is left only while something is left, the access has not ended,
 * the order is paid and the line not refunded. Two downloads at once of a last one wait for each
 * other on the row: one gets it, the other finds nothing left. A refusal says why.
 */
export async function takeDownload(
  db: Database,
  orderId: number,
  permissionId: number,
): Promise<TakenDownload> {
  const where = and(eq(downloadPermissions.id, permissionId), eq(downloadPermissions.orderId, orderId));
  const [taken] = await db
    .update(downloadPermissions)
    .set({
      downloadsRemaining: sql`case when ${downloadPermissions.downloadsRemaining} is null then null else ${downloadPermissions.downloadsRemaining} - 1 end`,
      downloadCount: sql`${downloadPermissions.downloadCount} + 1`,
      lastDownloadedAt: sql`now()`,
    })
    .where(and(where, stillOpen, stillPaid))
    .returning({ downloadId: downloadPermissions.downloadId });
  if (taken) {
    const [file] = await db
      .select({ mediaId: productDownloads.mediaId })
      .from(productDownloads)
      .where(eq(productDownloads.id, taken.downloadId));
    if (file) return { ok: true, mediaId: file.mediaId };
  }
  return { ok: false, refusal: await whyRefused(db, orderId, permissionId) };
}

/**
 * Whether the permission would give its file now, as `takeDownload` decides, without counting: a
 * HEAD request is answered as its GET would be, not with the file's headers for a link that is used
 * up, expired or refunded.
 */
export async function checkDownload(
  db: Database,
  orderId: number,
  permissionId: number,
): Promise<TakenDownload> {
  const [open] = await db
    .select({ mediaId: productDownloads.mediaId })
    .from(downloadPermissions)
    .innerJoin(productDownloads, eq(productDownloads.id, downloadPermissions.downloadId))
    .where(
      and(
        eq(downloadPermissions.id, permissionId),
        eq(downloadPermissions.orderId, orderId),
        stillOpen,
        stillPaid,
      ),
    );
  return open
    ? { ok: true, mediaId: open.mediaId }
    : { ok: false, refusal: await whyRefused(db, orderId, permissionId) };
}

/** The one file a permission opens, without counting (a HEAD request, or a check before counting). */
export async function fileOfPermission(
  db: Database,
  orderId: number,
  permissionId: number,
): Promise<number | null> {
  const [row] = await db
    .select({ mediaId: productDownloads.mediaId })
    .from(downloadPermissions)
    .innerJoin(productDownloads, eq(productDownloads.id, downloadPermissions.downloadId))
    .where(and(eq(downloadPermissions.id, permissionId), eq(downloadPermissions.orderId, orderId)));
  return row?.mediaId ?? null;
}

async function whyRefused(db: Database, orderId: number, permissionId: number): Promise<DownloadRefusal> {
  const [row] = await db
    .select({
      remaining: downloadPermissions.downloadsRemaining,
      expires: downloadPermissions.accessExpires,
      status: orders.status,
      quantity: orderLines.quantity,
      refunded: refundedQuantity.mapWith(Number),
      now: sql<Date>`now()`.mapWith((value) => new Date(value)),
    })
    .from(downloadPermissions)
    .innerJoin(orders, eq(orders.id, downloadPermissions.orderId))
    .innerJoin(orderLines, eq(orderLines.id, downloadPermissions.orderLineId))
    .where(and(eq(downloadPermissions.id, permissionId), eq(downloadPermissions.orderId, orderId)));
  if (!row) return "revoked";
  if (row.status === "refunded" || row.refunded >= row.quantity) return "refunded";
  if (!grantsDownloads(row.status)) return "not_paid";
  if (row.expires && row.expires <= row.now) return "expired";
  if (row.remaining !== null && row.remaining <= 0) return "limit";
  // Changed between the update and this read (an owner's change): refused as it was.
  return "limit";
}
