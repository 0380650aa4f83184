import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Browser, BrowserContext, Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { launchChromium } from "./support.ts";

/**
 * Differential test: the real `sourcebuster` library (the npm package, a development dependency) and
 * the store's own tracking run over the same visits in the same browser, and must leave the same
 * `sbjs_*` cookies: same names, values, domain, path and lifetime. The library is configured as
 * WooCommerce configures it (lifetime 0.00001 months, session 30 minutes, timezone offset "0",
 * Base64 off) plus a promo code, which the spec keeps; only the promo's random number may differ.
 *
 * Both sides use the same addresses: `shop.test` and `www.shop.test` resolve to the store. In the
 * reference context those addresses are answered by a page that runs the library instead of the
 * store; in both contexts, foreign referrers are answered by a page whose link leads to the store,
 * so the browser itself sends the referrer. The clock is fixed, so fire dates are the same instant.
 */
const port = Number(process.env.E2E_PORT);
const storeHost = /^http:\/\/(www\.)?shop\.test(:\d+)?\//;
const require = createRequire(import.meta.url);
const library = readFileSync(require.resolve("sourcebuster/dist/sourcebuster.min.js"), "utf8");

const referencePage = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>sourcebuster</title>
<script src="/__sourcebuster.js"></script>
<script>sbjs.init({ lifetime: 0.00001, session_length: 30, timezone_offset: "0", promocode: true });</script>
</head><body><p>reference</p></body></html>`;

type Step = {
  /** Path and query on the store. */
  path: string;
  /** The page the shopper comes from (a link on it is followed); none for a typed address. */
  referrer?: string;
  /** `www.shop.test` by default. */
  host?: string;
  /** Minutes since the previous step; past 30 the session cookie has expired. */
  later?: number;
};

const sequences: Array<[string, Step[]]> = [
  [
    "a campaign link on www., then the bare host",
    [
      { path: "/?utm_source=news&utm_medium=email&utm_campaign=summer+sale" },
      { path: "/shop", host: "shop.test" },
    ],
  ],
  [
    "a campaign with an encoded value",
    [{ path: "/?utm_source=news&utm_campaign=summer%20sale&utm_content=a" }],
  ],
  ["a Google Ads click id", [{ path: "/?gclid=abc123" }]],
  ["a Yandex click id with a source", [{ path: "/?yclid=xyz&utm_source=direct-mail" }]],
  [
    "a campaign from Yandex's results, which gives the term",
    [{ path: "/?utm_source=ads&utm_medium=cpc", referrer: "https://yandex.ru/search/?text=red+mugs" }],
  ],
  ...[
    "https://www.google.com/search?q=mugs",
    "https://www.google.co.uk/",
    "https://news.google.com/articles/abc",
    "https://yandex.ru/search/?text=mugs",
    "https://yandex.ru/",
    "https://www.bing.com/search?q=mugs",
    "https://search.yahoo.com/search?p=mugs",
    "https://www.about.com/?q=mugs",
    "https://search.aol.com/aol/search?q=mugs",
    "https://www.ask.com/web?q=mugs",
    "https://www.globososo.com/?q=mugs",
    "https://go.mail.ru/search?q=mugs",
    "https://nova.rambler.ru/search?query=mugs",
    "https://search.tut.by/?query=mugs",
  ].map((referrer): [string, Step[]] => [`from ${referrer}`, [{ path: "/", referrer }]]),
  [
    "referrals: a blog, t.co, Google+ links",
    [
      { path: "/", referrer: "https://blog.example.org/posts/best-mugs?ref=1" },
      { path: "/shop", later: 31, referrer: "https://t.co/abc" },
      { path: "/", later: 31, referrer: "https://plus.url.google.com/url?q=x" },
    ],
  ],
  ["a subdomain of the store is not a referral", [{ path: "/", referrer: "http://blog.shop.test/post" }]],
  [
    "several visits in one session, then a new session",
    [
      { path: "/", referrer: "https://blog.example.org/a" },
      { path: "/shop", referrer: "https://other.example.net/b" },
      { path: "/product-category/kitchen", later: 10 },
      { path: "/", later: 31, referrer: "https://other.example.net/c" },
      { path: "/?utm_source=newsletter", later: 5 },
    ],
  ],
];

type Side = { context: BrowserContext; page: Page };
let browser: Browser;

test.beforeAll(async () => {
  browser = await launchChromium([
    "--host-resolver-rules=MAP shop.test 127.0.0.1, MAP *.shop.test 127.0.0.1",
  ]);
});
test.afterAll(() => browser.close());

async function side(reference: boolean, next: { target: string }): Promise<Side> {
  const context = await browser.newContext({ timezoneId: "America/New_York" });
  await context.route(
    (url) => !storeHost.test(url.href) || reference,
    async (route) => {
      const url = route.request().url();
      if (url.endsWith("/__sourcebuster.js")) {
        return route.fulfill({ contentType: "text/javascript", body: library });
      }
      if (storeHost.test(url)) return route.fulfill({ contentType: "text/html", body: referencePage });
      // A foreign page: its link takes the shopper to the store with the full address as referrer.
      return route.fulfill({
        contentType: "text/html",
        body: `<!doctype html><meta name="referrer" content="unsafe-url"><a id="go" href="${next.target}">go</a>`,
      });
    },
  );
  return { context, page: await context.newPage() };
}

/**
 * WooCommerce's build of the library adds four campaign fields after the six of the npm release
 * (`id`, `plt`, `fmt`, `tct`: utm_id and the extended parameters); the store writes them in the same
 * place, so its source records are the library's followed by exactly those four.
 */
const extendedFields = /%7C%7C%7Cid%3D[^|]*%7C%7C%7Cplt%3D[^|]*%7C%7C%7Cfmt%3D[^|]*%7C%7C%7Ctct%3D[^|]*$/;

/** The tracking cookies as the browser keeps them (names, values, domain, path, session or not). */
async function trackingCookies(context: BrowserContext, extended: boolean) {
  return (await context.cookies())
    .filter((cookie) => cookie.name.startsWith("sbjs_"))
    .map((cookie) => {
      let value = cookie.value;
      if (cookie.name === "sbjs_promo") value = value.replace(/code%3D\d{6}$/, "code%3D<6 digits>");
      if (extended && (cookie.name === "sbjs_current" || cookie.name === "sbjs_first")) {
        expect(value, cookie.name).toMatch(extendedFields);
        value = value.replace(extendedFields, "");
      }
      return {
        name: cookie.name,
        value,
        domain: cookie.domain,
        path: cookie.path,
        session: cookie.expires === -1,
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
}

async function visit(side: Side, step: Step, at: Date, next: { target: string }, reference: boolean) {
  const { page, context } = side;
  await page.clock.setFixedTime(at);
  const target = `http://${step.host ?? "www.shop.test"}:${port}${step.path}`;
  const before = (await context.cookies()).find((cookie) => cookie.name === "sbjs_session")?.value;
  next.target = target;
  if (step.referrer) {
    await page.goto(step.referrer);
    await page.locator("#go").click();
    await page.waitForURL(target);
  } else {
    await page.goto(target);
  }
  if (!reference) {
    // The store's tracking runs once the page has hydrated: wait for its page view to be counted.
    await expect
      .poll(async () => (await context.cookies()).find((cookie) => cookie.name === "sbjs_session")?.value)
      .not.toBe(before);
  }
}

for (const [name, steps] of sequences) {
  test(`the store's tracking cookies equal sourcebuster's: ${name}`, async () => {
    const targets = { store: { target: "" }, reference: { target: "" } };
    const store = await side(false, targets.store);
    const reference = await side(true, targets.reference);
    try {
      let at = new Date(Math.floor(Date.now() / 1000) * 1000);
      for (const [index, step] of steps.entries()) {
        at = new Date(at.getTime() + (step.later ?? 0) * 60_000 + 1000);
        if ((step.later ?? 0) > 30) {
          // The session cookie's 30 minutes have passed: the browser would have dropped it.
          await store.context.clearCookies({ name: "sbjs_session" });
          await reference.context.clearCookies({ name: "sbjs_session" });
        }
        await visit(reference, step, at, targets.reference, true);
        await visit(store, step, at, targets.store, false);
        expect(await trackingCookies(store.context, true), `step ${index + 1}: ${step.path}`).toEqual(
          await trackingCookies(reference.context, false),
        );
      }
    } finally {
      await store.context.close();
      await reference.context.close();
    }
  });
}
