import { Link } from "react-router";
import { ADMIN_BUTTON } from "../../../components/ui/back-office-classes.ts";
import { ConfirmButton } from "../../../components/ui/confirm-button.tsx";
import { InlineAddForm } from "../../../components/ui/inline-add-form.tsx";
import { useTranslation } from "../../../i18n/use-translation.ts";
import type { TaxClassRecord } from "../../../lib/tax-resource.ts";
import { SaveError } from "../save-error.tsx";
import { useRestSave } from "../use-rest-save.ts";

/**
 * The classes as WooCommerce's tax sections: a tab (a link, `?class=`) for each, the open one's
 * rates below; a class added by name (`POST /taxes/classes`), and the open one deleted with its
 * rates (`DELETE /taxes/classes/{slug}?force=true`), the standard class excepted.
 */
export function TaxClassesSection({ classes, open }: { classes: TaxClassRecord[]; open: string }) {
  const { t } = useTranslation();
  const save = useRestSave();
  const openClass = classes.find((taxClass) => taxClass.slug === open);

  return (
    <div className="space-y-3">
      <nav aria-label={t("backOffice.taxes.classes.label")}>
        <ul className="flex flex-wrap gap-2 border-b border-stone-200">
          {classes.map((taxClass) => (
            <li key={taxClass.slug}>
              <Link
                to={`/admin/taxes?class=${taxClass.slug}`}
                aria-current={taxClass.slug === open ? "page" : undefined}
                className={`block rounded-t px-3 py-2 ${taxClass.slug === open ? "bg-brand text-white" : "hover:bg-stone-100"}`}
              >
                {t("backOffice.taxes.classes.ratesOf", { name: taxClass.name })}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className="flex flex-wrap items-end gap-4">
        <InlineAddForm
          className="flex items-end gap-2"
          label={t("backOffice.taxes.classes.newName")}
          button={t("backOffice.taxes.classes.add")}
          onAdd={(name) => {
            void save.send<TaxClassRecord>(
              { path: "/taxes/classes", method: "POST", data: { name } },
              (made) => `/admin/taxes?class=${made.slug}`,
            );
            return undefined;
          }}
        />
        {openClass && open !== "standard" && (
          <ConfirmButton
            className={ADMIN_BUTTON}
            question={t("backOffice.taxes.classes.confirmDelete", { name: openClass.name })}
            onConfirm={() =>
              void save.send(
                { path: `/taxes/classes/${open}?force=true`, method: "DELETE" },
                () => "/admin/taxes",
              )
            }
          >
            {t("backOffice.taxes.classes.delete", { name: openClass.name })}
          </ConfirmButton>
        )}
      </div>
      <SaveError error={save.error} />
    </div>
  );
}
