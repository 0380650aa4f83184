import type { AppLoadContext } from "react-router";
import { readAnalyticsQuery } from "../../../lib/analytics-report.ts";
import { analyticsReport } from "../../../services/analytics/analytics-report.server.ts";
import { dailyChart } from "../../../services/analytics/report-chart.server.ts";
import { staffRequest } from "../../../services/people/staff-access.server.ts";

/**
 * `/admin/analytics`: the analytics report for the address's period (the last 30 days when it gives
 * none; the same when it gives a bad one, and it says so), its daily chart laid out by the server;
 * administrators only.
 */
export async function loadAnalyticsReport(context: AppLoadContext, request: Request) {
  const asked = await staffRequest(context, request, "administrator");
  const { query, invalid } = readAnalyticsQuery(asked.query, new Date());
  const report = await analyticsReport(context.db, query, context.settings.currency);
  return {
    report,
    invalid,
    chart: dailyChart(
      report.days.map((day) => day.day),
      [report.days.map((day) => day.views), report.days.map((day) => day.visitors)],
    ),
  };
}
