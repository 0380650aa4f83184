import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { downloadPermissions, orderLines, orders, products, variations } from "@vitrine/db";
import { availableDialects, createTestDatabase, type TestDatabase } from "@vitrine/db/testing";
import { folderStore } from "@vitrine/files";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DOWNLOAD_FILE_PATH } from "../../lib/download-resource.ts";
import { insertSimpleProduct, insertVariableProduct } from "../catalogue/catalogue-fixtures.test-helper.ts";
import { makeOrderMail } from "../mail/order-mails.server.tsx";
import { createPrivateFiles, type StoredFile } from "../media/private-files.server.ts";
import { insertAccount, placeTestOrder } from "../orders/order-fixtures.test-helper.ts";
import { changeOrderStatus } from "../orders/orders-admin.server.ts";
import { createRefund } from "../orders/refunds.server.ts";
import { purgeRecordingContext } from "../shared/test-context.test-helper.ts";
import { downloadPath, verifyDownloadSignature } from "./download-links.server.ts";
import {
  changePermission,
  downloadsOfOrder,
  downloadsOfUser,
  grantOrderDownloads,
  permissionsOfOrder,
  revokePermission,
  takeDownload,
} from "./download-permissions.server.ts";
import { downloadsOfProduct, writeDownloads } from "./product-downloads.server.ts";

const SECRET = "a-test-session-secret";
const PDF = Buffer.from("%PDF-1.4\n% a test file\n");

describe("download links", () => {
  it("are signed per order and permission: another order, permission, secret or a changed character fails", () => {
    const link = downloadPath(SECRET, 12, 34);
    const [, , order, permission, signature] = link.split("/");
    expect(link).toMatch(/^\/download\/12\/34\/[A-Za-z0-9_-]{43}$/);
    expect([order, permission]).toEqual(["12", "34"]);
    expect(verifyDownloadSignature(SECRET, 12, 34, signature!)).toBe(true);
    expect(verifyDownloadSignature(SECRET, 13, 34, signature!)).toBe(false);
    expect(verifyDownloadSignature(SECRET, 12, 35, signature!)).toBe(false);
    expect(verifyDownloadSignature("another-secret", 12, 34, signature!)).toBe(false);
    const changed = `${signature!.slice(0, -1)}${signature!.endsWith("A") ? "B" : "A"}`;
    expect(verifyDownloadSignature(SECRET, 12, 34, changed)).toBe(false);
    expect(verifyDownloadSignature(SECRET, 12, 34, "")).toBe(false);
  });
});

