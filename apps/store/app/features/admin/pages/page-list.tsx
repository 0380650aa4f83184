import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { ADMIN_FIELD, ADMIN_SAVE_BUTTON } from "../../../components/ui/back-office-classes.ts";
import { useTranslation } from "../../../i18n/use-translation.ts";
import { pageRestClient, RestClientError } from "../../../lib/rest-client.ts";
import type { PageRecord } from "./page-builder.tsx";

export type PageRow = {
  id: number;
  slug: string;
  title: { en: string; es: string };
  status: "publish" | "draft";
  blockCount: number;
};

/** The store's pages (decision 0034), each leading to the page builder, and a form for a new one. */
export function PageList({ pages }: { pages: PageRow[] }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const locale = i18n.language === "es" ? "es" : "en";

  async function create(form: FormData) {
    if (creating) return;
    setCreating(true);
    setError(null);
    try {
      const page = await pageRestClient().request<PageRecord>({
        path: "/pages",
        method: "POST",
        data: {
          title: { en: String(form.get("title_en") ?? ""), es: String(form.get("title_es") ?? "") },
          status: "draft",
          blocks: [],
        },
      });
      navigate(`/admin/pages/${page.slug}`);
    } catch (failure) {
      setError(failure instanceof RestClientError ? failure.translated(t) : String(failure));
    } finally {
      setCreating(false);
    }
  }

  return (
    <>
      {pages.length === 0 ? (
        <p>{t("backOffice.pages.noPages")}</p>
      ) : (
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{t("backOffice.pages.list")}</caption>
          <thead>
            <tr className="border-b border-stone-300">
              <th scope="col" className="py-2">
                {t("backOffice.pages.columns.title")}
              </th>
              <th scope="col">{t("backOffice.pages.columns.address")}</th>
              <th scope="col">{t("backOffice.pages.columns.status")}</th>
              <th scope="col">{t("backOffice.pages.columns.blocks")}</th>
            </tr>
          </thead>
          <tbody>
            {pages.map((page) => (
              <tr key={page.id} className="border-b border-stone-200">
                <th scope="row" className="py-2 font-medium">
                  <Link to={`/admin/pages/${page.slug}`} className="text-brand underline">
                    {page.title[locale] || page.title.en}
                  </Link>
                </th>
                <td>
                  <code>{page.slug === "home" ? "/" : `/${page.slug}`}</code>
                </td>
                <td>{t(`backOffice.products.statuses.${page.status}`)}</td>
                <td>{page.blockCount}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <form
        className="mt-8 max-w-xl space-y-3 rounded border border-stone-200 p-4"
        onSubmit={(event) => {
          event.preventDefault();
          void create(new FormData(event.currentTarget));
        }}
      >
        <h2 className="text-xl font-semibold">{t("backOffice.pages.new")}</h2>
        <label className="block text-sm font-medium">
          {t("backOffice.pages.pageTitle.en")}
          <input name="title_en" required maxLength={200} className={ADMIN_FIELD} />
        </label>
        <label className="block text-sm font-medium">
          {t("backOffice.pages.pageTitle.es")}
          <input name="title_es" maxLength={200} className={ADMIN_FIELD} />
        </label>
        {error && (
          <p role="alert" className="border-l-4 border-red-600 bg-red-50 px-4 py-2">
            {error}
          </p>
        )}
        <button type="submit" disabled={creating} className={ADMIN_SAVE_BUTTON}>
          {t("backOffice.pages.create")}
        </button>
      </form>
    </>
  );
}
