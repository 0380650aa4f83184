import AxeBuilder from "@axe-core/playwright";
import type { Browser, BrowserContext, Page, Request } from "@playwright/test";
import {
  bearer,
  E2E_MEDIA_DIR,
  expect,
  hydrated,
  type SharedStore,
  type SharedStoreEnv,
  test,
} from "./fixtures.ts";
import { axe, signInByForm, WCAG_TAGS } from "./support.ts";

/**
 * Consent, first-party analytics and GA4 (issue 18, decision 0040), on the worker's store of this
 * file (its own administrator): the settings are store-wide, so each test sets its own and the
 * fixture puts them back after it. Every test follows its own visitor's session.
 */
const ADMIN = { email: "analytics-admin@example.com", password: "analytics admin password" };
const EVENTS = "/api/vitrine/v2/analytics/events";
const serious = (violations: Array<{ impact?: string | null }>) =>
  violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical");

type Sent = { kind: string; path: string; target?: string; landing?: { url: string; referrer: string } };

async function storeWith(
  sharedStore: (env: SharedStoreEnv) => Promise<SharedStore>,
  page: Page,
  settings: object,
) {
  const { origin } = await sharedStore({
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    SEED_DEMO: "on",
    MEDIA_DIR: E2E_MEDIA_DIR,
  });
  const { token } = (await (
    await page.request.post(`${origin}/api/vitrine/v2/auth/token`, { data: ADMIN })
  ).json()) as { token: string };
  const put = (data: object) =>
    page.request.put(`${origin}/api/vitrine/v2/settings`, { headers: bearer(token), data });
  expect((await put(settings)).status()).toBe(200);
  return { origin, token, put };
}

/** Every analytics request a page makes: the store's events, its analytics code, Google's hosts. */
function watch(target: Page | BrowserContext) {
  const events: Sent[] = [];
  const other: string[] = [];
  target.on("request", (request: Request) => {
    const url = new URL(request.url());
    if (url.pathname === EVENTS) {
      for (const event of (JSON.parse(request.postData() ?? "{}") as { events?: Sent[] }).events ?? [])
        events.push(event);
    } else if (
      /google|analytics|gtag/i.test(url.hostname) ||
      /\/assets\/(client|recorder)-[\w-]+\.js$/.test(url.pathname)
    )
      other.push(request.url());
  });
  return { events, other };
}

async function visitor(browser: Browser, origin: string, options = {}) {
  const context = await browser.newContext({ baseURL: origin, ...options });
  const page = await context.newPage();
  return { context, page };
}

/** The app has hydrated and its scripts are in (links added to the page now stay). */
const consentEvents = () => {
  const seen: unknown[] = [];
  (window as unknown as { seenConsent: unknown[] }).seenConsent = seen;
  document.addEventListener("wp_consent_type_defined", () => seen.push("type_defined"));
  document.addEventListener("wp_listen_for_consent_change", (event) =>
    seen.push((event as CustomEvent).detail),
  );
};

/**
 * Links the test clicks, in a box fixed to the window: at the end of the page they moved while
 * pictures and reviews above them loaded, and under load a click could land where a link had been.
 */
async function addLinks(page: Page, links: Array<{ href: string; text: string; download?: boolean }>) {
  await page.evaluate((given) => {
    const box = document.createElement("div");
    box.style.cssText = "position:fixed;top:40%;left:8px;z-index:2147483647;background:#fff;padding:8px";
    for (const { href, text, download } of given) {
      const link = document.createElement("a");
      link.href = href;
      link.textContent = text;
      if (download) link.download = "";
      box.append(link, " ");
    }
    document.querySelector("main")!.append(box);
  }, links);
}

