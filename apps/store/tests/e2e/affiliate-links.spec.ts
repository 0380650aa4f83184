import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { Page } from "@playwright/test";
import { ADMIN, expect, test } from "./fixtures.ts";
import { axe, signInByForm } from "./support.ts";

/**
 * Affiliate links (spec §2, decision 0035): the owner adds one in the back office, `/go/{slug}` and
 * `/recommend/{slug}` lead to its target and each follow counts. The partner's site is stubbed at
 * the network edge, by a small fake on loopback.
 */
const serious = async (page: Page) =>
  (await axe(page).analyze()).violations.filter((v) => v.impact === "serious" || v.impact === "critical");
const hydrated = (page: Page) => page.waitForFunction(() => "__reactRouterRouteModules" in window);

test("(es) an administrator adds an affiliate link; shoppers follow it by both prefixes and each follow counts", async ({
  browser,
  baseURL,
  request,
}) => {
  // The partner's site.
  const partnerSite = createServer((req, res) =>
    res
      .writeHead(200, { "Content-Type": "text/html" })
      .end(`<title>Partner</title><h1>Partner page ${req.url?.split("?")[0]}</h1>`),
  );
  await new Promise<void>((resolve) => partnerSite.listen(0, "127.0.0.1", resolve));
  const partner = `http://127.0.0.1:${(partnerSite.address() as AddressInfo).port}`;
  const context = await browser.newContext({ baseURL });
  await context.addCookies([{ name: "googtrans", value: "/en/es", url: baseURL! }]);
  const admin = await context.newPage();
  await signInByForm(admin, ADMIN);
  await admin.goto("/admin");
  await admin.getByRole("navigation").getByRole("link", { name: "Enlaces de afiliados" }).click();
  await expect(admin.getByRole("heading", { level: 1, name: "Enlaces de afiliados" })).toBeVisible();
  await hydrated(admin);
  await admin.getByLabel(/^Identificador/).fill("partner-tea");
  await admin.getByLabel("Dirección de destino", { exact: true }).fill(`${partner}/tea?ref=vitrine`);
  await admin.getByRole("button", { name: "Añadir enlace" }).click();
  await expect(admin.locator(".back-office").getByRole("status")).toHaveText("Enlace de afiliado añadido.");
  const row = admin.getByRole("row", { name: /\/go\/partner-tea/ });
  await expect(row.getByRole("cell").nth(1)).toHaveText("0");
  expect(await serious(admin)).toEqual([]);

  // A bad slug is refused in the page's language.
  await admin.getByLabel(/^Identificador/).fill("Partner Tea");
  await admin.getByLabel("Dirección de destino", { exact: true }).fill("https://partner.example/");
  await admin.getByRole("button", { name: "Añadir enlace" }).click();
  await expect(admin.getByRole("alert")).toHaveText("Un identificador lleva minúsculas, cifras y guiones.");

  // The redirect itself: never cached, not indexed.
  const bare = await request.get("/go/partner-tea", { maxRedirects: 0 });
  expect(bare.status()).toBe(302);
  expect(bare.headers().location).toBe(`${partner}/tea?ref=vitrine`);
  expect(bare.headers()["cache-control"]).toContain("no-store");
  expect(bare.headers()["x-robots-tag"]).toContain("noindex");
  expect((await request.get("/go/no-such-partner", { maxRedirects: 0 })).status()).toBe(404);

  const shopper = await browser.newPage({ baseURL });
  await shopper.goto("/recommend/partner-tea");
  await expect(shopper).toHaveURL(`${partner}/tea?ref=vitrine`);
  await expect(shopper.getByRole("heading", { name: "Partner page /tea" })).toBeVisible();

  await admin.reload();
  await expect(row.getByRole("cell").nth(1)).toHaveText("2");

  // A new target keeps the count.
  await hydrated(admin);
  await row.getByLabel("Dirección de destino de /go/partner-tea").fill(`${partner}/green-tea`);
  await row.getByRole("button", { name: "Guardar /go/partner-tea" }).click();
  await expect(admin.locator(".back-office").getByRole("status")).toHaveText("Enlace de afiliado guardado.");
  await shopper.goto("/go/partner-tea");
  await expect(shopper).toHaveURL(`${partner}/green-tea`);
  await admin.reload();
  await expect(row.getByRole("cell").nth(1)).toHaveText("3");
  await context.close();
  partnerSite.close();
});
