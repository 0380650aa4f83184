import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { ADMIN_BUTTON, ADMIN_NARROW_FIELD } from "../../../components/ui/back-office-classes.ts";
import { useTranslation } from "../../../i18n/use-translation.ts";
import { pageRestClient, RestClientError, type RestRequest } from "../../../lib/rest-client.ts";
import type { TaxClassRecord } from "../../../lib/tax-resource.ts";

/**
 * The classes as WooCommerce's tax sections: a tab (a link, `?class=`) for each, the open one's
 * rates below; a class added by name (`POST /taxes/classes`), and the open one deleted with its
 * rates (`DELETE /taxes/classes/{slug}?force=true`), the standard class excepted.
 */
export function TaxClassesSection({ classes, open }: { classes: TaxClassRecord[]; open: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [name, setName] = useState("");
  const [error, setError] = useState<string | null>(null);
  const openClass = classes.find((taxClass) => taxClass.slug === open);

  async function run(request: RestRequest, then: (answer: TaxClassRecord) => string) {
    setError(null);
    try {
      const answer = await pageRestClient().request<TaxClassRecord>(request);
      navigate(then(answer));
    } catch (failure) {
      setError(failure instanceof RestClientError ? failure.translated(t) : String(failure));
    }
  }

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
        <form
          className="flex items-end gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            void run(
              { path: "/taxes/classes", method: "POST", data: { name } },
              (made) => `/admin/taxes?class=${made.slug}`,
            );
          }}
        >
          <label className="text-sm font-medium">
            {t("backOffice.taxes.classes.newName")}
            <input
              value={name}
              onChange={(event) => setName(event.target.value)}
              required
              maxLength={100}
              className={ADMIN_NARROW_FIELD}
            />
          </label>
          <button type="submit" className={ADMIN_BUTTON}>
            {t("backOffice.taxes.classes.add")}
          </button>
        </form>
        {openClass && open !== "standard" && (
          <button
            type="button"
            className={ADMIN_BUTTON}
            onClick={() => {
              if (!window.confirm(t("backOffice.taxes.classes.confirmDelete", { name: openClass.name })))
                return;
              void run({ path: `/taxes/classes/${open}?force=true`, method: "DELETE" }, () => "/admin/taxes");
            }}
          >
            {t("backOffice.taxes.classes.delete", { name: openClass.name })}
          </button>
        )}
      </div>
      {error && (
        <p role="alert" className="border-l-4 border-red-600 bg-red-50 px-4 py-2">
          {error}
        </p>
      )}
    </div>
  );
}
