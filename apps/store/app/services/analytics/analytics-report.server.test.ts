import { analyticsEvents, analyticsRecordings, orderAttribution, orders } from "@vitrine/db";
import { availableDialects, createTestDatabase, type TestDatabase } from "@vitrine/db/testing";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ANALYTICS_LIST_ROWS, readAnalyticsQuery } from "../../lib/analytics-report.ts";
import type { OrderStatus } from "../../lib/order-status.ts";
import { insertOrder } from "../orders/order-fixtures.test-helper.ts";
import { analyticsReport } from "./analytics-report.server.ts";

describe("the analytics report's period", () => {
  const now = new Date("2026-11-26T10:00:00Z");
  const read = (address: string) => readAnalyticsQuery(new URLSearchParams(address), now);

  it("is the last 30 UTC days by default, and either end may be given", () => {
    expect(read("")).toEqual({ query: { from: "2026-10-28", to: "2026-11-26" }, invalid: false });
    expect(read("from=2026-11-01&to=2026-11-03")).toEqual({
      query: { from: "2026-11-01", to: "2026-11-03" },
      invalid: false,
    });
    expect(read("from=2026-11-20").query).toEqual({ from: "2026-11-20", to: "2026-11-26" });
  });

  it("falls back to the default, and says so, for a bad, reversed or too long period", () => {
    for (const address of [
      "from=yesterday",
      "from=2026-11-03&to=2026-11-01",
      "from=2024-01-01&to=2026-01-01",
    ])
      expect(read(address)).toEqual({ query: { from: "2026-10-28", to: "2026-11-26" }, invalid: true });
  });
});

