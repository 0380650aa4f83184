import { storedClassSlug, taxClassSlug } from "../../../lib/tax-resource.ts";
import { requireAdmin } from "../../../services/people/staff-access.server.ts";
import { exportTaxRates } from "../../../services/taxes/tax-csv.server.ts";
import type { Route } from "./+types/route";

/**
 * `GET /admin/taxes/rates.csv?class=reduced-rate`: one class's rates (every class's without
 * `class`) as WooCommerce's tax-rate CSV, a file to download; administrators only (decision 0067).
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  await requireAdmin(context, request);
  const asked = new URL(request.url).searchParams.get("class");
  const slug = asked === null ? null : taxClassSlug.safeParse(asked);
  if (slug && !slug.success) return new Response(null, { status: 404 });
  const body = await exportTaxRates(context.db, slug ? storedClassSlug(slug.data) : undefined);
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="tax_rates${slug ? `-${slug.data}` : ""}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
