import { type AppLoadContext, data } from "react-router";
import { apiClassSlug, storedClassSlug, taxRateRecord } from "../../../lib/tax-resource.ts";
import { requireAdmin } from "../../../services/people/staff-access.server.ts";
import { loadTaxClasses, loadTaxRates } from "../../../services/taxes/tax-rates.server.ts";

/**
 * The Taxes page's data (decision 0067): the tax options and the shop's base address, the classes
 * (one tab each, `?class=` the open one's slug as the REST API names it), and the open class's rates
 * in the owner's order, as `GET /taxes` answers them.
 */
export async function loadTaxesPage(context: AppLoadContext, request: Request) {
  await requireAdmin(context, request);
  const asked = new URL(request.url).searchParams.get("class") ?? "standard";
  const [classes, rates] = await Promise.all([loadTaxClasses(context.db), loadTaxRates(context.db)]);
  const open = classes.find((taxClass) => taxClass.slug === storedClassSlug(asked));
  if (!open) throw data(null, { status: 404 });
  return {
    options: context.settings.taxes,
    address: context.settings.address,
    classes: classes.map((taxClass) => ({ slug: apiClassSlug(taxClass.slug), name: taxClass.name })),
    open: apiClassSlug(open.slug),
    rates: rates.filter((rate) => rate.class === open.slug).map(taxRateRecord),
  };
}

export type TaxesPageData = Awaited<ReturnType<typeof loadTaxesPage>>;
