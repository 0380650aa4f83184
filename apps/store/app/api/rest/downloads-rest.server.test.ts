import { products } from "@vitrine/db";
import { availableDialects } from "@vitrine/db/testing";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { DOWNLOAD_FILE_PATH } from "../../lib/download-resource.ts";
import { insertSimpleProduct } from "../../services/catalogue/catalogue-fixtures.test-helper.ts";
import { writeDownloads } from "../../services/downloads/product-downloads.server.ts";
import { placeTestOrder } from "../../services/orders/order-fixtures.test-helper.ts";
import { restTestServer } from "./rest-server.test-helper.ts";

const PDF = Buffer.from("%PDF-1.4\n% the guide\n");

describe.each(await availableDialects())("downloadable products over REST on %s", (dialect) => {
  const server = restTestServer(dialect);
  const session = server.session;

  const call = (method: string, path: string, headers: Record<string, string>, body?: unknown) =>
    fetch(`${server.origin}/api/vitrine/v2${path}`, {
      method,
      headers: body === undefined ? headers : { ...headers, "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const upload = (headers: Record<string, string>, bytes: Buffer, filename: string) => {
    const body = new FormData();
    body.append("file", new Blob([new Uint8Array(bytes)]), filename);
    return fetch(`${server.origin}/api/vitrine/v2/downloads/files`, { method: "POST", headers, body });
  };

  it("keeps an administrator's file privately and answers its address, which only staff can read; other types and callers are refused", async () => {
    const admin = (await session("administrator")).headers;
    const answer = await upload(admin, PDF, "Guide.pdf");
    expect(answer.status).toBe(201);
    const kept = (await answer.json()) as { id: number; file: string; mime_type: string; filename: string };
    expect(kept).toMatchObject({ filename: "Guide.pdf", mime_type: "application/pdf", bytes: PDF.length });
    expect(kept.file).toBe(`${DOWNLOAD_FILE_PATH}${kept.id}`);

    const read = await fetch(`${server.origin}${kept.file}`, { headers: admin });
    expect(read.status).toBe(200);
    expect(read.headers.get("content-disposition")).toContain("attachment");
    expect(read.headers.get("cache-control")).toBe("private, no-store");
    expect(Buffer.from(await read.arrayBuffer()).equals(PDF)).toBe(true);
    expect((await fetch(`${server.origin}${kept.file}`)).status).toBe(401);
    expect((await call("GET", "/downloads/files/999999", admin)).status).toBe(404);

    const exe = await upload(admin, Buffer.from("MZ\x90\x00\x03 program"), "setup.exe");
    expect(exe.status).toBe(415);
    expect(await exe.json()).toMatchObject({ code: "rest_upload_invalid_type" });
    expect((await upload(admin, Buffer.alloc(0), "empty.pdf")).status).toBe(400);
    expect((await upload((await session("editor")).headers, PDF, "Guide.pdf")).status).toBe(403);
    expect((await upload((await session("customer")).headers, PDF, "Guide.pdf")).status).toBe(403);
  });

  it("sets a product's and a variation's files, limit and expiry in wc/v3's shape; a file not the store's is a 400 naming downloads", async () => {
    const admin = (await session("administrator")).headers;
    const guide = (await (await upload(admin, PDF, "Guide.pdf")).json()) as { file: string };
    const extra = (await (await upload(admin, PDF, "Extra.pdf")).json()) as { file: string };
    const created = await call("POST", "/products", admin, {
      type: "simple",
      regular_price: 900,
      downloadable: true,
      virtual: true,
      translations: { en: { name: "Field guide" } },
      downloads: [{ name: "The guide", file: guide.file }],
      download_limit: 3,
      download_expiry: 30,
    });
    expect(created.status).toBe(201);
    const product = (await created.json()) as {
      id: number;
      downloads: Array<{ id: string; name: string; file: string }>;
    };
    expect(product).toMatchObject({
      downloadable: true,
      download_limit: 3,
      download_expiry: 30,
      downloads: [{ id: expect.stringMatching(/^[\w-]+$/), name: "The guide", file: guide.file }],
    });
    const [kept] = product.downloads;

    // The whole list each time: the first kept by its id and renamed, a second added; a save without
    // `downloads` leaves them.
    const changed = await call("PUT", `/products/${product.id}`, admin, {
      downloads: [
        { id: kept!.id, name: "The field guide", file: guide.file },
        { name: "Extra maps", file: `http://shop.example${extra.file}` },
      ],
      download_limit: -1,
    });
    expect(changed.status).toBe(200);
    const after = (await changed.json()) as { downloads: Array<{ id: string; name: string }> };
    expect(after).toMatchObject({ download_limit: -1, download_expiry: 30 });
    expect(after.downloads.map((d) => d.name)).toEqual(["The field guide", "Extra maps"]);
    expect(after.downloads[0]!.id).toBe(kept!.id);
    const untouched = await call("PUT", `/products/${product.id}`, admin, { regular_price: 1000 });
    expect(((await untouched.json()) as { downloads: unknown[] }).downloads).toHaveLength(2);

    for (const file of ["https://elsewhere.example/file.zip", `${DOWNLOAD_FILE_PATH}999999`]) {
      const refused = await call("PUT", `/products/${product.id}`, admin, {
        downloads: [{ name: "X", file }],
      });
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({ data: { param: expect.stringMatching(/^downloads/) } });
    }
    const badLimit = await call("PUT", `/products/${product.id}`, admin, { download_limit: -2 });
    expect(badLimit.status).toBe(400);
    expect(await badLimit.json()).toMatchObject({ data: { param: "download_limit" } });
  });

  it("lists an order's permissions, changes what is left and when it ends, and revokes one", async () => {
    const { db } = server;
    const admin = (await session("administrator")).headers;
    const product = await insertSimpleProduct(db, { slug: "guide", price: 900, stock: null });
    await db
      .update(products)
      .set({ downloadable: true, downloadLimit: 2 })
      .where(eq(products.id, product.id));
    const kept = (await (await upload(admin, PDF, "Guide.pdf")).json()) as { file: string };
    await db.transaction((tx) =>
      writeDownloads(tx, product.id, null, [{ name: "The guide", file: kept.file }]),
    );
    const orderId = await placeTestOrder(db, [{ productId: product.id, quantity: 1 }], { payment: "cod" });

    const listed = await call("GET", `/orders/${orderId}/downloads`, admin);
    expect(listed.status).toBe(200);
    const [permission, ...more] = (await listed.json()) as Array<Record<string, unknown>>;
    expect(more).toEqual([]);
    expect(permission).toMatchObject({
      order_id: orderId,
      download_name: "The guide",
      product_name: "guide (en)",
      downloads_remaining: 2,
      access_expires: null,
      download_count: 0,
    });

    const changed = await call("PUT", `/orders/${orderId}/downloads/${permission!.id}`, admin, {
      downloads_remaining: 5,
      access_expires: "2031-01-31",
    });
    expect(changed.status).toBe(200);
    expect(await changed.json()).toMatchObject({
      downloads_remaining: 5,
      access_expires: "2031-01-31T23:59:59.999Z",
    });
    const bad = await call("PUT", `/orders/${orderId}/downloads/${permission!.id}`, admin, {
      downloads_remaining: -3,
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({
      code: "rest_invalid_param",
      data: { param: "downloads_remaining" },
    });
    expect(
      (await call("PUT", `/orders/${orderId}/downloads/${permission!.id}`, admin, { other: 1 })).status,
    ).toBe(400);

    expect((await call("DELETE", `/orders/${orderId + 1}/downloads/${permission!.id}`, admin)).status).toBe(
      404,
    );
    const revoked = await call("DELETE", `/orders/${orderId}/downloads/${permission!.id}`, admin);
    expect(await revoked.json()).toEqual({ id: permission!.id, deleted: true });
    expect((await call("DELETE", `/orders/${orderId}/downloads/${permission!.id}`, admin)).status).toBe(404);
    expect(await (await call("GET", `/orders/${orderId}/downloads`, admin)).json()).toEqual([]);
    expect(
      (await call("GET", `/orders/${orderId}/downloads`, (await session("editor")).headers)).status,
    ).toBe(403);
  });
});
