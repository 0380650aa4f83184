import { ADMIN, bearer, EMPTY_STORE, expect, test } from "./fixtures.ts";
import { axe } from "./support.ts";

/** The coming-soon page's own element (its strings travel in every page's translations). */
const COMING_SOON_PAGE = '<main class="coming-soon">';
/** The REST call the banner's link names, as the REST client sends it (with `_locale=user`). */
const USERS_ME = /\/api\/vitrine\/v2\/users\/me(\?|$)/;

test("coming-soon mode: visitors get the coming-soon page, staff the store with a banner they dismiss for good", async ({
  page,
  browser,
  sharedStore,
}) => {
  test.setTimeout(120_000);
  // A store apart from the main one (its worker's; settings put back after, so it starts as a fresh one).
  const store = await sharedStore(EMPTY_STORE);
  const origin = `http://127.0.0.1:${store.port}`;
  const issued = await page.request.post(`${origin}/api/vitrine/v2/auth/token`, { data: ADMIN });
  const { token } = (await issued.json()) as { token: string };

  await test.step("off in a fresh store: visitors see the store", async () => {
    const home = await page.request.get(`${origin}/shop`);
    expect(home.status()).toBe(200);
    expect(await home.text()).not.toContain(COMING_SOON_PAGE);
  });

  const changed = await page.request.put(`${origin}/api/vitrine/v2/settings`, {
    headers: bearer(token),
    data: { coming_soon: true },
  });
  expect(changed.status()).toBe(200);

  await test.step("visitors, with or without a forged staff hint, get a 200 noindex coming-soon page in their language", async () => {
    await expect(async () => {
      const answer = await page.request.get(`${origin}/shop`);
      expect(await answer.text()).toContain(COMING_SOON_PAGE);
    }).toPass();
    for (const [path, cookie] of [
      ["/", ""],
      ["/shop", ""],
      ["/product/anything", ""],
      ["/cart", "vitrine_account=staff"],
    ] as Array<[string, string]>) {
      const answer = await page.request.get(`${origin}${path}`, { headers: { Cookie: cookie } });
      expect(answer.status(), path).toBe(200);
      expect(answer.headers()["x-robots-tag"], path).toBe("noindex");
      const html = await answer.text();
      expect(html, path).toContain('<meta name="robots" content="noindex">');
      expect(html, path).toContain(COMING_SOON_PAGE);
      expect(html, path).not.toContain('class="site-header');
    }
    const visitor = await browser.newContext();
    const spanish = await visitor.newPage();
    await spanish.goto(`${origin}/shop?lang=es`);
    await expect(spanish.getByRole("heading", { level: 1 })).toHaveText("Próximamente");
    await expect(spanish).toHaveURL(/\/shop\?lang=es$/);
    expect(
      (await axe(spanish).analyze()).violations.filter(
        (v) => v.impact === "serious" || v.impact === "critical",
      ),
    ).toEqual([]);
    await visitor.close();
    // Signing in stays open, so staff can get in.
    expect(await (await page.request.get(`${origin}/my-account`)).text()).not.toContain(COMING_SOON_PAGE);
  });

  await test.step("the robots file and the sitemaps stay what they are for crawlers", async () => {
    const robots = await page.request.get(`${origin}/robots.txt`);
    expect(robots.status()).toBe(200);
    expect(robots.headers()["content-type"]).toContain("text/plain");
    const rules = await robots.text();
    expect(rules).toMatch(/^User-agent: \*/m);
    expect(rules).toContain(`Sitemap: ${origin}/sitemap.xml`);
    expect(rules).not.toContain(COMING_SOON_PAGE);
    expect(robots.headersArray().filter((h) => h.name.toLowerCase() === "cache-control")).toHaveLength(1);
    const sitemap = await page.request.get(`${origin}/sitemap.xml`);
    expect(sitemap.status()).toBe(200);
    expect(sitemap.headers()["content-type"]).toContain("xml");
    const index = await sitemap.text();
    expect(index).toMatch(
      /<(urlset|sitemapindex) xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9">/,
    );
    expect(index).not.toContain(COMING_SOON_PAGE);
    // A part of the sitemap (a small store has one file, so this one is not found) is not the page.
    expect(await (await page.request.get(`${origin}/sitemap/1.xml`)).text()).not.toContain(COMING_SOON_PAGE);
  });

  await test.step("an administrator sees the store and the banner; a failed dismissal still hides it", async () => {
    await page.goto(`${origin}/my-account`);
    const login = page.locator("form", { has: page.getByRole("button", { name: "Log in" }) });
    await login.getByLabel("Email address").fill(ADMIN.email);
    await login.getByLabel("Password", { exact: true }).fill(ADMIN.password);
    await login.getByRole("button", { name: "Log in" }).click();
    await expect(page.getByRole("button", { name: "Log out" })).toBeVisible();

    await page.goto(`${origin}/shop`);
    const banner = page.getByRole("complementary", { name: "Coming-soon mode" });
    await expect(banner).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).not.toHaveText("Coming soon");
    expect((await axe(page, ".coming-soon-banner").analyze()).violations).toEqual([]);
    await page.waitForFunction(() => document.documentElement.dataset.cartClient === "ready");

    await page.route(USERS_ME, (route) => route.fulfill({ status: 500, body: "{}" }));
    const refused = page.waitForResponse(USERS_ME);
    await banner.getByRole("link", { name: "Dismiss" }).click();
    await expect(banner).toHaveCount(0);
    // The banner hides at once; the call must have met the failing route before it is taken away,
    // or it reaches the server and the dismissal counts.
    expect((await refused).status()).toBe(500);
    await page.unroute(USERS_ME);
    await page.reload();
    await expect(banner).toBeVisible();
  });

  await test.step("a dismissal that reaches the server sends the meta with the nonce, and the banner is gone for good", async () => {
    await page.waitForFunction(() => document.documentElement.dataset.cartClient === "ready");
    const banner = page.getByRole("complementary", { name: "Coming-soon mode" });
    const sent = page.waitForRequest(USERS_ME);
    const answered = page.waitForResponse(USERS_ME);
    await banner.getByRole("link", { name: "Dismiss" }).click();
    await expect(banner).toHaveCount(0);
    const request = await sent;
    expect(request.method()).toBe("POST");
    expect(new URL(request.url()).searchParams.get("_locale")).toBe("user");
    expect(request.headers()["x-vitrine-nonce"]).toMatch(/\S+/);
    expect(request.postDataJSON()).toEqual({ woocommerce_meta: { coming_soon_banner_dismissed: "yes" } });
    expect((await answered).status()).toBe(200);
    await page.reload();
    await expect(page.locator("#main")).toBeVisible();
    await expect(banner).toHaveCount(0);
  });
});
