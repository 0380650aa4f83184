import { parse } from "csv-parse/sync";
import { signIn } from "../e2e/http-shopper.ts";
import { ADMIN, bearer, expect, store, test } from "./fixtures.ts";

/**
 * The back office's export (decision 0074): the whole catalogue as WooCommerce's product CSV, a file
 * named with the day, for administrators only.
 */

type Product = { id: number; sku: string; type: string };

test("an administrator downloads the catalogue as WooCommerce's CSV: every product and variation, once", async ({
  request,
  adminToken,
}) => {
  const cookie = await signIn(store.origin, ADMIN.email, ADMIN.password);
  const response = await fetch(`${store.origin}/admin/products/export.csv`, { headers: { Cookie: cookie } });
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
  expect(response.headers.get("content-disposition")).toMatch(
    /^attachment; filename="[^"]*\d{4}-\d{2}-\d{2}[^"]*\.csv"$/,
  );
  expect(response.headers.get("cache-control")).toBe("private, no-store");
  const bytes = Buffer.from(await response.arrayBuffer());
  // A byte-order mark, as WooCommerce writes it, then its header.
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const rows = parse(bytes.subarray(3).toString("utf8"), { columns: true }) as Array<Record<string, string>>;
  expect(Object.keys(rows[0]!)).toEqual(
    expect.arrayContaining(["ID", "Type", "SKU", "Name", "Regular price", "Categories", "Images", "Parent"]),
  );
  expect(Object.keys(rows[0]!).slice(0, 3)).toEqual(["ID", "Type", "SKU"]);

  // Every product the API lists, and every variation of the variable ones, is a row.
  const products: Product[] = [];
  for (let page = 1; ; page++) {
    const listed = (await (
      await request.get(`/api/vitrine/v2/products?per_page=100&page=${page}`, {
        headers: bearer(adminToken),
      })
    ).json()) as Product[];
    products.push(...listed);
    if (listed.length < 100) break;
  }
  let variations = 0;
  for (const product of products.filter((p) => p.type === "variable"))
    variations += (
      (await (
        await request.get(`/api/vitrine/v2/products/${product.id}`, { headers: bearer(adminToken) })
      ).json()) as { variations: unknown[] }
    ).variations.length;
  expect(rows.filter((row) => row.Type !== "variation")).toHaveLength(products.length);
  expect(rows.filter((row) => row.Type === "variation")).toHaveLength(variations);
  const skus = products.map((product) => product.sku).filter(Boolean);
  expect(new Set(rows.map((row) => row.SKU).filter((sku) => skus.includes(sku!))).size).toBe(skus.length);
});

test("a guest is sent to sign in, and no file is given", async () => {
  const response = await fetch(`${store.origin}/admin/products/export.csv`, { redirect: "manual" });
  expect(response.status).toBe(302);
  expect(response.headers.get("location")).toMatch(/^\/my-account\?redirect=/);
  expect(response.headers.get("content-disposition")).toBeNull();
});
