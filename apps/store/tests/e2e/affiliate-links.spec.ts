import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { Page } from "@playwright/test";
import { ADMIN, expect, hydrated, test } from "./fixtures.ts";
import { axe, signInByForm } from "./support.ts";

/**
 * Affiliate links (spec §2, decision 0035): the owner adds one in the back office, `/go/{slug}` and
 * `/recommend/{slug}` lead to its target and each follow counts. The partner's site is stubbed at
 * the network edge, by a small fake on loopback.
 */
const serious = async (page: Page) =>
  (await axe(page).analyze()).violations.filter((v) => v.impact === "serious" || v.impact === "critical");

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

test("a dead affiliate link is the store's not-found page in the shopper's language; a live one sends one Cache-Control", async ({
  page,
  request,
  adminToken,
}) => {
  for (const [locale, title, text] of [
    ["en", "Page not found", "It looks like nothing was found at this location."],
    ["es", "Página no encontrada", "Parece que no hay nada en esta dirección."],
  ] as const) {
    const answer = await page.goto(`/go/no-such-partner?lang=${locale}`);
    expect(answer!.status()).toBe(404);
    expect(answer!.headers()["content-type"]).toContain("text/html");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    await expect(page.getByText(text)).toBeVisible();
    await expect(page.locator("header.site-header")).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(title));
    expect(await serious(page)).toEqual([]);
    const recommend = await request.get(`/recommend/no-such-partner?lang=${locale}`, { maxRedirects: 0 });
    expect(recommend.status()).toBe(404);
    expect(await recommend.text()).toContain(title);
    // A slug is one segment: a deeper path is no link, and the same page.
    const deeper = await request.get(`/go/partner-tea/deeper?lang=${locale}`, { maxRedirects: 0 });
    expect(deeper.status()).toBe(404);
    expect(deeper.headers()["content-type"]).toContain("text/html");
    expect(await deeper.text()).toContain(title);
  }

  const made = await request.post("/api/vitrine/v2/affiliate-links", {
    headers: { Authorization: `Bearer ${adminToken}` },
    data: { slug: "partner-one-header", target_url: "https://partner.example/one" },
  });
  expect(made.status()).toBe(201);
  try {
    for (const path of ["/go/partner-one-header", "/recommend/partner-one-header"]) {
      const followed = await request.get(path, { maxRedirects: 0 });
      expect(followed.status()).toBe(302);
      const cacheControl = followed.headersArray().filter((h) => h.name.toLowerCase() === "cache-control");
      expect(cacheControl.map((h) => h.value)).toEqual(["no-store"]);
    }
  } finally {
    await request.delete("/api/vitrine/v2/affiliate-links/partner-one-header", {
      headers: { Authorization: `Bearer ${adminToken}` },
    });
  }
});

test("affiliate links in content carry rel=sponsored nofollow; other links do not", async ({
  page,
  request,
  adminToken,
}) => {
  const headers = { Authorization: `Bearer ${adminToken}` };
  const created = await request.post("/api/vitrine/v2/pages", {
    headers,
    data: {
      title: { en: "Our partners", es: "Nuestros socios" },
      slug: "our-partners-rel",
      status: "publish",
      blocks: [
        {
          type: "hero",
          data: {
            title: { en: "Partners", es: "Socios" },
            text: { en: "Friends of the shop", es: "Amigos de la tienda" },
            cta: {
              label: { en: "Visit our partner", es: "Visita a nuestro socio" },
              url: "/recommend/partner-rel",
            },
          },
        },
        {
          type: "text",
          data: {
            title: { en: "Links", es: "Enlaces" },
            text: {
              en: "Try [the partner's tea](/go/partner-rel) or [our shop](/shop).",
              es: "Prueba [el té del socio](/go/partner-rel) o [nuestra tienda](/shop).",
            },
          },
        },
      ],
    },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  try {
    await page.goto("/our-partners-rel");
    await expect(page.getByRole("link", { name: "the partner's tea" })).toHaveAttribute(
      "rel",
      "sponsored nofollow",
    );
    await expect(page.getByRole("link", { name: "Visit our partner" })).toHaveAttribute(
      "rel",
      "sponsored nofollow",
    );
    await expect(page.getByRole("link", { name: "our shop", exact: true })).not.toHaveAttribute("rel", /./);
  } finally {
    expect((await request.delete(`/api/vitrine/v2/pages/${id}`, { headers })).status()).toBe(200);
  }
});
