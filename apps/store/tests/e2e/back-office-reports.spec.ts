import { readFileSync } from "node:fs";
import type { APIRequestContext, Browser, Page } from "@playwright/test";
import {
  ADMIN,
  bearer,
  expect,
  hydrated,
  type ListedProduct,
  OWN_PRODUCTS,
  ownProduct,
  test,
} from "./fixtures.ts";
import { axe, backOfficeHydrated, fillBilling, signInByForm } from "./support.ts";

/**
 * The owner's dashboard and attribution report (issue 17, decision 0037): orders placed in this test
 * from campaign links, one of them on a phone, read back in the report's table by campaign and by
 * origin, exported as CSV, and counted on the dashboard; the report's form without JavaScript;
 * editors kept to their links.
 */
const serious = async (page: Page) =>
  (await axe(page).analyze()).violations.filter((v) => v.impact === "serious" || v.impact === "critical");

const PHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1";

type Product = ListedProduct;
type Order = { id: number; total: number; currency: string; date_created: string };

/**
 * A new shopper arrives from a campaign link (the tracker has counted the visit), buys one of the
 * product by bank transfer, and leaves; the order as the REST API gives it.
 */
async function orderFromCampaign(
  browser: Browser,
  baseURL: string,
  request: APIRequestContext,
  token: string,
  visit: { source: string; campaign: string; product: Product; userAgent?: string },
): Promise<Order> {
  const context = await browser.newContext({
    baseURL,
    ...(visit.userAgent ? { userAgent: visit.userAgent } : {}),
  });
  const page = await context.newPage();
  await page.goto(`/?utm_source=${visit.source}&utm_medium=email&utm_campaign=${visit.campaign}`);
  await page.waitForFunction(
    (wanted) => decodeURIComponent(document.cookie).includes(`cmp=${wanted}`),
    visit.campaign,
  );
  await page.goto(`/product/${visit.product.slug}`);
  await hydrated(page);
  await page.locator("form.cart").getByRole("button", { name: "Add to cart" }).click();
  await expect(page.getByText(/has been added to your cart/).first()).toBeVisible();
  await page.goto("/checkout");
  await hydrated(page);
  await fillBilling(page);
  await page.getByLabel("Direct bank transfer").check();
  await page.getByLabel(/I have read and agree/).check();
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page.getByText("Thank you. Your order has been received.")).toBeVisible();
  const id = Number(new URL(page.url()).pathname.split("/").pop());
  await context.close();
  const order = (await (
    await request.get(`/api/vitrine/v2/orders/${id}`, { headers: bearer(token) })
  ).json()) as Order & { attribution: { utmCampaign: string; deviceType: string } };
  expect(order.attribution).toMatchObject({
    utmCampaign: visit.campaign,
    deviceType: visit.userAgent ? "Mobile" : "Desktop",
  });
  return order;
}

