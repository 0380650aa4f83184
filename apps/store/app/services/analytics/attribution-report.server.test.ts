import { orderAttribution, orders } from "@vitrine/db";
import { availableDialects, createTestDatabase, type TestDatabase } from "@vitrine/db/testing";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { OrderStatus } from "../../lib/order-status.ts";
import { insertOrder } from "../orders/order-fixtures.test-helper.ts";
import { attributionCsv, attributionReport, attributionRows } from "./attribution-report.server.ts";

describe.each(await availableDialects())("the attribution report on %s", (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
  });
  afterAll(() => database.close());
  beforeEach(() => database.reset());

  /** An order in euros, with an attribution record when `source` is given. */
  async function order(values: {
    at: string;
    total: number;
    status?: OrderStatus;
    currency?: string;
    source?: { origin: string; type: string; campaign?: string; device: string };
  }) {
    const { id } = await insertOrder(database.db, {
      createdAt: values.at,
      key: `wc_order_${Math.random()}`,
      total: values.total,
    });
    await database.db
      .update(orders)
      .set({ status: values.status ?? "on-hold", currency: values.currency ?? "EUR" })
      .where(eq(orders.id, id));
    if (values.source)
      await database.db.insert(orderAttribution).values({
        orderId: id,
        origin: values.source.origin,
        sourceType: values.source.type,
        utmCampaign: values.source.campaign ?? null,
        deviceType: values.source.device,
      });
    return id;
  }
  const newsletter = (campaign: string, device = "Desktop") => ({
    origin: "Source: Newsletter",
    type: "utm",
    campaign,
    device,
  });
  const google = { origin: "Organic: Google", type: "organic", device: "Mobile" };

  async function someOrders() {
    await order({ at: "2026-11-01T00:00:00Z", total: 1000, source: newsletter("spring") });
    await order({
      at: "2026-11-02T12:00:00Z",
      total: 2000,
      status: "processing",
      source: newsletter("spring", "Mobile"),
    });
    await order({
      at: "2026-11-03T23:59:59Z",
      total: 4000,
      status: "completed",
      source: newsletter("=cmd|' /C calc'!A0"),
    });
    await order({ at: "2026-11-02T08:00:00Z", total: 8000, source: google });
    await order({ at: "2026-11-02T09:00:00Z", total: 16_000 });
    // Not sales: not paid for, called off, or in another currency; and outside the period.
    await order({ at: "2026-11-02T10:00:00Z", total: 100, status: "pending", source: google });
    await order({ at: "2026-11-02T10:00:00Z", total: 100, status: "failed", source: google });
    await order({ at: "2026-11-02T10:00:00Z", total: 100, status: "cancelled", source: google });
    await order({ at: "2026-11-02T10:00:00Z", total: 100, status: "refunded", source: google });
    await order({ at: "2026-11-02T10:00:00Z", total: 100, currency: "USD", source: google });
    await order({ at: "2026-10-31T23:59:59Z", total: 100, source: google });
    await order({ at: "2026-11-04T00:00:00Z", total: 100, source: google });
  }
  const november = { from: "2026-11-01", to: "2026-11-03" };

  it("adds up the sales in the store's currency between two UTC days, both included", async () => {
    await someOrders();
    expect(await attributionRows(database.db, { ...november, by: "origin" }, "EUR")).toEqual([
      { key: "Source: Newsletter", orders: 3, revenue: 7000 },
      { key: "Unknown", orders: 1, revenue: 16_000 },
      { key: "Organic: Google", orders: 1, revenue: 8000 },
    ]);
    expect(await attributionRows(database.db, { ...november, by: "source_type" }, "EUR")).toEqual([
      { key: "utm", orders: 3, revenue: 7000 },
      { key: null, orders: 1, revenue: 16_000 },
      { key: "organic", orders: 1, revenue: 8000 },
    ]);
    expect(await attributionRows(database.db, { ...november, by: "campaign" }, "EUR")).toEqual([
      { key: null, orders: 2, revenue: 24_000 },
      { key: "spring", orders: 2, revenue: 3000 },
      { key: "=cmd|' /C calc'!A0", orders: 1, revenue: 4000 },
    ]);
    expect(await attributionRows(database.db, { ...november, by: "device" }, "EUR")).toEqual([
      { key: "Mobile", orders: 2, revenue: 10_000 },
      { key: "Desktop", orders: 2, revenue: 5000 },
      { key: null, orders: 1, revenue: 16_000 },
    ]);
    // A single day; and the other currency's sales, on their own.
    expect(
      await attributionRows(database.db, { from: "2026-11-03", to: "2026-11-03", by: "origin" }, "EUR"),
    ).toEqual([{ key: "Source: Newsletter", orders: 1, revenue: 4000 }]);
    expect(await attributionRows(database.db, { ...november, by: "origin" }, "USD")).toEqual([
      { key: "Organic: Google", orders: 1, revenue: 100 },
    ]);
    // Without a period: every sale in the currency.
    const all = await attributionReport(database.db, { currency: "EUR" });
    expect(all.reduce((sum, group) => sum + group.orders, 0)).toBe(7);
  });

  it("writes the report as CSV: a byte-order mark, a header, CRLF, formulas neutralised", async () => {
    await someOrders();
    const csv = await attributionCsv(database.db, { ...november, by: "campaign" }, "EUR");
    expect(csv.fileName).toBe("attribution-by-campaign-2026-11-01-to-2026-11-03.csv");
    expect(csv.body).toBe(
      "\uFEFFcampaign,orders,revenue,currency\r\n" +
        ",2,240.00,EUR\r\n" +
        "spring,2,30.00,EUR\r\n" +
        "'=cmd|' /C calc'!A0,1,40.00,EUR\r\n",
    );
    expect((await attributionCsv(database.db, { ...november, by: "device" }, "GBP")).body).toBe(
      "\uFEFFdevice,orders,revenue,currency\r\n",
    );
  });
});
