import type { AppLoadContext } from "react-router";
import { readReportQuery } from "../../../lib/attribution-report.ts";
import { attributionRows } from "../../../services/analytics/attribution-report.server.ts";
import { barChart } from "../../../services/analytics/report-chart.server.ts";
import { staffRequest } from "../../../services/people/staff-access.server.ts";

/**
 * `/admin/reports`: the attribution report for the address's period and dimension (this month by
 * origin when the address gives none; the same when it gives a bad one, and it says so), with its
 * two charts drawn by the server; administrators only.
 */
export async function loadAttributionReport(context: AppLoadContext, request: Request) {
  const asked = await staffRequest(context, request, "administrator");
  const { query, invalid } = readReportQuery(asked.query, new Date());
  const currency = context.settings.currency;
  const rows = await attributionRows(context.db, query, currency);
  return {
    query,
    invalid,
    currency,
    rows,
    charts: {
      orders: barChart(
        rows.map((row) => row.orders),
        { whole: true },
      ),
      revenue: barChart(
        rows.map((row) => row.revenue),
        { whole: false },
      ),
    },
  };
}