describe.each(await availableDialects())("the analytics report on %s", (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
  });
  afterAll(() => database.close());
  beforeEach(() => database.reset());

  type Event = {
    at: string;
    visitor: string;
    session: string;
    kind?: "page_view" | "download" | "outbound" | "affiliate";
    path?: string;
    target?: string;
    device?: "Mobile" | "Tablet" | "Desktop";
    origin?: [string, string];
  };
  async function event(values: Event) {
    await database.db.insert(analyticsEvents).values({
      occurredAt: new Date(values.at),
      visitor: values.visitor,
      session: values.session,
      kind: values.kind ?? "page_view",
      path: values.path ?? "/",
      target: values.target ?? null,
      device: values.device ?? "Desktop",
      sourceType: values.origin?.[0] ?? null,
      source: values.origin?.[1] ?? null,
    });
  }

  async function order(values: { at: string; total: number; origin?: string; status?: OrderStatus }) {
    const { id } = await insertOrder(database.db, {
      createdAt: values.at,
      key: `wc_order_${Math.random()}`,
      total: values.total,
    });
    await database.db
      .update(orders)
      .set({ status: values.status ?? "processing", currency: "EUR" })
      .where(eq(orders.id, id));
    if (values.origin)
      await database.db.insert(orderAttribution).values({ orderId: id, origin: values.origin });
  }

  /**
   * Three sessions on 2 November and one on 3 November: a newsletter visit on a phone (recorded),
   * a Google visit, a direct one with clicks; one session that started on 31 October (outside).
   */
  async function someVisits() {
    const newsletter: [string, string] = ["utm", "newsletter"];
    await event({
      at: "2026-11-02T09:00:00Z",
      visitor: "a",
      session: "s-newsletter",
      path: "/",
      device: "Mobile",
      origin: newsletter,
    });
    await event({
      at: "2026-11-02T09:01:00Z",
      visitor: "a",
      session: "s-newsletter",
      path: "/shop",
      device: "Mobile",
    });
    await event({
      at: "2026-11-02T09:03:30Z",
      visitor: "a",
      session: "s-newsletter",
      path: "/product/tee",
      device: "Mobile",
    });
    await event({
      at: "2026-11-02T10:00:00Z",
      visitor: "b",
      session: "s-google",
      path: "/shop",
      origin: ["organic", "google"],
    });
    await event({ at: "2026-11-02T10:00:10Z", visitor: "b", session: "s-google", path: "/shop" });
    await event({
      at: "2026-11-03T08:00:00Z",
      visitor: "c",
      session: "s-direct",
      path: "/",
      origin: ["typein", "(direct)"],
    });
    for (const at of ["2026-11-03T08:00:05Z", "2026-11-03T08:00:06Z"])
      await event({
        at,
        visitor: "c",
        session: "s-direct",
        kind: "download",
        path: "/",
        target: "http://shop.test/guide.pdf",
      });
    await event({
      at: "2026-11-03T08:00:07Z",
      visitor: "c",
      session: "s-direct",
      kind: "outbound",
      path: "/",
      target: "https://example.org/",
    });
    await event({
      at: "2026-11-03T08:00:09Z",
      visitor: "c",
      session: "s-direct",
      kind: "affiliate",
      path: "/",
      target: "http://shop.test/go/partner",
    });
    // Started before the period: its later page view is counted by day, not as a session.
    await event({
      at: "2026-10-31T23:59:00Z",
      visitor: "d",
      session: "s-before",
      path: "/",
      origin: ["typein", "(direct)"],
    });
    await event({ at: "2026-11-01T00:01:00Z", visitor: "e", session: "s-before", path: "/shop" });
    await database.db.insert(analyticsRecordings).values({
      session: "s-newsletter",
      seq: 0,
      visitor: "a",
      path: "/",
      events: new Uint8Array([1, 2, 3]),
      bytes: 3,
    });
  }
  const november = { from: "2026-11-01", to: "2026-11-03" };

  it("counts page views and the day's distinct visitors by UTC day, every day of the period", async () => {
    await someVisits();
    const report = await analyticsReport(database.db, november, "EUR");
    expect(report.days).toEqual([
      { day: "2026-11-01", views: 1, visitors: 1 },
      { day: "2026-11-02", views: 5, visitors: 2 },
      { day: "2026-11-03", views: 1, visitors: 1 },
    ]);
    expect(report.totals).toEqual({ views: 7, sessions: 3 });
    expect(report.pages).toEqual([
      { path: "/shop", views: 4, visitors: 3 },
      { path: "/", views: 2, visitors: 2 },
      { path: "/product/tee", views: 1, visitors: 1 },
    ]);
  });

  it("lists the clicked links of each kind with their clicks", async () => {
    await someVisits();
    const { clicks } = await analyticsReport(database.db, november, "EUR");
    expect(clicks).toEqual({
      download: [{ target: "http://shop.test/guide.pdf", clicks: 2 }],
      outbound: [{ target: "https://example.org/", clicks: 1 }],
      affiliate: [{ target: "http://shop.test/go/partner", clicks: 1 }],
    });
  });

  it("lists the sessions that started in the period, newest first, with their origin and whether they can be replayed", async () => {
    await someVisits();
    const { sessions } = await analyticsReport(database.db, november, "EUR");
    expect(sessions).toEqual([
      {
        session: "s-direct",
        startedAt: "2026-11-03T08:00:00.000Z",
        duration: 9,
        pages: 1,
        device: "Desktop",
        origin: "Direct",
        recorded: false,
      },
      {
        session: "s-google",
        startedAt: "2026-11-02T10:00:00.000Z",
        duration: 10,
        pages: 2,
        device: "Desktop",
        origin: "Organic: Google",
        recorded: false,
      },
      {
        session: "s-newsletter",
        startedAt: "2026-11-02T09:00:00.000Z",
        duration: 210,
        pages: 3,
        device: "Mobile",
        origin: "Source: Newsletter",
        recorded: true,
      },
    ]);
    // One day: the session that started on it only.
    const third = await analyticsReport(database.db, { from: "2026-11-03", to: "2026-11-03" }, "EUR");
    expect(third.sessions.map((session) => session.session)).toEqual(["s-direct"]);
  });

  it("sets each origin's sessions beside its sales in the period, and their ratio", async () => {
    await someVisits();
    await order({ at: "2026-11-02T09:05:00Z", total: 2500, origin: "Source: Newsletter" });
    await order({ at: "2026-11-03T12:00:00Z", total: 1500, origin: "Source: Newsletter", status: "on-hold" });
    await order({ at: "2026-11-02T11:00:00Z", total: 4000 });
    // Not counted: not a sale, or outside the period.
    await order({ at: "2026-11-02T11:00:00Z", total: 900, origin: "Organic: Google", status: "cancelled" });
    await order({ at: "2026-11-04T00:00:00Z", total: 900, origin: "Organic: Google" });
    const { conversion } = await analyticsReport(database.db, november, "EUR");
    expect(conversion).toEqual([
      { origin: "Source: Newsletter", sessions: 1, orders: 2, revenue: 4000, rate: 2 },
      { origin: "Direct", sessions: 1, orders: 0, revenue: 0, rate: 0 },
      { origin: "Organic: Google", sessions: 1, orders: 0, revenue: 0, rate: 0 },
      { origin: "Unknown", sessions: 0, orders: 1, revenue: 4000, rate: null },
    ]);
  });

  it("answers an empty period with zeros, and keeps to its list sizes", async () => {
    const empty = await analyticsReport(database.db, november, "EUR");
    expect(empty.days.map((day) => day.views)).toEqual([0, 0, 0]);
    expect(empty).toMatchObject({
      pages: [],
      sessions: [],
      conversion: [],
      totals: { views: 0, sessions: 0 },
    });
    for (let index = 0; index < ANALYTICS_LIST_ROWS.links + 3; index += 1)
      await event({
        at: "2026-11-02T12:00:00Z",
        visitor: "v",
        session: "s-many",
        kind: "outbound",
        target: `https://example.org/${String(index).padStart(2, "0")}`,
      });
    const many = await analyticsReport(database.db, november, "EUR");
    expect(many.clicks.outbound).toHaveLength(ANALYTICS_LIST_ROWS.links);
    expect(many.clicks.outbound[0]).toEqual({ target: "https://example.org/00", clicks: 1 });
  });
});
