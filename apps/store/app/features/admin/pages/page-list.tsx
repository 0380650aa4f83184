import { Link } from "react-router";
import { InputField } from "../../../components/ui/back-office-fields.tsx";
import { DataTable } from "../../../components/ui/data-table.tsx";
import { FormLayout } from "../../../components/ui/form-layout.tsx";
import { useTranslation } from "../../../i18n/use-translation.ts";
import { useRestSave } from "../use-rest-save.ts";
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
  const { saving: creating, error, send } = useRestSave();
  const locale = i18n.language === "es" ? "es" : "en";

  /** Creates the page and opens it in the builder; `false` if it was refused. */
  async function create(form: FormData): Promise<boolean> {
    return send<PageRecord>(
      {
        path: "/pages",
        method: "POST",
        data: {
          title: { en: String(form.get("title_en") ?? ""), es: String(form.get("title_es") ?? "") },
          status: "draft",
          blocks: [],
        },
      },
      (page) => `/admin/pages/${page.slug}`,
    );
  }

  return (
    <>
      <DataTable
        rows={pages}
        rowKey={(page) => String(page.id)}
        caption={t("backOffice.pages.list")}
        empty={<p>{t("backOffice.pages.noPages")}</p>}
        columns={[
          {
            key: "title",
            header: t("backOffice.pages.columns.title"),
            cell: (page) => (
              <Link to={`/admin/pages/${page.slug}`} className="font-medium text-brand underline">
                {page.title[locale] || page.title.en}
              </Link>
            ),
          },
          {
            key: "address",
            header: t("backOffice.pages.columns.address"),
            cell: (page) => <code>{page.slug === "home" ? "/" : `/${page.slug}`}</code>,
          },
          {
            key: "status",
            header: t("backOffice.pages.columns.status"),
            cell: (page) => t(`backOffice.products.statuses.${page.status}`),
          },
          { key: "blocks", header: t("backOffice.pages.columns.blocks"), cell: (page) => page.blockCount },
        ]}
      />
      <FormLayout
        className="mt-8 max-w-xl space-y-3 rounded border border-stone-200 p-4"
        saveLabel={t("backOffice.pages.create")}
        busy={creating}
        onSave={(element) => create(new FormData(element))}
        messages={
          error && (
            <p role="alert" className="border-l-4 border-red-600 bg-red-50 px-4 py-2">
              {error}
            </p>
          )
        }
      >
        <h2 className="text-xl font-semibold">{t("backOffice.pages.new")}</h2>
        <InputField
          label={t("backOffice.pages.pageTitle.en")}
          name="title_en"
          value=""
          required
          maxLength={200}
        />
        <InputField label={t("backOffice.pages.pageTitle.es")} name="title_es" value="" maxLength={200} />
      </FormLayout>
    </>
  );
}
