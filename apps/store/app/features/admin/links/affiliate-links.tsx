import { ADMIN_BUTTON, ADMIN_INLINE_FIELD } from "../../../components/ui/back-office-classes.ts";
import { InputField } from "../../../components/ui/back-office-fields.tsx";
import { DataTable } from "../../../components/ui/data-table.tsx";
import { FormLayout } from "../../../components/ui/form-layout.tsx";
import { useTranslation } from "../../../i18n/use-translation.ts";
import type { RestRequest } from "../../../lib/rest-client.ts";
import { useRestSave } from "../use-rest-save.ts";

export type AffiliateLinkRow = { slug: string; targetUrl: string; clicks: number };

/**
 * The affiliate links (decision 0035): each `/go/{slug}` with its target, changed in place, its
 * clicks, and deletion; a form for a new one. Saved through the REST client; the page reads the
 * links again after each change.
 */
export function AffiliateLinks({ links }: { links: AffiliateLinkRow[] }) {
  const { t } = useTranslation();
  const { saving: busy, error, send: sendRequest } = useRestSave();

  function send(request: RestRequest, done: string): Promise<boolean> {
    return sendRequest(request, () => `/admin/affiliate-links?done=${done}`, { replace: true });
  }

  return (
    <>
      {error && (
        <p role="alert" className="mb-4 border-l-4 border-red-600 bg-red-50 px-4 py-2">
          {error}
        </p>
      )}
      <DataTable
        rows={links}
        rowKey={(link) => link.slug}
        caption={t("backOffice.affiliate.title")}
        empty={<p>{t("backOffice.affiliate.empty")}</p>}
        alignTop
        columns={[
          {
            key: "address",
            header: t("backOffice.affiliate.address"),
            cell: (link) => <code className="font-medium">/go/{link.slug}</code>,
          },
          {
            key: "target",
            header: t("backOffice.affiliate.target"),
            cell: (link) => (
              <form
                className="flex gap-2"
                onSubmit={(event) => {
                  event.preventDefault();
                  const target = String(new FormData(event.currentTarget).get("target_url") ?? "");
                  void send(
                    { path: `/affiliate-links/${link.slug}`, method: "PUT", data: { target_url: target } },
                    "saved",
                  );
                }}
              >
                <label className="sr-only" htmlFor={`affiliate-${link.slug}`}>
                  {t("backOffice.affiliate.targetOf", { slug: link.slug })}
                </label>
                <input
                  id={`affiliate-${link.slug}`}
                  name="target_url"
                  type="url"
                  required
                  defaultValue={link.targetUrl}
                  className={`block w-full ${ADMIN_INLINE_FIELD}`}
                />
                <button type="submit" className={ADMIN_BUTTON} disabled={busy}>
                  {t("backOffice.affiliate.saveNamed", { slug: link.slug })}
                </button>
              </form>
            ),
          },
          { key: "clicks", header: t("backOffice.affiliate.clicks"), cell: (link) => link.clicks },
          {
            key: "actions",
            header: <span className="sr-only">{t("backOffice.affiliate.actions")}</span>,
            cell: (link) => (
              <button
                type="button"
                className={ADMIN_BUTTON}
                disabled={busy}
                onClick={() =>
                  void send({ path: `/affiliate-links/${link.slug}`, method: "DELETE" }, "deleted")
                }
              >
                {t("backOffice.affiliate.deleteNamed", { slug: link.slug })}
              </button>
            ),
          },
        ]}
      />
      <FormLayout
        className="mt-8 max-w-xl space-y-3 rounded border border-stone-200 p-4"
        saveLabel={t("backOffice.affiliate.addButton")}
        busy={busy}
        onSave={(element) => {
          const form = new FormData(element);
          return send(
            {
              path: "/affiliate-links",
              method: "POST",
              data: {
                slug: String(form.get("slug") ?? ""),
                target_url: String(form.get("target_url") ?? ""),
              },
            },
            "added",
          );
        }}
      >
        <h2 className="text-xl font-semibold">{t("backOffice.affiliate.add")}</h2>
        <InputField label={t("backOffice.affiliate.slug")} name="slug" value="" required maxLength={200} />
        <InputField
          label={t("backOffice.affiliate.target")}
          name="target_url"
          value=""
          type="url"
          required
          maxLength={2000}
        />
      </FormLayout>
    </>
  );
}
