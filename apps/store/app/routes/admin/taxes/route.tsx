import { TaxClassesSection } from "../../../features/admin/taxes/tax-classes-section.tsx";
import { TaxCsvSection } from "../../../features/admin/taxes/tax-csv-section.tsx";
import { TaxOptionsForm } from "../../../features/admin/taxes/tax-options-form.tsx";
import { TaxRatesEditor } from "../../../features/admin/taxes/tax-rates-editor.tsx";
import { useTranslation } from "../../../i18n/use-translation.ts";
import type { Route } from "./+types/route";
import { loadTaxesPage } from "./admin-taxes.server.ts";

export const loader = ({ context, request }: Route.LoaderArgs) => loadTaxesPage(context, request);

export function meta() {
  return [{ title: "Taxes" }, { name: "robots", content: "noindex" }];
}

/** `/admin/taxes`: the tax options, and the rates of each class (`?class=`); for administrators (decision 0067). */
export default function BackOfficeTaxes({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { options, address, classes, open, rates } = loaderData;
  const openName = classes.find((taxClass) => taxClass.slug === open)?.name ?? "";
  return (
    <section className="space-y-8">
      <h1 className="text-3xl font-semibold">{t("backOffice.taxes.title")}</h1>
      <TaxOptionsForm options={options} address={address} classes={classes} />
      <TaxClassesSection classes={classes} open={open} />
      <TaxRatesEditor key={open} slug={open} className={openName} rates={rates} />
      <TaxCsvSection open={open} />
    </section>
  );
}
