import { describe, expect, it } from "vitest";
import {
  type AttributionGroup,
  defaultReportQuery,
  groupAttribution,
  readReportQuery,
  reportCsvHref,
  reportFileName,
} from "./attribution-report.ts";

const group = (
  origin: string,
  sourceType: string | null,
  campaign: string | null,
  device: string | null,
  orders: number,
  revenue: number,
): AttributionGroup => ({ origin, sourceType, campaign, device, orders, revenue });

/** The report's groups: one per combination of origin, source type, campaign and device. */
const groups = [
  group("Source: Newsletter", "utm", "spring", "Mobile", 2, 4000),
  group("Source: Newsletter", "utm", "spring", "Desktop", 1, 1500),
  group("Source: Newsletter", "utm", "autumn", "Desktop", 1, 9000),
  group("Organic: Google", "organic", null, "Desktop", 3, 3000),
  group("Unknown", null, null, null, 1, 2500),
];

describe("the attribution report by one dimension", () => {
  it.each([
    [
      "origin",
      [
        { key: "Source: Newsletter", orders: 4, revenue: 14500 },
        { key: "Organic: Google", orders: 3, revenue: 3000 },
        { key: "Unknown", orders: 1, revenue: 2500 },
      ],
    ],
    [
      "source_type",
      [
        { key: "utm", orders: 4, revenue: 14500 },
        { key: "organic", orders: 3, revenue: 3000 },
        { key: null, orders: 1, revenue: 2500 },
      ],
    ],
    [
      // The orders without a campaign are a row of their own, in its place by orders.
      "campaign",
      [
        { key: null, orders: 4, revenue: 5500 },
        { key: "spring", orders: 3, revenue: 5500 },
        { key: "autumn", orders: 1, revenue: 9000 },
      ],
    ],
    [
      "device",
      [
        { key: "Desktop", orders: 5, revenue: 13500 },
        { key: "Mobile", orders: 2, revenue: 4000 },
        { key: null, orders: 1, revenue: 2500 },
      ],
    ],
  ] as const)("by %s", (by, rows) => {
    expect(groupAttribution(groups, by)).toEqual(rows);
  });

  it("counts every order once, whatever the grouping", () => {
    for (const by of ["origin", "source_type", "campaign", "device"] as const) {
      const rows = groupAttribution(groups, by);
      expect(rows.reduce((sum, row) => sum + row.orders, 0)).toBe(8);
      expect(rows.reduce((sum, row) => sum + row.revenue, 0)).toBe(20000);
    }
    expect(groupAttribution([], "origin")).toEqual([]);
  });

  it("breaks a tie of orders and revenue by value, the orders without one last", () => {
    expect(
      groupAttribution(
        [
          group("Direct", "typein", null, "Tablet", 1, 100),
          group("Direct", "typein", "b", "Mobile", 1, 100),
          group("Direct", "typein", "a", "Desktop", 1, 100),
        ],
        "campaign",
      ).map((row) => row.key),
    ).toEqual(["a", "b", null]);
  });
});

describe("the report's address", () => {
  const now = new Date("2026-11-26T23:30:00Z");
  const read = (query: string) => readReportQuery(new URLSearchParams(query), now);

  it("shows this month so far, by origin, when it names nothing", () => {
    expect(defaultReportQuery(now)).toEqual({ from: "2026-11-01", to: "2026-11-26", by: "origin" });
    expect(read("")).toEqual({ query: defaultReportQuery(now), invalid: false });
    // The GET form sends empty fields as empty values.
    expect(read("from=&to=&by=")).toEqual({ query: defaultReportQuery(now), invalid: false });
  });

  it.each([
    ["from=2026-10-01&to=2026-10-31&by=campaign", { from: "2026-10-01", to: "2026-10-31", by: "campaign" }],
    ["from=2026-11-26&to=2026-11-26&by=device", { from: "2026-11-26", to: "2026-11-26", by: "device" }],
    ["from=2026-11-20&by=source_type", { from: "2026-11-20", to: "2026-11-26", by: "source_type" }],
  ] as const)("reads %s", (query, wanted) => {
    expect(read(query)).toEqual({ query: wanted, invalid: false });
  });

  it.each([
    "from=2026-11-27&to=2026-11-26",
    "from=yesterday",
    "to=2026-02-30",
    "from=0000-01-01",
    "by=utm_source",
  ])("falls back to the default and says so for %s", (query) => {
    expect(read(query)).toEqual({ query: defaultReportQuery(now), invalid: true });
  });

  it("names the export and its file after the report", () => {
    const query = { from: "2026-11-01", to: "2026-11-26", by: "source_type" } as const;
    expect(reportCsvHref(query)).toBe(
      "/admin/reports/attribution.csv?from=2026-11-01&to=2026-11-26&by=source_type",
    );
    expect(reportFileName(query)).toBe("attribution-by-source-type-2026-11-01-to-2026-11-26.csv");
  });
});