test("an administrator reads the attribution report of orders placed with known origins, exports it, and sees them on the dashboard", async ({
  browser,
  baseURL,
  request,
  adminToken,
}) => {
  test.setTimeout(150_000);
  // Names no other test uses, so that parallel tests' orders land in other groups.
  const source = `reports${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const origin = `Source: ${source.charAt(0).toUpperCase()}${source.slice(1)}`;
  const spring = `${source}-spring`;
  const phone = `${source}-phone`;
  const product = await ownProduct(request, adminToken, OWN_PRODUCTS.reports);
  const placed = [
    await orderFromCampaign(browser, baseURL!, request, adminToken, { source, campaign: spring, product }),
    await orderFromCampaign(browser, baseURL!, request, adminToken, { source, campaign: spring, product }),
    await orderFromCampaign(browser, baseURL!, request, adminToken, {
      source,
      campaign: phone,
      product,
      userAgent: PHONE,
    }),
  ];
  const currency = placed[0]!.currency;
  const money = (cents: number) =>
    new Intl.NumberFormat("en-US", { style: "currency", currency }).format(cents / 100);
  const sum = (orders: Order[]) => orders.reduce((total, order) => total + order.total, 0);
  // The report's days are UTC days: those the orders were placed on.
  const days = placed.map((order) => order.date_created.slice(0, 10)).sort();
  const [from, to] = [days[0]!, days.at(-1)!];

  const context = await browser.newContext({ baseURL, acceptDownloads: true });
  const admin = await context.newPage();
  await signInByForm(admin, ADMIN);

  // The dashboard counts today's sales and lists the newest orders, these among them.
  await admin.goto("/admin");
  await expect(admin.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  const today = admin.getByRole("region", { name: "Today" });
  const todayOrders = Number(await today.getByRole("definition").first().textContent());
  expect(todayOrders).toBeGreaterThanOrEqual(3);
  const recent = admin.getByRole("region", { name: "Recent orders" });
  await expect(recent.getByRole("link", { name: `#${placed[2]!.id}`, exact: true })).toHaveAttribute(
    "href",
    `/admin/orders/${placed[2]!.id}`,
  );
  await expect(admin.getByRole("heading", { level: 2, name: "Low stock" })).toBeVisible();
  expect(await serious(admin)).toEqual([]);

  // The report, from the back office's navigation: the period and the grouping in a GET form.
  await admin.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Reports" }).click();
  await expect(admin.getByRole("heading", { level: 1, name: "Reports" })).toBeVisible();
  await backOfficeHydrated(admin);
  const form = admin.getByRole("form", { name: "Choose the report" });
  await form.getByLabel("From").fill(from);
  await form.getByLabel("To").fill(to);
  await form.getByLabel("Group by").selectOption("campaign");
  await form.getByRole("button", { name: "Show report" }).click();
  await expect(admin).toHaveURL(new RegExp(`\\?from=${from}&to=${to}&by=campaign$`));

  const table = admin.getByRole("table", { name: /^Orders and revenue by campaign/ });
  const row = (name: string) =>
    table.getByRole("row").filter({ has: admin.getByRole("rowheader", { name, exact: true }) });
  await expect(row(spring).getByRole("cell")).toHaveText(["2", money(sum(placed.slice(0, 2)))]);
  await expect(row(phone).getByRole("cell")).toHaveText(["1", money(placed[2]!.total)]);
  await expect(admin.getByRole("img", { name: /^Orders by campaign/ })).toBeVisible();
  await expect(admin.getByRole("img", { name: /^Revenue by campaign/ })).toBeVisible();
  expect(await serious(admin)).toEqual([]);

  // The same report as a file.
  const downloading = admin.waitForEvent("download");
  await admin.getByRole("link", { name: "Download as CSV" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`attribution-by-campaign-${from}-to-${to}.csv`);
  const csv = readFileSync(await download.path(), "utf8");
  expect(csv.startsWith("\uFEFFcampaign,orders,revenue,currency\r\n")).toBe(true);
  const lines = csv.slice(1).split("\r\n");
  expect(lines).toContain(`${spring},2,${(sum(placed.slice(0, 2)) / 100).toFixed(2)},${currency}`);
  expect(lines).toContain(`${phone},1,${(placed[2]!.total / 100).toFixed(2)},${currency}`);

  // By origin the three are one group; by device the phone's order is among the mobile ones.
  await form.getByLabel("Group by").selectOption("origin");
  await form.getByRole("button", { name: "Show report" }).click();
  const byOrigin = admin.getByRole("table", { name: /^Orders and revenue by origin/ });
  await expect(
    byOrigin
      .getByRole("row")
      .filter({ has: admin.getByRole("rowheader", { name: origin, exact: true }) })
      .getByRole("cell"),
  ).toHaveText(["3", money(sum(placed))]);
  await form.getByLabel("Group by").selectOption("device");
  await form.getByRole("button", { name: "Show report" }).click();
  await expect(
    admin.getByRole("table", { name: /^Orders and revenue by device/ }).getByRole("rowheader"),
  ).toContainText(["Mobile"]);
  await context.close();

  // Only administrators get the file; a visitor is sent to sign in.
  const file = `/admin/reports/attribution.csv?from=${from}&to=${to}&by=campaign`;
  const visitor = await request.get(file, { maxRedirects: 0 });
  expect(visitor.status()).toBe(302);
  expect(visitor.headers().location).toMatch(/^\/my-account\?redirect=/);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the report's form is a plain GET form, and a bad period says so", async ({ page }) => {
    await signInByForm(page, ADMIN);
    await page.goto("/admin/reports");
    const form = page.getByRole("form", { name: "Choose the report" });
    await form.getByLabel("From").fill("2025-01-01");
    await form.getByLabel("To").fill("2025-01-31");
    await form.getByLabel("Group by").selectOption("source_type");
    await form.getByRole("button", { name: "Show report" }).click();
    await expect(page).toHaveURL(/\/admin\/reports\?from=2025-01-01&to=2025-01-31&by=source_type$/);
    await expect(page.getByText("From January 1, 2025 to January 31, 2025", { exact: false })).toBeVisible();
    await expect(page.getByRole("link", { name: "Download as CSV" })).toHaveAttribute(
      "href",
      "/admin/reports/attribution.csv?from=2025-01-01&to=2025-01-31&by=source_type",
    );

    await page.goto("/admin/reports?from=2025-02-01&to=2025-01-01&by=campaign");
    await expect(page.getByRole("alert")).toHaveText(
      "That period or grouping is not one the report can show: here is this month by origin instead.",
    );
    await expect(page.getByRole("form", { name: "Choose the report" }).getByLabel("Group by")).toHaveValue(
      "origin",
    );
    const refused = await page.request.get(
      "/admin/reports/attribution.csv?from=2025-02-01&to=2025-01-01&by=campaign",
    );
    expect(refused.status()).toBe(400);
    expect(await refused.json()).toEqual({
      code: "invalid_report_query",
      message:
        "Give from and to as YYYY-MM-DD, from not after to, and by as origin, source_type, campaign or device.",
    });
    const refusedInSpanish = await page.request.get(
      "/admin/reports/attribution.csv?from=2025-02-01&to=2025-01-01&by=campaign&lang=es",
    );
    expect(refusedInSpanish.status()).toBe(400);
    expect((await refusedInSpanish.json()).message).toBe(
      "Indica from y to como AAAA-MM-DD, from no posterior a to, y by como origin, source_type, campaign o device.",
    );
  });
});

test("editors see the sections they may use on the dashboard, and neither figures nor reports", async ({
  page,
  shopper,
  request,
  adminToken,
}) => {
  const promoted = await request.put(`/api/vitrine/v2/users/${shopper.id}`, {
    headers: bearer(adminToken),
    data: { role: "editor" },
  });
  expect(promoted.status()).toBe(200);
  await page.goto("/admin");
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Sections" }).getByRole("link")).toHaveText([
    /^Media library/,
    /^Pages/,
  ]);
  await expect(page.getByRole("heading", { name: "Sales" })).toHaveCount(0);
  await expect(page.getByRole("region", { name: "Recent orders" })).toHaveCount(0);
  await expect(
    page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Reports" }),
  ).toHaveCount(0);
  expect(await serious(page)).toEqual([]);
  expect((await page.goto("/admin/reports"))?.status()).toBe(403);
  const file = await page.request.get(
    "/admin/reports/attribution.csv?from=2025-01-01&to=2025-01-31&by=origin",
  );
  expect(file.status()).toBe(403);
});
