import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { ADMIN, bearer, EMPTY_STORE, expect, hydrated, test } from "./fixtures.ts";
import { axe, fillBilling, signInByForm } from "./support.ts";

/**
 * Downloadable products (issue 43, decision 0075), on the worker's empty store: the owner's file
 * and product through the REST API, a shopper who buys it (cash on delivery: the order is paid as
 * it is placed), the signed link in the receipt, the mail and My account's downloads, the file
 * within its limit, then the refusal.
 */

const FILE = Buffer.from("%PDF-1.4\n% Field guide to the downloads of issue 43\n%%EOF\n");

const serious = async (page: Page) =>
  (await axe(page, "main").analyze()).violations.filter(
    (v) => v.impact === "serious" || v.impact === "critical",
  );

test("a shopper buys a downloadable product, downloads its file within its limit, then is refused", async ({
  browser,
  sharedStore,
  sentMail,
}) => {
  test.setTimeout(120_000);
  const store = await sharedStore(EMPTY_STORE);
  const api = `${store.origin}/api/vitrine/v2`;
  const issued = await fetch(`${api}/auth/token`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(ADMIN),
  });
  expect(issued.status).toBe(201);
  const owner = bearer(((await issued.json()) as { token: string }).token);

  // The owner keeps the file privately and sells it: one download per copy bought.
  const body = new FormData();
  body.append("file", new Blob([new Uint8Array(FILE)]), "field-guide.pdf");
  const uploaded = await fetch(`${api}/downloads/files`, { method: "POST", headers: owner, body });
  expect(uploaded.status).toBe(201);
  const { file } = (await uploaded.json()) as { file: string };
  // Never served to the public: not under /media, and its address wants staff.
  expect((await fetch(`${store.origin}${file}`)).status).toBe(401);
  const suffix = `${test.info().workerIndex}-${Date.now()}`;
  const created = await fetch(`${api}/products`, {
    method: "POST",
    headers: { ...owner, "Content-Type": "application/json" },
    body: JSON.stringify({
      type: "simple",
      slug: `field-guide-${suffix}`,
      sku: `GUIDE-${suffix}`,
      regular_price: 900,
      // Shipped too (a book with its PDF): the virtual checkout is another test's.
      downloadable: true,
      translations: { en: { name: "Field guide" }, es: { name: "Guía de campo" } },
      downloads: [{ name: "Field guide (PDF)", file }],
      download_limit: 1,
    }),
  });
  expect(created.status).toBe(201);
  const productRecord = (await created.json()) as { id: number };
  await fetch(`${api}/auth/token`, { method: "DELETE", headers: owner });

  // A shopper with an account buys it.
  const context = await browser.newContext({ baseURL: store.origin, acceptDownloads: true });
  const page = await context.newPage();
  const email = `reader-${suffix}@example.com`;
  await page.goto("/my-account");
  const register = page.locator("form.woocommerce-form-register");
  await register.getByLabel("Email address").fill(email);
  await register.getByLabel("Password", { exact: true }).fill("correct horse battery");
  await register.getByRole("button", { name: "Register" }).click();
  await expect(page.getByText(`Hello ${email}`)).toBeVisible();

  await page.goto(`/product/field-guide-${suffix}`);
  await page.getByRole("button", { name: "Add to cart" }).click();
  await expect(page.getByRole("link", { name: /View cart/ }).first()).toBeVisible();
  await page.goto("/checkout");
  await fillBilling(page, { "Email address": email });
  await page.getByLabel("Cash on delivery").check();
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page).toHaveURL(/\/checkout\/order-received\/\d+/);

  // The receipt lists the file with what is left, by its signed link.
  const receipt = page.getByRole("region", { name: "Downloads" });
  await expect(receipt.getByRole("row", { name: /Field guide/ })).toContainText("1");
  const link = receipt.getByRole("link", { name: "Field guide (PDF)" });
  const href = await link.getAttribute("href");
  expect(href).toMatch(/^\/download\/\d+\/\d+\/[A-Za-z0-9_-]{43}$/);

  // So does the confirmation mail, with the link made absolute.
  const mail = await sentMail(email, "Your downloads", store.dataDir);
  expect(mail).toContain(`${store.origin}${href}`);

  // My account's downloads list it; nothing serious for axe.
  await page.goto("/my-account/downloads");
  await expect(page.getByRole("heading", { level: 1, name: "Downloads" })).toBeVisible();
  const listed = page.getByRole("link", { name: "Field guide (PDF)" });
  await expect(listed).toHaveAttribute("href", href!);
  expect(await serious(page)).toEqual([]);

  // Asking about the file (HEAD, as a mail scanner does) counts nothing.
  const asked = await page.request.head(href!);
  expect(asked.status()).toBe(200);
  expect(asked.headers()["content-disposition"]).toContain('attachment; filename="field-guide.pdf"');
  expect(asked.headers()["cache-control"]).toBe("private, no-store");

  // The one download: the file's own bytes, as an attachment.
  const downloading = page.waitForEvent("download");
  await listed.click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("field-guide.pdf");
  expect(readFileSync((await download.path())!).equals(FILE)).toBe(true);

  // Then refused: the limit is reached, in words and with a 403; the list has nothing left to offer.
  const refused = await page.goto(href!);
  expect(refused?.status()).toBe(403);
  await expect(page.getByRole("heading", { level: 1, name: "Download not available" })).toBeVisible();
  await expect(page.getByText("you have reached your download limit")).toBeVisible();
  await page.goto("/my-account/downloads");
  await expect(page.getByText("No downloads available yet.")).toBeVisible();

  // A link with another signature opens nothing.
  const forged = await page.request.get(`${href!.slice(0, -4)}AAAA`);
  expect(forged.status()).toBe(403);

  // The owner sees the permission on the order's page, gives one more download, then revokes it.
  const orderId = href!.split("/")[2];
  const ownerContext = await browser.newContext({ baseURL: store.origin });
  const back = await ownerContext.newPage();
  await signInByForm(back, ADMIN);
  await back.goto(`/admin/orders/${orderId}`);
  await hydrated(back);
  const permissions = back.getByRole("region", { name: "Downloadable product permissions" });
  const row = permissions.getByRole("row", { name: /Field guide \(PDF\)/ });
  await expect(row.getByLabel("Downloads remaining for Field guide (PDF)")).toHaveValue("0");
  await expect(row.getByRole("cell").nth(4)).toHaveText("1");
  await row.getByLabel("Downloads remaining for Field guide (PDF)").fill("1");
  await row.getByRole("button", { name: "Save Field guide (PDF)" }).click();
  await expect(permissions.getByRole("status")).toHaveText("Download permission saved.");
  const again = await page.request.get(href!);
  expect(again.status()).toBe(200);
  expect(Buffer.from(await again.body()).equals(FILE)).toBe(true);
  expect(again.headers()["cache-control"]).toBe("private, no-store");

  await row.getByRole("button", { name: "Revoke access to Field guide (PDF)" }).click();
  await expect(permissions.getByText("No download permissions.")).toBeVisible();
  const revoked = await page.goto(href!);
  expect(revoked?.status()).toBe(410);
  await expect(page.getByText("This download is no longer available.")).toBeVisible();

  // In the product editor: the file by its name; another one uploaded there and saved with it.
  const { id: productId } = productRecord;
  await back.goto(`/admin/products/${productId}`);
  await hydrated(back);
  const files = back.getByRole("group", { name: "Downloadable files" });
  await expect(files.getByLabel("File name")).toHaveValue("Field guide (PDF)");
  await files
    .getByLabel("Choose a file")
    .setInputFiles({ name: "maps.pdf", mimeType: "application/pdf", buffer: FILE });
  await files.getByRole("button", { name: "Upload", exact: true }).click();
  await expect(files.getByRole("status")).toHaveText("maps.pdf uploaded.");
  await back.getByRole("button", { name: "Save product" }).click();
  await expect(back).toHaveURL(/\?saved=1$/);
  await expect(files.getByLabel("File name")).toHaveCount(2);
  await expect(files.getByLabel("File name").nth(1)).toHaveValue("maps");
  await ownerContext.close();
  await context.close();
});