test("nothing is sent before consent; accepting statistics starts analytics without a reload; each kind of event; revoking stops it", async ({
  page,
  browser,
  sharedStore,
}) => {
  // The store's start (when the worker's first), and a long walk through the store.
  test.setTimeout(180_000);
  const { origin } = await storeWith(sharedStore, page, {
    consent: { banner: true },
    analytics: { enabled: true },
  });
  const { context, page: shopper } = await visitor(browser, origin);
  await context.addInitScript(consentEvents);
  const seen = watch(shopper);
  // Outbound links land on a small fake of another site.
  await context.route("https://partner.example/**", (route) =>
    route.fulfill({ contentType: "text/html", body: "<title>Partner</title><h1>Partner</h1>" }),
  );
  await context.route("https://example.com/**", (route) =>
    route.fulfill({ contentType: "text/html", body: "<title>Shoes</title><h1>Shoes</h1>" }),
  );

  await shopper.goto("/");
  await hydrated(shopper);
  const banner = shopper.getByRole("region", { name: "Your privacy choices" });
  await expect(banner).toBeVisible();
  expect(await shopper.evaluate(() => window.wp_consent_type)).toBe("optin");
  expect(await shopper.evaluate(() => (window as unknown as { seenConsent: unknown[] }).seenConsent)).toEqual(
    ["type_defined"],
  );
  expect(await shopper.evaluate(() => window.wp_has_consent?.("statistics"))).toBe(false);
  expect(serious((await axe(shopper).analyze()).violations)).toEqual([]);
  // The page behind the banner is usable, and a client-side navigation sends nothing either.
  await shopper.getByRole("link", { name: "Shop", exact: true }).first().click();
  await shopper.waitForURL("**/shop");
  await expect(shopper.locator("li.product-small").first()).toBeVisible();
  expect(seen.events).toEqual([]);
  expect(seen.other).toEqual([]);
  await expect(shopper.locator("html")).not.toHaveAttribute("data-analytics");
  expect(
    await shopper.evaluate(() => Object.keys(sessionStorage).filter((key) => key.includes("analytics"))),
  ).toEqual([]);
  expect(
    (await context.cookies()).map((cookie) => cookie.name).filter((name) => /^(_ga|sbjs_)/.test(name)),
  ).toEqual([]);

  // Statistics only, chosen one by one: analytics starts on this page, without a reload.
  const landing = shopper.waitForRequest((request) => new URL(request.url()).pathname === EVENTS);
  await banner.getByRole("button", { name: "Choose" }).click();
  await banner.getByRole("checkbox", { name: /^Statistics/ }).check();
  expect(serious((await axe(shopper).include(".consent-banner").analyze()).violations)).toEqual([]);
  await banner.getByRole("button", { name: "Save choices" }).click();
  await expect(banner).toBeHidden();
  await landing;
  expect(seen.events[0]).toMatchObject({ kind: "page_view", path: "/shop" });
  expect(seen.events[0]?.landing?.url).toBe(`${origin}/shop`);
  expect(await shopper.evaluate(() => (window as unknown as { seenConsent: unknown[] }).seenConsent)).toEqual(
    ["type_defined", { statistics: "allow" }, { marketing: "deny" }],
  );
  // Marketing was not allowed: no attribution cookies.
  expect((await context.cookies()).filter((cookie) => cookie.name.startsWith("sbjs_"))).toEqual([]);

  // A client-side navigation is a page view; a change of the fragment is not.
  await shopper.locator("li.product-small a[href^='/product/']").first().click();
  await shopper.waitForURL("**/product/**");
  const productPath = new URL(shopper.url()).pathname;
  await expect.poll(() => seen.events.map((event) => event.path)).toEqual(["/shop", productPath]);
  await shopper.evaluate(() => {
    location.hash = "reviews";
  });
  // The fragment opens the reviews and scrolls to them (from 500 ms, over 1000 ms): the clicks below
  // wait for that scroll to end, or it moves the page under the pointer and the click misses.
  await expect(shopper.getByRole("tab", { name: /^Reviews/ })).toHaveAttribute("aria-selected", "true");
  await shopper.waitForFunction(
    () => {
      const top = Math.round(document.getElementById("reviews")!.getBoundingClientRect().top);
      const seen = window as unknown as { reviewsTop?: number };
      const settled = window.scrollY > 0 && seen.reviewsTop === top;
      seen.reviewsTop = top;
      return settled;
    },
    undefined,
    { polling: 100 },
  );

  // A download, an affiliate link and an outbound link.
  await addLinks(shopper, [
    { href: "/files/size-guide.pdf", text: "Size guide", download: true },
    { href: "/go/partner-shoes", text: "Partner shoes" },
  ]);
  await shopper.getByRole("link", { name: "Size guide" }).click();
  await expect
    .poll(() => seen.events.at(-1))
    .toEqual({ kind: "download", path: productPath, target: `${origin}/files/size-guide.pdf` });
  await shopper.getByRole("link", { name: "Partner shoes" }).click();
  // The click's event first, then the landing: a failure says which of the two did not happen.
  await expect
    .poll(() => seen.events.at(-1))
    .toEqual({ kind: "affiliate", path: productPath, target: `${origin}/go/partner-shoes` });
  await shopper.waitForURL("https://example.com/shoes");
  await shopper.goBack();
  await hydrated(shopper);
  await expect(shopper.locator("html")).toHaveAttribute("data-analytics", "on");
  await addLinks(shopper, [{ href: "https://partner.example/page?ref=shop", text: "Partner site" }]);
  await shopper.getByRole("link", { name: "Partner site" }).click();
  await shopper.waitForURL("https://partner.example/page?ref=shop");
  expect(seen.events.filter((event) => event.kind !== "page_view").map((event) => event.kind)).toEqual([
    "download",
    "affiliate",
    "outbound",
  ]);
  expect(seen.events.at(-1)).toEqual({
    kind: "outbound",
    path: productPath,
    target: "https://partner.example/page",
  });
  const kept = await page.request.get(`${origin}/api/vitrine/v2/affiliate-links`, {
    headers: bearer((await storeToken(page, origin)).token),
  });
  expect(
    ((await kept.json()) as Array<{ slug: string; clicks: number }>).find(
      (link) => link.slug === "partner-shoes",
    )?.clicks,
  ).toBe(1);

  // Revoked from the footer: nothing more is sent. The footer's button is clicked before the banner's
  // code has arrived (held here): the click is kept, and the banner opens for it once it is in.
  const before = seen.events.length;
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await shopper.route(/\/assets\/consent-host-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await shopper.goto("/shop");
  await hydrated(shopper);
  await expect.poll(() => seen.events.length).toBe(before + 1);
  expect(seen.events.at(-1)).toMatchObject({ kind: "page_view", path: "/shop" });
  const choices = shopper.getByRole("button", { name: "Privacy choices" });
  await choices.click();
  release();
  const reopened = shopper.getByRole("region", { name: "Your privacy choices" });
  await expect(reopened.getByRole("heading", { name: "Your privacy choices" })).toBeFocused();
  await reopened.getByRole("button", { name: "Reject all" }).click();
  await expect(choices).toBeFocused();
  await expect(shopper.locator("html")).not.toHaveAttribute("data-analytics");
  await shopper.locator("li.product-small a[href^='/product/']").first().click();
  await shopper.waitForURL("**/product/**");
  await expect(shopper.locator("h1")).toBeVisible();
  await shopper.goto("/shop");
  await hydrated(shopper);
  expect(seen.events.length).toBe(before + 1);
  expect(await shopper.evaluate(() => window.wp_has_consent?.("statistics"))).toBe(false);
  await context.close();
});

async function storeToken(page: Page, origin: string) {
  return (await (await page.request.post(`${origin}/api/vitrine/v2/auth/token`, { data: ADMIN })).json()) as {
    token: string;
  };
}

test("a consent tool's wp_set_consent starts analytics and order attribution; Global Privacy Control denies both until the shopper chooses", async ({
  page,
  browser,
  sharedStore,
}) => {
  test.setTimeout(120_000);
  const { origin, put } = await storeWith(sharedStore, page, { analytics: { enabled: true } });

  // No consent mechanism: analytics and attribution at once.
  const plain = await visitor(browser, origin);
  const plainSeen = watch(plain.page);
  await plain.page.goto("/shop?utm_source=news");
  await hydrated(plain.page);
  await expect.poll(() => plainSeen.events.map((event) => event.kind)).toEqual(["page_view"]);
  await expect(plain.page.getByRole("region", { name: "Your privacy choices" })).toHaveCount(0);
  await expect
    .poll(async () => (await plain.context.cookies()).some((cookie) => cookie.name === "sbjs_current"))
    .toBe(true);
  await plain.context.close();

  // Global Privacy Control: nothing, until the shopper's own choice.
  const gpc = await visitor(browser, origin, { extraHTTPHeaders: { "Sec-GPC": "1" } });
  await gpc.context.addInitScript(() =>
    Object.defineProperty(Navigator.prototype, "globalPrivacyControl", { get: () => true }),
  );
  const gpcSeen = watch(gpc.page);
  await gpc.page.goto("/shop?utm_source=news");
  await hydrated(gpc.page);
  await gpc.page.locator("li.product-small a[href^='/product/']").first().click();
  await gpc.page.waitForURL("**/product/**");
  expect(
    await gpc.page.evaluate(() => [
      window.wp_has_consent?.("statistics"),
      window.wp_has_consent?.("marketing"),
    ]),
  ).toEqual([false, false]);
  expect(gpcSeen.events).toEqual([]);
  expect(gpcSeen.other).toEqual([]);
  expect((await gpc.context.cookies()).filter((cookie) => cookie.name.startsWith("sbjs_"))).toEqual([]);
  // The server keeps nothing from such a browser either, though the request is well formed.
  const refused = await gpc.page.request.post(`${origin}${EVENTS}`, {
    headers: { "Content-Type": "text/plain", Origin: origin, "Sec-GPC": "1" },
    data: JSON.stringify({
      session: "gpc-session-123456",
      language: "en",
      events: [{ kind: "page_view", path: "/" }],
    }),
  });
  expect(refused.status()).toBe(204);

  // A consent tool speaking the WP Consent API allows both: analytics and attribution start on this page.
  await gpc.page.evaluate(() => {
    window.wp_set_consent?.("statistics", "allow");
    window.wp_set_consent?.("marketing", "allow");
  });
  await expect.poll(() => gpcSeen.events.map((event) => event.kind)).toEqual(["page_view"]);
  await expect
    .poll(async () => (await gpc.context.cookies()).some((cookie) => cookie.name === "sbjs_current"))
    .toBe(true);
  // …and a later deny deletes the attribution cookies, as WooCommerce's integration does.
  await gpc.page.evaluate(() => window.wp_set_consent?.("marketing", "deny"));
  await expect
    .poll(
      async () => (await gpc.context.cookies()).filter((cookie) => cookie.name.startsWith("sbjs_")).length,
    )
    .toBe(0);
  await gpc.context.close();

  // Bad input is a 400 with a code, never a 500.
  const bad = await page.request.post(`${origin}${EVENTS}`, {
    headers: { "Content-Type": "text/plain", Origin: origin },
    data: JSON.stringify({ session: "x", language: "en", events: [] }),
  });
  expect(bad.status()).toBe(400);
  expect(((await bad.json()) as { code: string }).code).toBe("analytics_invalid_event");
  expect((await put({ analytics: { enabled: false } })).status()).toBe(200);
});

test("an outbound click whose event cannot go as a beacon waits for it at most 1 s", async ({
  page,
  browser,
  sharedStore,
}) => {
  test.setTimeout(120_000);
  const { origin } = await storeWith(sharedStore, page, { analytics: { enabled: true } });
  const { context, page: shopper } = await visitor(browser, origin);
  await context.addInitScript(() => {
    navigator.sendBeacon = () => false;
  });
  await context.route("https://partner.example/**", (route) =>
    route.fulfill({ contentType: "text/html", body: "<title>Partner</title><h1>Partner</h1>" }),
  );
  await shopper.clock.install();
  await shopper.goto("/cart");
  await hydrated(shopper);
  await expect
    .poll(() => shopper.evaluate(() => sessionStorage.getItem("vitrine_analytics_landed")))
    .not.toBeNull();
  // The store never answers the click's event.
  await shopper.route(`**${EVENTS}`, () => {});
  await shopper.evaluate(() => {
    const link = document.createElement("a");
    link.href = "https://partner.example/page";
    link.textContent = "Partner site";
    document.querySelector("main")!.append(link);
  });
  await shopper.clock.pauseAt((await shopper.evaluate(() => Date.now())) + 1000);
  const asked = shopper.waitForRequest(`**${EVENTS}`);
  await shopper.getByRole("link", { name: "Partner site" }).click();
  await asked;
  await shopper.clock.runFor(999);
  expect(shopper.url()).toBe(`${origin}/cart`);
  const left = shopper.waitForURL("https://partner.example/page");
  await shopper.clock.runFor(1);
  await left;
  await context.close();
});

test("with a GA4 measurement id, the same events go through gtag after consent, and the policy allows Google's hosts", async ({
  page,
  browser,
  sharedStore,
}) => {
  test.setTimeout(120_000);
  const { origin } = await storeWith(sharedStore, page, {
    consent: { banner: true },
    analytics: { enabled: true, ga4_measurement_id: "G-TEST12345" },
  });
  const response = await page.request.get(`${origin}/shop`);
  const policy = response.headers()["content-security-policy"] ?? "";
  expect(policy).toMatch(/script-src [^;]*https:\/\/www\.googletagmanager\.com/);
  expect(policy).toMatch(/connect-src [^;]*https:\/\/\*\.google-analytics\.com/);

  const { context, page: shopper } = await visitor(browser, origin);
  const seen = watch(shopper);
  // Google at the network edge: its tag is a small fake that sends each gtag event to its collection URL.
  const collected: string[] = [];
  await context.route("https://www.googletagmanager.com/gtag/js**", (route) =>
    route.fulfill({
      contentType: "text/javascript",
      body: `(function(){var q=window.dataLayer||[];function run(a){if(a[0]==="event")navigator.sendBeacon("https://region1.google-analytics.com/g/collect?tid=G-TEST12345&en="+encodeURIComponent(a[1])+"&ep.outbound="+(a[2]&&a[2].outbound?"1":""))}
for(var i=0;i<q.length;i++)run(q[i]);q.push=function(a){run(a);return Array.prototype.push.call(q,a)}})();`,
    }),
  );
  await context.route("https://*.google-analytics.com/**", (route) => {
    collected.push(route.request().url());
    return route.fulfill({ status: 204 });
  });
  await context.route("https://partner.example/**", (route) =>
    route.fulfill({ contentType: "text/html", body: "<title>Partner</title><h1>Partner</h1>" }),
  );
  // The cart, not a listing: a link at the end of a listing reaches its infinite scroll, which moves the
  // link down and the address to /shop/page/2 while the click is on its way (CI, 1 run in many).
  await shopper.goto("/cart");
  await hydrated(shopper);
  expect(seen.other).toEqual([]);
  await shopper
    .getByRole("region", { name: "Your privacy choices" })
    .getByRole("button", { name: "Accept all" })
    .click();
  await expect.poll(() => collected.map((url) => new URL(url).searchParams.get("en"))).toEqual(["page_view"]);
  expect(seen.events.map((event) => event.kind)).toEqual(["page_view"]);
  await shopper.evaluate(() => {
    const link = document.createElement("a");
    link.href = "https://partner.example/page";
    link.textContent = "Partner site";
    document.querySelector("main")!.append(link);
  });
  await shopper.getByRole("link", { name: "Partner site" }).click();
  await shopper.waitForURL("https://partner.example/page");
  expect(collected.map((url) => new URL(url).searchParams.get("en"))).toEqual(["page_view", "click"]);
  expect(new URL(collected[1]!).searchParams.get("ep.outbound")).toBe("1");
  await context.close();
});

test("a recorded session plays back in the back office with every field masked", async ({
  page,
  browser,
  sharedStore,
}) => {
  // The store's start (when the worker's first), a shopper's page recorded until its batches are in, and the replay.
  test.setTimeout(180_000);
  const { origin, token } = await storeWith(sharedStore, page, {
    analytics: { enabled: true, recording: { enabled: true, sample_rate: 100 } },
  });
  const { context, page: shopper } = await visitor(browser, origin);
  await shopper.goto("/my-account");
  await hydrated(shopper);
  // rrweb has taken the page's snapshot once the session is drawn (the same task starts it).
  await shopper.waitForFunction(() => sessionStorage.getItem("vitrine_recording_sampled")?.endsWith(":1"));
  const session = await shopper.evaluate(() => sessionStorage.getItem("vitrine_analytics_session") ?? "");
  const email = "replay-secret-shopper@example.com";
  const password = "sesame-secret-42";
  const login = shopper.locator("form.woocommerce-form-login");
  await login.getByLabel("Email address").fill(email);
  await login.getByLabel("Password", { exact: true }).fill(password);
  const register = shopper.locator("form.woocommerce-form-register");
  await register.getByLabel("Email address").fill(email);

  // The batches go compressed, in the background (`keepalive`, whose bodies and answers the browser's
  // tools do not show): what the store kept, as the replay reads it, holds the typing masked, on the
  // recorder's 5 s beat, and never what was typed.
  const recording = async () => {
    const kept = await page.request.get(
      `${origin}/api/vitrine/v2/analytics/sessions/${encodeURIComponent(session)}/recording`,
      { headers: bearer(token) },
    );
    return kept.ok() ? await kept.text() : "";
  };
  const maskedEmail = `"text":"${"*".repeat(email.length)}"`;
  await expect
    .poll(async () => {
      const kept = await recording();
      return kept.includes(maskedEmail) && kept.includes('"text":"********"');
    })
    .toBe(true);
  const kept = await recording();
  expect(kept).not.toContain(email);
  expect(kept).not.toContain(password);
  await context.close();

  // The owner replays it, from the keyboard, without autoplay (reduced motion).
  const adminContext = await browser.newContext({ baseURL: origin, reducedMotion: "reduce" });
  const admin = await adminContext.newPage();
  await signInByForm(admin, ADMIN);
  await admin.goto(`/admin/analytics/sessions/${encodeURIComponent(session)}`);
  await expect(admin.getByRole("heading", { level: 1, name: "Session replay" })).toBeVisible();
  await expect(admin.getByRole("definition").filter({ hasText: "/my-account" })).toBeVisible();
  const play = admin.getByRole("button", { name: "Play" });
  await expect(play).toBeVisible();
  const replayed = admin.frameLocator(".session-replay-frame iframe");
  // The snapshot is shown at the start: the form, still empty.
  const replayedLogin = replayed.locator("form.woocommerce-form-login");
  await expect(replayedLogin.locator('input[type="password"]')).toHaveValue("");
  // The page as it opens. The replay's frame holds the shopper's page, a document of its own with no
  // scripts: the scan covers the back office's page around it.
  const scan = await new AxeBuilder({ page: admin })
    .options({ iframes: false })
    .withTags(WCAG_TAGS)
    .exclude(".session-replay-frame")
    .analyze();
  expect(serious(scan.violations)).toEqual([]);
  // To the end of the recording: every keystroke applied, each one masked.
  const position = admin.getByRole("slider", { name: "Position in the recording" });
  await position.focus();
  await admin.keyboard.press("End");
  await expect(replayedLogin.locator('input[name="username"]')).toHaveValue("*".repeat(email.length));
  await expect(replayedLogin.locator('input[type="password"]')).toHaveValue("********");
  await expect(replayed.locator("form.woocommerce-form-register input[type=email]")).toHaveValue(
    "*".repeat(email.length),
  );
  expect(await replayed.locator("body").innerHTML()).not.toContain(email);
  // Play, from the keyboard: the player plays (from the beginning again).
  await play.press("Enter");
  await expect(admin.getByRole("button", { name: "Pause" })).toBeFocused();
  await adminContext.close();
});
