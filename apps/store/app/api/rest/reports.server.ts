import { z } from "zod";
import { reportDay as day } from "../../lib/attribution-report.ts";
import { attributionReport } from "../../services/attribution-report.server.ts";
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

export const reportRoutes: rest.RestRoute[] = [
  { method: "get", path: "/reports/attribution", needs: "admin", handler: attribution },
];
