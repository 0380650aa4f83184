import type { APIRequestContext, Page } from "@playwright/test";
import { bearer, E2E_MEDIA_DIR, expect, hydrated, test } from "./fixtures.ts";
import { addToCartFromShop, axe, fillBilling, signInByForm } from "./support.ts";

/**
 * The owner's analytics report (issue 18, decision 0042), on a store of its own: an order placed from
 * a campaign link while analytics are off, then sessions sent to the collection endpoint with
 * analytics on, read back on `/admin/analytics` (the totals, the daily table beside the chart, the
 * top pages, the clicked links, the sessions and the conversion by origin) in both languages.
 */
const ADMIN = { email: "analytics-report-admin@example.com", password: "analytics report admin password" };
const EVENTS = "/api/vitrine/v2/analytics/events";
const PHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1";
const DESKTOP = (n: number) =>
  `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.${n}.0 Safari/537.36`;

const serious = async (page: Page) =>
  (await axe(page).analyze()).violations.filter((v) => v.impact === "serious" || v.impact === "critical");

type Event = { kind: string; path: string; target?: string; landing?: { url: string; referrer: string } };

/** One browser tab's events, as the analytics client would send them, from a browser of `userAgent`. */
async function send(
  request: APIRequestContext,
  origin: string,
  batch: { session: string; userAgent: string; events: Event[] },
) {
  const sent = await request.post(`${origin}${EVENTS}`, {
    headers: { "User-Agent": batch.userAgent, "Content-Type": "application/json" },
    data: { session: batch.session, language: "en", events: batch.events },
  });
  expect(sent.status()).toBe(202);
}

