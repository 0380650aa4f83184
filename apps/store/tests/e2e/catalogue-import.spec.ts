import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { ADMIN, adminApi, EMPTY_STORE, expect, test } from "./fixtures.ts";
import { seriousViolations } from "./support.ts";

/**
 * The back office's catalogue import (issue 43, decision 0077) on a store of this spec's own (the
 * worker's empty store, whose picture fetcher may also reach 127.0.0.1, where the test's fake
 * picture host listens): upload, preview, run, report, and the product page. The products it
 * imports (their SKUs unique to the run) are drafts after it.
 */
const IMPORT_STORE = { ...EMPTY_STORE, TEST_IMPORT_PICTURES_FROM_LOOPBACK: "on" };

/** A fake host on 127.0.0.1 serving one PNG and one PDF, and a port nothing listens on. */
async function pictureHost() {
  const png = await sharp({ create: { width: 320, height: 240, channels: 3, background: "#2a6f97" } })
    .png()
    .toBuffer();
  const server = http.createServer((req, res) => {
    if (req.url === "/hoodie.png") res.writeHead(200, { "Content-Type": "image/png" }).end(png);
    else if (req.url === "/guide.pdf")
      res.writeHead(200, { "Content-Type": "application/pdf" }).end("%PDF-1.4\n% a knitting guide\n");
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const closed = http.createServer();
  await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
  const closedPort = (closed.address() as AddressInfo).port;
  await new Promise((resolve) => closed.close(resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    unreachable: `http://127.0.0.1:${closedPort}/cap.jpg`,
    close: () => server.close(),
  };
}

/**
 * WooCommerce's product CSV: a variable hoodie with two variations in nested categories, a cap
 * whose picture is unreachable, a bad row, and a downloadable guide whose file is on the fake host.
 */
function productCsv(run: string, pictures: { origin: string; unreachable: string }) {
  const header = [
    "ID",
    "Type",
    "SKU",
    "Name",
    "Published",
    "Visibility in catalog",
    "Short description",
    "Regular price",
    "Categories",
    "Images",
    "Parent",
    "Attribute 1 name",
    "Attribute 1 value(s)",
    "Attribute 1 visible",
    "Attribute 1 global",
    "Meta: _vitrine_slug",
    "Download 1 name",
    "Download 1 URL",
    "Download limit",
  ];
  const rows = [
    [
      "",
      "variable",
      `HOOD-${run}`,
      `Harbour hoodie ${run}`,
      "1",
      "visible",
      "A warm hoodie.",
      "",
      "Clothing > Hoodies",
      `${pictures.origin}/hoodie.png`,
      "",
      "Size",
      "S, M",
      "1",
      "0",
      `harbour-hoodie-${run}`,
      "",
      "",
      "",
    ],
    [
      "",
      "variation",
      `HOOD-${run}-S`,
      "Hoodie S",
      "1",
      "visible",
      "",
      "40",
      "",
      "",
      `HOOD-${run}`,
      "Size",
      "S",
      "",
      "0",
      "",
      "",
      "",
      "",
    ],
    [
      "",
      "variation",
      `HOOD-${run}-M`,
      "Hoodie M",
      "1",
      "visible",
      "",
      "42",
      "",
      "",
      `HOOD-${run}`,
      "Size",
      "M",
      "",
      "0",
      "",
      "",
      "",
      "",
    ],
    [
      "",
      "simple",
      `CAP-${run}`,
      `Harbour cap ${run}`,
      "1",
      "visible",
      "",
      "15",
      "Clothing > Hats",
      pictures.unreachable,
      "",
      "",
      "",
      "",
      "",
      `harbour-cap-${run}`,
      "",
      "",
      "",
    ],
    [
      "",
      "simple",
      `BAD-${run}`,
      "Broken price",
      "1",
      "visible",
      "",
      "fifteen",
      "Clothing",
      "",
      "",
      "",
      "",
      "",
      "",
      "",
      "",
      "",
      "",
    ],
    [
      "",
      "simple, downloadable, virtual",
      `GUIDE-${run}`,
      `Knitting guide ${run}`,
      "1",
      "visible",
      "",
      "5",
      "Guides",
      "",
      "",
      "",
      "",
      "",
      "",
      `knitting-guide-${run}`,
      "Knitting guide (PDF)",
      `${pictures.origin}/guide.pdf`,
      "3",
    ],
  ];
  const cell = (value: string) => (/[",\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);
  return [header, ...rows].map((row) => row.map(cell).join(",")).join("\n");
}

const count = (page: Page, name: string) => page.locator(`dd[data-count="${name}"]`);

test("the owner uploads a WooCommerce CSV, previews it, runs it and reads the report with its fetched file; the product page shows the imported product with its fetched picture", async ({
  page,
  request,
  sharedStore,
}) => {
  test.setTimeout(180_000);
  const { origin } = await sharedStore(IMPORT_STORE);
  const { call, revoke } = await adminApi(request, origin);
  const pictures = await pictureHost();
  const run = `${Date.now().toString(36)}`;
  try {
    await page.goto(`${origin}/my-account`);
    const login = page.locator("form.woocommerce-form-login");
    await login.locator('input[name="username"]').fill(ADMIN.email);
    await login.locator('input[name="password"]').fill(ADMIN.password);
    await login.locator('button[type="submit"]').click();
    await expect(page.locator('input[name="intent"][value="logout"]')).toBeAttached();

    await test.step("a file that is not CSV is refused with a message, not an error page", async () => {
      await page.goto(`${origin}/admin/products`);
      await page.getByRole("link", { name: "Import", exact: true }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Import products" })).toBeVisible();
      await page.getByLabel("Product CSV file").setInputFiles({
        name: "products.csv",
        mimeType: "text/csv",
        buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]),
      });
      await page.getByRole("button", { name: "Upload and preview" }).click();
      await expect(page.getByRole("alert")).toContainText("That file is not a CSV file");
    });

    await test.step("the preview maps the columns and counts what the file would do, naming the refused row", async () => {
      await page.getByLabel("Product CSV file").setInputFiles({
        name: "woocommerce-products.csv",
        mimeType: "text/csv",
        buffer: Buffer.from(productCsv(run, pictures)),
      });
      await page.getByRole("button", { name: "Upload and preview" }).click();
      await expect(
        page.getByRole("heading", { level: 1, name: "Import preview: woocommerce-products.csv" }),
      ).toBeVisible();
      const columns = page.getByRole("table", { name: "Columns" });
      await expect(columns.getByRole("row", { name: /Regular price/ })).toContainText("Regular price");
      await expect(columns.getByRole("row", { name: /Meta: _vitrine_slug/ })).toContainText(
        "Vitrine's own field",
      );
      await expect(count(page, "rows")).toHaveText("6");
      await expect(count(page, "created")).toHaveText("5");
      await expect(count(page, "updated")).toHaveText("0");
      await expect(count(page, "refused")).toHaveText("1");
      const refused = page.getByRole("table", { name: "1 refused row" });
      await expect(refused.getByRole("row").nth(1)).toContainText("6");
      await expect(refused.getByRole("row").nth(1)).toContainText("Regular price");
      const rows = page.getByRole("table", { name: "Rows" });
      await expect(rows.getByRole("row", { name: new RegExp(`HOOD-${run}-M`) })).toContainText(
        "Will be created",
      );
      expect(await seriousViolations(page)).toEqual([]);
    });

    await test.step("the run goes on in the background and ends in a report with the picture that could not be fetched", async () => {
      await page.getByRole("button", { name: "Run import" }).click();
      await expect(
        page.getByRole("heading", { level: 1, name: "Import of woocommerce-products.csv" }),
      ).toBeVisible({ timeout: 60_000 });
      await expect(page.getByText("The import has finished.")).toBeVisible();
      await expect(count(page, "created")).toHaveText("5");
      await expect(count(page, "refused")).toHaveText("1");
      // The hoodie's picture is fetched; the cap's is tried, again after a pause, then reported.
      const failed = page.getByRole("table", { name: "Pictures that could not be fetched" });
      await expect(failed.getByRole("row", { name: new RegExp(pictures.unreachable) })).toBeVisible({
        timeout: 60_000,
      });
      await expect(page.getByText("0 waiting, 1 fetched, 1 failed")).toBeVisible();
      // The guide's file is fetched into the private files, in its own section.
      const files = page.getByRole("region", { name: "Downloadable files" });
      await expect(files).toContainText("0 waiting, 1 fetched, 0 failed", { timeout: 60_000 });
      await page.getByRole("button", { name: "Fetch pictures again" }).click();
      await expect(page.getByText("1 waiting, 1 fetched, 0 failed")).toBeVisible();
      const listed = await call<Array<{ id: number; sku: string }>>(
        "GET",
        `/products?search=${run}&per_page=100`,
      );
      const guide = await call(
        "GET",
        `/products/${listed.find((product) => product.sku === `GUIDE-${run}`)?.id}`,
      );
      expect(guide).toMatchObject({
        downloadable: true,
        virtual: true,
        download_limit: 3,
        downloads: [expect.objectContaining({ name: "Knitting guide (PDF)" })],
      });
    });

    await test.step("the product page shows the imported hoodie with its picture", async () => {
      await page.goto(`${origin}/product/harbour-hoodie-${run}`);
      await expect(page.getByRole("heading", { level: 1, name: `Harbour hoodie ${run}` })).toBeVisible();
      const picture = page.locator(".woocommerce-product-gallery__image img").first();
      await expect(picture).toHaveAttribute("src", /\/media\//);
      await expect
        .poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth))
        .toBeGreaterThan(0);
      await page.goto(`${origin}/product/harbour-cap-${run}`);
      await expect(page.getByRole("heading", { level: 1, name: `Harbour cap ${run}` })).toBeVisible();
    });
  } finally {
    pictures.close();
    // Products cannot be deleted over REST: the imported ones leave this spec's own store's shop as drafts.
    const imported = await call<Array<{ id: number }>>("GET", `/products?search=${run}&per_page=100`);
    for (const product of imported) await call("PUT", `/products/${product.id}`, { status: "draft" });
    await revoke();
  }
});