describe.each(await availableDialects())("downloads on %s", (dialect) => {
  let database: TestDatabase;
  const files = () =>
    createPrivateFiles({
      db: database.db,
      files: folderStore(mkdtempSync(path.join(tmpdir(), "vitrine-files-"))),
    });
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
  });
  afterAll(() => database.close());
  beforeEach(() => database.reset());

  /** A downloadable product with one file (or two), its limit and expiry as given. */
  async function aDownloadable(
    options: { slug?: string; limit?: number; expiry?: number; files?: number } = {},
  ) {
    const { db } = database;
    const admin = await insertAccount(db, `owner-${options.slug ?? "ebook"}@example.com`, {
      role: "administrator",
    });
    const product = await insertSimpleProduct(db, { slug: options.slug ?? "ebook", price: 900, stock: null });
    await db
      .update(products)
      .set({
        downloadable: true,
        virtual: true,
        downloadLimit: options.limit ?? -1,
        downloadExpiry: options.expiry ?? -1,
      })
      .where(eq(products.id, product.id));
    const store = files();
    const kept: StoredFile[] = [];
    for (let n = 0; n < (options.files ?? 1); n++)
      kept.push(await store.keepFile({ bytes: PDF, filename: `book-${n}.pdf`, uploadedBy: admin }));
    await db.transaction((tx) =>
      writeDownloads(
        tx,
        product.id,
        null,
        kept.map((file, n) => ({ name: `Book part ${n + 1}`, file: `${DOWNLOAD_FILE_PATH}${file.id}` })),
      ),
    );
    return { product, admin, store, kept };
  }

  const permissionsOf = (orderId: number) =>
    database.db
      .select()
      .from(downloadPermissions)
      .where(eq(downloadPermissions.orderId, orderId))
      .orderBy(asc(downloadPermissions.id));

  it("an order placed paid (cash on delivery) is granted each file once, the limit times the quantity, the expiry from now; granting again changes nothing", async () => {
    const { db } = database;
    const { product } = await aDownloadable({ limit: 2, expiry: 30, files: 2 });
    const before = Date.now();
    const orderId = await placeTestOrder(db, [{ productId: product.id, quantity: 3 }], { payment: "cod" });
    const granted = await permissionsOf(orderId);
    expect(granted).toHaveLength(2);
    for (const permission of granted) {
      expect(permission.downloadsRemaining).toBe(6);
      const days = (permission.accessExpires!.getTime() - before) / 86_400_000;
      expect(days).toBeGreaterThan(29.99);
      expect(days).toBeLessThan(30.01);
    }
    await db.transaction((tx) => grantOrderDownloads(tx, orderId));
    expect(await permissionsOf(orderId)).toEqual(granted);
    const shown = await downloadsOfOrder(db, SECRET, { id: orderId, status: "processing" });
    expect(shown.map((download) => download.name)).toEqual(["Book part 1", "Book part 2"]);
    expect(shown[0]!.url).toBe(downloadPath(SECRET, orderId, granted[0]!.id));
  });

  it("an order on hold is granted nothing until it is paid (processing, then completed grants nothing more); an unlimited file never expires", async () => {
    const { db } = database;
    const { product, admin } = await aDownloadable();
    const orderId = await placeTestOrder(db, [{ productId: product.id, quantity: 1 }], { payment: "bacs" });
    expect(await permissionsOf(orderId)).toEqual([]);
    expect(await downloadsOfOrder(db, SECRET, { id: orderId, status: "on-hold" })).toEqual([]);
    const context = purgeRecordingContext(db);
    await changeOrderStatus(context, orderId, "processing", admin);
    await changeOrderStatus(context, orderId, "completed", admin);
    const [permission, ...more] = await permissionsOf(orderId);
    expect(more).toEqual([]);
    expect(permission).toMatchObject({ downloadsRemaining: null, accessExpires: null, downloadCount: 0 });
  });

  it("the processing and completed mails list the files by their absolute signed links, in the order's language; on hold, none", async () => {
    const { db } = database;
    const { product, admin } = await aDownloadable();
    const orderId = await placeTestOrder(db, [{ productId: product.id, quantity: 1 }], { payment: "bacs" });
    const context = purgeRecordingContext(db);
    const mail = async (
      kind: "customer_on_hold_order" | "customer_processing_order" | "customer_completed_order",
    ) => {
      const made = await makeOrderMail(context, { kind, orderId, payload: {} });
      if (!("mail" in made)) throw new Error(made.unsent);
      return made.mail;
    };
    expect((await mail("customer_on_hold_order")).text).not.toContain("/download/");
    await changeOrderStatus(context, orderId, "processing", admin);
    const [permission] = await permissionsOf(orderId);
    const link = `${context.config.publicUrl}${downloadPath(context.config.sessionSecret, orderId, permission!.id)}`;
    for (const kind of ["customer_processing_order", "customer_completed_order"] as const) {
      const made = await mail(kind);
      expect(made.text).toContain(`Your downloads\nebook (en): Book part 1: ${link}`);
      expect(made.html).toContain(`href="${link}"`);
    }
    await db.update(orders).set({ locale: "es" }).where(eq(orders.id, orderId));
    expect((await mail("customer_completed_order")).text).toContain("Tus descargas");
  });

  it("an expiry of 0 days never ends, as WooCommerce reads it (only a positive expiry sets an end)", async () => {
    const { db } = database;
    const { product, kept } = await aDownloadable({ expiry: 0 });
    const orderId = await placeTestOrder(db, [{ productId: product.id, quantity: 1 }], { payment: "cod" });
    const [permission] = await permissionsOf(orderId);
    expect(permission).toMatchObject({ accessExpires: null });
    expect(await takeDownload(db, orderId, permission!.id)).toEqual({ ok: true, mediaId: kept[0]!.id });
  });

  it("a revoked permission stays revoked when its paid order moves on (completed, or on hold and back): an order is granted once, as WooCommerce's", async () => {
    const { db } = database;
    const { product, admin } = await aDownloadable({ limit: 1, files: 2 });
    const orderId = await placeTestOrder(db, [{ productId: product.id, quantity: 1 }], { payment: "cod" });
    const [revoked, kept] = await permissionsOf(orderId);
    expect(await revokePermission(db, orderId, revoked!.id)).toBe(true);
    const context = purgeRecordingContext(db);
    await changeOrderStatus(context, orderId, "completed", admin);
    expect((await permissionsOf(orderId)).map((permission) => permission.id)).toEqual([kept!.id]);
    await changeOrderStatus(context, orderId, "on-hold", admin);
    await changeOrderStatus(context, orderId, "processing", admin);
    expect((await permissionsOf(orderId)).map((permission) => permission.id)).toEqual([kept!.id]);
  });

  it("a product that is not downloadable grants nothing, though it has files", async () => {
    const { db } = database;
    const { product } = await aDownloadable();
    await db.update(products).set({ downloadable: false }).where(eq(products.id, product.id));
    const orderId = await placeTestOrder(db, [{ productId: product.id, quantity: 1 }], { payment: "cod" });
    expect(await permissionsOf(orderId)).toEqual([]);
  });

  it("a downloadable variation grants its own files with its own limit, not its product's", async () => {
    const { db } = database;
    const admin = await insertAccount(db, "owner-variable@example.com", { role: "administrator" });
    const { product, inStock } = await insertVariableProduct(db, "poster");
    const store = files();
    const own = await store.keepFile({ bytes: PDF, filename: "product.pdf", uploadedBy: admin });
    const variant = await store.keepFile({ bytes: PDF, filename: "red.pdf", uploadedBy: admin });
    await db
      .update(products)
      .set({ downloadable: true, downloadLimit: 9 })
      .where(eq(products.id, product.id));
    await db
      .update(variations)
      .set({ downloadable: true, downloadLimit: 2, downloadExpiry: -1 })
      .where(eq(variations.id, inStock.id));
    await db.transaction(async (tx) => {
      await writeDownloads(tx, product.id, null, [
        { name: "Product file", file: `${DOWNLOAD_FILE_PATH}${own.id}` },
      ]);
      await writeDownloads(tx, product.id, inStock.id, [
        { name: "Red file", file: `${DOWNLOAD_FILE_PATH}${variant.id}` },
      ]);
    });
    const listed = await downloadsOfProduct(db, product.id);
    expect(listed.own.map((d) => d.name)).toEqual(["Product file"]);
    expect(listed.byVariation.get(inStock.id)?.map((d) => d.name)).toEqual(["Red file"]);
    const orderId = await placeTestOrder(
      db,
      [{ productId: product.id, variationId: inStock.id, quantity: 1 }],
      {
        payment: "cod",
      },
    );
    const shown = await downloadsOfOrder(db, SECRET, { id: orderId, status: "processing" });
    expect(shown.map((d) => [d.name, d.remaining])).toEqual([["Red file", 2]]);
  });

  it("each download counts; past the limit it is refused, and the count stays", async () => {
    const { db } = database;
    const { product, kept } = await aDownloadable({ limit: 2 });
    const orderId = await placeTestOrder(db, [{ productId: product.id, quantity: 1 }], { payment: "cod" });
    const [permission] = await permissionsOf(orderId);
    expect(await takeDownload(db, orderId, permission!.id)).toEqual({ ok: true, mediaId: kept[0]!.id });
    expect(await takeDownload(db, orderId, permission!.id)).toEqual({ ok: true, mediaId: kept[0]!.id });
    expect(await takeDownload(db, orderId, permission!.id)).toEqual({ ok: false, refusal: "limit" });
    expect((await permissionsOf(orderId))[0]).toMatchObject({ downloadsRemaining: 0, downloadCount: 2 });
    // Another order's id with this permission is no permission at all.
    expect(await takeDownload(db, orderId + 1, permission!.id)).toEqual({ ok: false, refusal: "revoked" });
  });

  it("two downloads at once of the last one left: one file, one refusal", async () => {
    const { db } = database;
    const { product } = await aDownloadable({ limit: 1 });
    const orderId = await placeTestOrder(db, [{ productId: product.id, quantity: 1 }], { payment: "cod" });
    const [permission] = await permissionsOf(orderId);
    const both = await Promise.all([
      takeDownload(db, orderId, permission!.id),
      takeDownload(db, orderId, permission!.id),
    ]);
    expect(both.filter((taken) => taken.ok)).toHaveLength(1);
    expect(both.filter((taken) => !taken.ok)).toEqual([{ ok: false, refusal: "limit" }]);
    expect((await permissionsOf(orderId))[0]).toMatchObject({ downloadsRemaining: 0, downloadCount: 1 });
  });

  it("after its expiry a download is refused; the owner may give more downloads or more time", async () => {
    const { db } = database;
    const { product } = await aDownloadable({ limit: 1, expiry: 1 });
    const orderId = await placeTestOrder(db, [{ productId: product.id, quantity: 1 }], { payment: "cod" });
    const [permission] = await permissionsOf(orderId);
    await db
      .update(downloadPermissions)
      .set({ accessExpires: new Date(Date.now() - 1000) })
      .where(eq(downloadPermissions.id, permission!.id));
    expect(await takeDownload(db, orderId, permission!.id)).toEqual({ ok: false, refusal: "expired" });
    const changed = await changePermission(db, orderId, permission!.id, {
      access_expires: null,
      downloads_remaining: 3,
    });
    expect(changed).toMatchObject({
      downloads_remaining: 3,
      access_expires: null,
      download_name: "Book part 1",
    });
    expect((await takeDownload(db, orderId, permission!.id)).ok).toBe(true);
    expect(await changePermission(db, orderId + 1, permission!.id, { downloads_remaining: 1 })).toBeNull();
  });

  it("a line refunded whole, or an order refunded or cancelled, opens no more downloads; a line refunded in part still does", async () => {
    const { db } = database;
    const { product, admin } = await aDownloadable();
    const context = purgeRecordingContext(db);
    const orderId = await placeTestOrder(db, [{ productId: product.id, quantity: 2 }], { payment: "cod" });
    const [line] = await db.select().from(orderLines).where(eq(orderLines.orderId, orderId));
    const [permission] = await permissionsOf(orderId);
    await createRefund(
      context,
      orderId,
      { reason: "", lines: [{ lineId: line!.id, quantity: 1, amount: 900 }], restock: false },
      admin,
    );
    expect((await takeDownload(db, orderId, permission!.id)).ok).toBe(true);
    await createRefund(
      context,
      orderId,
      { reason: "", lines: [{ lineId: line!.id, quantity: 1, amount: 900 }], restock: false },
      admin,
    );
    expect(await takeDownload(db, orderId, permission!.id)).toEqual({ ok: false, refusal: "refunded" });
    expect(await downloadsOfOrder(db, SECRET, { id: orderId, status: "processing" })).toEqual([]);

    const cancelled = await placeTestOrder(db, [{ productId: product.id, quantity: 1 }], { payment: "cod" });
    const [kept] = await permissionsOf(cancelled);
    await changeOrderStatus(context, cancelled, "cancelled", admin);
    expect(await takeDownload(db, cancelled, kept!.id)).toEqual({ ok: false, refusal: "not_paid" });
  });

  it("the account's list shows what is still open; a revoked permission is gone and its link refused", async () => {
    const { db } = database;
    const { product } = await aDownloadable({ limit: 1 });
    const shopper = await insertAccount(db, "reader@example.com");
    const orderId = await placeTestOrder(db, [{ productId: product.id, quantity: 1 }], {
      payment: "cod",
      userId: shopper,
    });
    const [permission] = await permissionsOf(orderId);
    expect((await downloadsOfUser(db, SECRET, shopper)).map((d) => d.permissionId)).toEqual([permission!.id]);
    expect((await permissionsOfOrder(db, orderId))[0]).toMatchObject({
      id: permission!.id,
      downloads_remaining: 1,
    });
    expect(await revokePermission(db, orderId + 1, permission!.id)).toBe(false);
    expect(await revokePermission(db, orderId, permission!.id)).toBe(true);
    expect(await downloadsOfUser(db, SECRET, shopper)).toEqual([]);
    expect(await takeDownload(db, orderId, permission!.id)).toEqual({ ok: false, refusal: "revoked" });
  });

  it("a product's files are kept by id, renamed, added (and granted to the orders already paid) and removed (with their permissions); an unknown file is refused", async () => {
    const { db } = database;
    const { product, store, admin } = await aDownloadable();
    const [first] = (await downloadsOfProduct(db, product.id)).own;
    const orderId = await placeTestOrder(db, [{ productId: product.id, quantity: 1 }], { payment: "cod" });
    expect(await permissionsOf(orderId)).toHaveLength(1);
    const second = await store.keepFile({ bytes: PDF, filename: "extra.pdf", uploadedBy: admin });
    await db.transaction((tx) =>
      writeDownloads(tx, product.id, null, [
        { id: first!.id, name: "Renamed", file: first!.file },
        { name: "Extra", file: `${DOWNLOAD_FILE_PATH}${second.id}` },
      ]),
    );
    const after = (await downloadsOfProduct(db, product.id)).own;
    expect(after.map((d) => d.name)).toEqual(["Renamed", "Extra"]);
    expect(after[0]!.id).toBe(first!.id);
    // The paid order keeps its first permission and is granted the new file, as WooCommerce does; an
    // order on hold is granted nothing.
    const unpaid = await placeTestOrder(db, [{ productId: product.id, quantity: 1 }], { payment: "bacs" });
    const granted = await permissionsOf(orderId);
    expect(granted).toHaveLength(2);
    expect((await permissionsOf(unpaid)).length).toBe(0);
    const names = (await downloadsOfOrder(db, SECRET, { id: orderId, status: "processing" })).map(
      (d) => d.name,
    );
    expect(names).toEqual(["Renamed", "Extra"]);
    await db.transaction((tx) => writeDownloads(tx, product.id, null, [after[1]!]));
    expect((await permissionsOf(orderId)).map((p) => p.id)).toEqual([granted[1]!.id]);
    await db.transaction((tx) => writeDownloads(tx, product.id, null, []));
    expect(await permissionsOf(orderId)).toEqual([]);
    await expect(
      db.transaction((tx) =>
        writeDownloads(tx, product.id, null, [{ name: "Nope", file: `${DOWNLOAD_FILE_PATH}999999` }]),
      ),
    ).rejects.toMatchObject({ code: "product_invalid_download_file", param: "downloads" });
  });

  it("a stored file is refused when empty, too big or of an unknown type, and read back whole", async () => {
    const store = files();
    const admin = await insertAccount(database.db, "owner@example.com", { role: "administrator" });
    await expect(
      store.keepFile({ bytes: Buffer.alloc(0), filename: "a.pdf", uploadedBy: admin }),
    ).rejects.toMatchObject({ status: 400 });
    await expect(
      store.keepFile({
        bytes: Buffer.from("MZ\x90\x00 an executable"),
        filename: "setup.exe",
        uploadedBy: admin,
      }),
    ).rejects.toMatchObject({ status: 415, code: "rest_upload_invalid_type" });
    await expect(
      store.keepFile({
        bytes: Buffer.alloc(15 * 1024 * 1024 + 1, 0x25),
        filename: "big.pdf",
        uploadedBy: admin,
      }),
    ).rejects.toMatchObject({ status: 413 });
    const kept = await store.keepFile({ bytes: PDF, filename: "../../etc/Guide ü.pdf", uploadedBy: admin });
    expect(kept).toMatchObject({ filename: "Guide _.pdf", mimeType: "application/pdf", bytes: PDF.length });
    const opened = await store.openFile(kept.id);
    const chunks: Buffer[] = [];
    for await (const chunk of opened!.stream) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(PDF)).toBe(true);
  });
});