test("an administrator reads the analytics of seeded sessions beside an order from the same campaign", async ({
  page,
  browser,
  spareStore,
}) => {
  // A spare store's start with the demo catalogue, an order through the checkout, and the report.
  test.setTimeout(180_000);
  const store = await spareStore({
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    SEED_DEMO: "on",
    MEDIA_DIR: E2E_MEDIA_DIR,
  });
  const origin = `http://127.0.0.1:${store.port}`;
  const { token } = (await (
    await page.request.post(`${origin}/api/vitrine/v2/auth/token`, { data: ADMIN })
  ).json()) as { token: string };
  const settings = (analytics: object) =>
    page.request.put(`${origin}/api/vitrine/v2/settings`, { headers: bearer(token), data: { analytics } });

  // With analytics off (a fresh store's), the shopper's own visit leaves no events: only the seeded
  // sessions below are counted.
  const order = await test.step("a shopper from the newsletter campaign places an order", async () => {
    const context = await browser.newContext({ baseURL: origin });
    const shopper = await context.newPage();
    await shopper.goto("/?utm_source=newsletter&utm_medium=email&utm_campaign=winter");
    await shopper.waitForFunction(() => decodeURIComponent(document.cookie).includes("cmp=winter"));
    await addToCartFromShop(shopper);
    await shopper.goto("/checkout");
    await hydrated(shopper);
    await fillBilling(shopper);
    await shopper.getByLabel("Direct bank transfer").check();
    await shopper.getByLabel(/I have read and agree/).check();
    await shopper.getByRole("button", { name: "Place order" }).click();
    await expect(shopper.getByText("Thank you. Your order has been received.")).toBeVisible();
    const id = Number(new URL(shopper.url()).pathname.split("/").pop());
    await context.close();
    const placed = (await (
      await page.request.get(`${origin}/api/vitrine/v2/orders/${id}`, { headers: bearer(token) })
    ).json()) as { total: number; currency: string; origin: string };
    expect(placed.origin).toBe("Source: Newsletter");
    return placed;
  });

  await test.step("three sessions are collected with analytics on, which then go off again", async () => {
    expect((await settings({ enabled: true })).status()).toBe(200);
    const campaign = { url: `${origin}/?utm_source=newsletter&utm_medium=email`, referrer: "" };
    // The settings reach the collection endpoint through the change feed: the first batch may wait.
    await expect
      .poll(async () =>
        (
          await page.request.post(`${origin}${EVENTS}`, {
            headers: { "User-Agent": PHONE, "Content-Type": "application/json" },
            data: {
              session: "report-session-phone-0001",
              language: "en",
              events: [{ kind: "page_view", path: "/", landing: campaign }],
            },
          })
        ).status(),
      )
      .toBe(202);
    await send(page.request, origin, {
      session: "report-session-phone-0001",
      userAgent: PHONE,
      events: [
        { kind: "page_view", path: "/shop" },
        { kind: "download", path: "/shop", target: `${origin}/files/size-guide.pdf` },
        { kind: "download", path: "/shop", target: `${origin}/files/size-guide.pdf` },
      ],
    });
    await send(page.request, origin, {
      session: "report-session-desktop-02",
      userAgent: DESKTOP(1),
      events: [
        { kind: "page_view", path: "/", landing: campaign },
        { kind: "outbound", path: "/", target: "https://example.org/partner" },
      ],
    });
    await send(page.request, origin, {
      session: "report-session-desktop-03",
      userAgent: DESKTOP(2),
      events: [
        { kind: "page_view", path: "/shop", landing: { url: `${origin}/shop`, referrer: "" } },
        { kind: "affiliate", path: "/shop", target: `${origin}/go/partner-shop` },
      ],
    });
    expect((await settings({ enabled: false })).status()).toBe(200);
  });

  const money = (cents: number) =>
    new Intl.NumberFormat("en-US", { style: "currency", currency: order.currency }).format(cents / 100);
  const today = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" }).format(new Date());

  // The administrator's own browser, on the spare store.
  const adminContext = await browser.newContext({ baseURL: origin });
  const admin = await adminContext.newPage();
  await test.step("the report, from the back office's navigation, adds them up", async () => {
    await signInByForm(admin, ADMIN);
    await admin.goto(`${origin}/admin`);
    await admin
      .getByRole("navigation", { name: "Back office" })
      .getByRole("link", { name: "Analytics", exact: true })
      .click();
    await expect(admin.getByRole("heading", { level: 1, name: "Analytics" })).toBeVisible();
    await expect(admin).toHaveURL(`${origin}/admin/analytics`);

    const figure = (name: string) =>
      admin.locator("dl > div").filter({ hasText: name }).getByRole("definition");
    await expect(figure("Page views")).toHaveText("4");
    await expect(figure("Sessions")).toHaveText("3");

    // The chart is one image; its figures are in the table: today's row, with three daily visitors.
    await expect(admin.getByRole("img", { name: /^Page views and visitors by day/ })).toBeVisible();
    const byDay = admin.getByRole("table", { name: /^Page views and visitors by day/ });
    await expect(byDay.getByRole("row")).toHaveCount(31);
    const rowOf = (table: ReturnType<Page["getByRole"]>, name: string) =>
      table.getByRole("row").filter({ has: admin.getByRole("rowheader", { name, exact: true }) });
    await expect(rowOf(byDay, today).getByRole("cell")).toHaveText(["4", "3"]);

    const pages = admin.getByRole("region", { name: "Top pages" });
    await expect(rowOf(pages, "/shop").getByRole("cell")).toHaveText(["2", "2"]);
    await expect(rowOf(pages, "/").getByRole("cell")).toHaveText(["2", "2"]);

    const clicks = admin.getByRole("region", { name: "Downloads and links" });
    await expect(
      rowOf(clicks.getByRole("table", { name: "Downloads" }), `${origin}/files/size-guide.pdf`).getByRole(
        "cell",
      ),
    ).toHaveText(["2"]);
    await expect(
      rowOf(clicks.getByRole("table", { name: "Outbound links" }), "https://example.org/partner").getByRole(
        "cell",
      ),
    ).toHaveText(["1"]);
    await expect(
      rowOf(clicks.getByRole("table", { name: "Affiliate links" }), `${origin}/go/partner-shop`).getByRole(
        "cell",
      ),
    ).toHaveText(["1"]);

    // The sessions, newest first: none recorded, so none to replay.
    const sessions = admin.getByRole("region", { name: "Recent sessions" }).getByRole("table");
    const sessionRows = sessions.locator("tbody tr");
    await expect(sessionRows).toHaveCount(3);
    await expect(sessionRows.nth(2).getByRole("cell")).toHaveText([
      "2",
      /^\d+ s$|^\d+ min \d+ s$/,
      "Mobile",
      "Source: Newsletter",
      "Not recorded",
    ]);
    await expect(sessionRows.nth(0).getByRole("cell").nth(3)).toHaveText("Direct");
    await expect(sessions.getByRole("link", { name: /^Replay/ })).toHaveCount(0);

    // Two sessions from the newsletter and its one order: 50 %.
    const conversion = admin.getByRole("region", { name: "Conversion by origin" }).getByRole("table");
    await expect(rowOf(conversion, "Source: Newsletter").getByRole("cell")).toHaveText([
      "2",
      "1",
      money(order.total),
      "50%",
    ]);
    await expect(rowOf(conversion, "Direct").getByRole("cell")).toHaveText(["1", "0", money(0), "0%"]);
    expect(await serious(admin)).toEqual([]);
  });

  await test.step("a bad period says so; the page reads in Spanish, and axe finds nothing serious", async () => {
    await admin.goto(`${origin}/admin/analytics?from=2026-02-01&to=2026-01-01`);
    await expect(admin.getByRole("alert")).toHaveText(/^That period is not one the report can show/);
    await admin.goto(`${origin}/admin/analytics?lang=es`);
    await expect(admin.getByRole("heading", { level: 1, name: "Analítica" })).toBeVisible();
    const conversion = admin.getByRole("region", { name: "Conversión por procedencia" }).getByRole("table");
    await expect(
      conversion
        .getByRole("row")
        .filter({ has: admin.getByRole("rowheader", { name: "Fuente: Newsletter", exact: true }) })
        .getByRole("cell")
        .last(),
    ).toHaveText(/^50\s?%$/);
    expect(await serious(admin)).toEqual([]);
    await admin.goto(`${origin}/admin?lang=en`);
    await expect(
      admin.getByRole("region", { name: "Sections" }).getByRole("link", { name: /^Analytics/ }),
    ).toHaveAttribute("href", "/admin/analytics");
  });

  await adminContext.close();

  // The same report through the REST API, for administrators only.
  const stranger = await browser.newContext();
  expect((await stranger.request.get(`${origin}/api/vitrine/v2/reports/analytics`)).status()).toBe(401);
  expect((await stranger.request.get(`${origin}/admin/analytics`, { maxRedirects: 0 })).status()).toBe(302);
  await stranger.close();
  const viaRest = await page.request.get(`${origin}/api/vitrine/v2/reports/analytics`, {
    headers: bearer(token),
  });
  expect(await viaRest.json()).toMatchObject({ totals: { views: 4, sessions: 3 } });
});
