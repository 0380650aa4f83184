import { createI18n } from "../../../i18n/i18n.ts";
import { reportQuery } from "../../../lib/attribution-report.ts";
import { attributionCsv } from "../../../services/analytics/attribution-report.server.ts";
import { requireAdmin } from "../../../services/people/staff-access.server.ts";
import type { Route } from "./+types/route";

/**
 * `GET /admin/reports/attribution.csv?from=YYYY-MM-DD&to=YYYY-MM-DD&by=origin`: the report the page
 * shows, as a file to download; administrators only (visitors sign in, editors get a 403), every
 * field required (decision 0037); a bad query is a 400 `{code, message}` in the owner's language.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  await requireAdmin(context, request);
  const params = new URL(request.url).searchParams;
  const query = reportQuery.safeParse({
    from: params.get("from"),
    to: params.get("to"),
    by: params.get("by"),
  });
  if (!query.success)
    return Response.json(
      {
        code: "invalid_report_query",
        message: createI18n(context.locale).t("backOffice.reports.invalidCsv"),
      },
      { status: 400, headers: { "Cache-Control": "no-store" } },
    );
  const csv = await attributionCsv(context.db, query.data, context.settings.currency);
  return new Response(csv.body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${csv.fileName}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
