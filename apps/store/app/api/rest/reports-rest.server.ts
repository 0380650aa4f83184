import { z } from "zod";
import { analyticsQuery, defaultAnalyticsQuery } from "../../lib/analytics-report.ts";
import { reportDay as day } from "../../lib/attribution-report.ts";
import { analyticsReport } from "../../services/analytics/analytics-report.server.ts";
import { attributionReport } from "../../services/analytics/attribution-report.server.ts";
import * as rest from "./rest-route.server.ts";

/**
 * `GET /reports/attribution?from=YYYY-MM-DD&to=YYYY-MM-DD`: the sales in the store's currency by
 * origin, source type, campaign and device, for administrators (decision 0037).
 */
const period = z.object({ from: day.optional(), to: day.optional() });

const attribution: rest.Handler = async (context, _caller, req, res) => {
  const query = period.safeParse(req.query);
  if (!query.success) throw rest.invalidParam(query.error);
  const groups = await attributionReport(context.db, { ...query.data, currency: context.settings.currency });
  res.json({
    from: query.data.from ?? null,
    to: query.data.to ?? null,
    currency: context.settings.currency,
    groups: groups.map(rest.snakeCaseKeys),
  });
};

/**
 * `GET /reports/analytics?from=YYYY-MM-DD&to=YYYY-MM-DD`: the analytics report the back office shows
 * (decision 0042), the last 30 days (UTC) for a missing end; at most 400 days; for administrators.
 */
const analytics: rest.Handler = async (context, _caller, req, res) => {
  const given = period.safeParse(req.query);
  if (!given.success) throw rest.invalidParam(given.error);
  const defaults = defaultAnalyticsQuery(new Date());
  const query = analyticsQuery.safeParse({
    from: given.data.from ?? defaults.from,
    to: given.data.to ?? defaults.to,
  });
  if (!query.success) throw rest.invalidParam(query.error);
  const report = await analyticsReport(context.db, query.data, context.settings.currency);
  res.json({
    from: report.query.from,
    to: report.query.to,
    currency: report.currency,
    totals: report.totals,
    days: report.days,
    pages: report.pages,
    clicks: report.clicks,
    sessions: report.sessions.map(rest.snakeCaseKeys),
    conversion: report.conversion,
  });
};

export const reportRoutes: rest.RestRoute[] = [
  { method: "get", path: "/reports/attribution", needs: "admin", handler: attribution },
  { method: "get", path: "/reports/analytics", needs: "admin", handler: analytics },
];
