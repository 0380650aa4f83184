import { z } from "zod";
import { attributionReport } from "../../services/attribution-report.server.ts";
import * as rest from "./rest-route.server.ts";

/** `GET /reports/attribution?from=YYYY-MM-DD&to=YYYY-MM-DD`: orders and revenue by origin, for administrators. */

/** A calendar day the database can compare: PostgreSQL has no year 0, and orders start long after 1970. */
const day = z.iso.date().refine((value) => value >= "1970-01-01", "Use a date from 1970-01-01 on.");
const period = z.object({ from: day.optional(), to: day.optional() });

const attribution: rest.Handler = async (context, _caller, req, res) => {
  const query = period.safeParse(req.query);
  if (!query.success) throw rest.invalidParam(query.error);
  const groups = await attributionReport(context.db, query.data);
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
