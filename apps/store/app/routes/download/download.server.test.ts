import { downloadPermissions, products } from "@vitrine/db";
import { availableDialects, createTestDatabase, type TestDatabase } from "@vitrine/db/testing";
import { asc, eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DOWNLOAD_FILE_PATH } from "../../lib/download-resource.ts";
import { insertSimpleProduct } from "../../services/catalogue/catalogue-fixtures.test-helper.ts";
import { downloadPath } from "../../services/downloads/download-links.server.ts";
import { writeDownloads } from "../../services/downloads/product-downloads.server.ts";
import { insertAccount, placeTestOrder } from "../../services/orders/order-fixtures.test-helper.ts";
import { testContext } from "../../services/shared/test-context.test-helper.ts";
import { answerDownload } from "./download.server.ts";

const PDF = Buffer.from("%PDF-1.4\n% a bought file\n");

/**
 * The signed download link as the route answers it (decision 0075): the file with its headers,
 * counted once, even when the same link is opened twice at once; a refusal page otherwise.
 */
describe.each(await availableDialects())("the download link on %s", (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
  });
  afterAll(() => database.close());
  beforeEach(() => database.reset());

  /** A paid order for a downloadable product with one file, and its permission's link. */
  async function aBoughtFile(options: { limit: number; filename: string }) {
    const { db } = database;
    const context = testContext({ db });
    const admin = await insertAccount(db, "owner@example.com", { role: "administrator" });
    const product = await insertSimpleProduct(db, { slug: "ebook", price: 900, stock: null });
    await db
      .update(products)
      .set({ downloadable: true, virtual: true, downloadLimit: options.limit })
      .where(eq(products.id, product.id));
    const file = await context.privateFiles.keepFile({
      bytes: PDF,
      filename: options.filename,
      uploadedBy: admin,
    });
    await db.transaction((tx) =>
      writeDownloads(tx, product.id, null, [{ name: "The book", file: `${DOWNLOAD_FILE_PATH}${file.id}` }]),
    );
    const orderId = await placeTestOrder(db, [{ productId: product.id, quantity: 1 }], { payment: "cod" });
    const [permission] = await db
      .select()
      .from(downloadPermissions)
      .where(eq(downloadPermissions.orderId, orderId))
      .orderBy(asc(downloadPermissions.id));
    const link = downloadPath(context.config.sessionSecret, orderId, permission!.id);
    const [, , order, permissionId, signature] = link.split("/");
    return { context, permission: permission!, params: { order, permission: permissionId, signature } };
  }

  const open = (context: AppLoadContext, params: Record<string, string | undefined>, method = "GET") =>
    answerDownload(context, new Request("https://shop.example/download", { method }), params);

  it("the same link opened twice at once with one download left: one file, one refusal, counted once", async () => {
    const { context, permission, params } = await aBoughtFile({ limit: 1, filename: "book.pdf" });
    const both = await Promise.all([open(context, params), open(context, params)]);
    expect(both.map((response) => response.status).sort()).toEqual([200, 403]);
    const given = both.find((response) => response.status === 200)!;
    expect(Buffer.from(await given.arrayBuffer()).equals(PDF)).toBe(true);
    const refused = both.find((response) => response.status === 403)!;
    expect(await refused.text()).toContain('data-reason="limit"');
    const [after] = await database.db
      .select()
      .from(downloadPermissions)
      .where(eq(downloadPermissions.id, permission.id));
    expect(after).toMatchObject({ downloadsRemaining: 0, downloadCount: 1 });
  });

  it("a HEAD is answered as its GET would be: the file's headers while a download is left, the refusal once none is", async () => {
    const { context, params } = await aBoughtFile({ limit: 1, filename: "book.pdf" });
    expect((await open(context, params, "HEAD")).status).toBe(200);
    expect((await open(context, params)).status).toBe(200);
    const head = await open(context, params, "HEAD");
    expect(head.status).toBe(403);
    expect(head.headers.get("content-disposition")).toBeNull();
    expect(await head.text()).toContain('data-reason="limit"');
  });

  it("answers the file as a private attachment named in both forms; a HEAD counts nothing; a changed signature is refused", async () => {
    const { context, permission, params } = await aBoughtFile({ limit: 2, filename: "Guide (2nd).pdf" });
    const head = await open(context, params, "HEAD");
    expect(head.status).toBe(200);
    const response = await open(context, params);
    expect(response.status).toBe(200);
    expect(Object.fromEntries(response.headers)).toMatchObject({
      "content-type": "application/pdf",
      "content-length": String(PDF.length),
      "cache-control": "private, no-store",
      "x-content-type-options": "nosniff",
    });
    expect(response.headers.get("content-disposition")).toBe(
      `attachment; filename="Guide (2nd).pdf"; filename*=UTF-8''Guide%20%282nd%29.pdf`,
    );
    const changed = `${params.signature!.slice(0, -1)}${params.signature!.endsWith("A") ? "B" : "A"}`;
    expect((await open(context, { ...params, signature: changed })).status).toBe(403);
    const [after] = await database.db
      .select()
      .from(downloadPermissions)
      .where(eq(downloadPermissions.id, permission.id));
    expect(after).toMatchObject({ downloadsRemaining: 1, downloadCount: 1 });
  });
});
