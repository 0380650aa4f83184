import { useState } from "react";
import { useNavigate } from "react-router";
import {
  ADMIN_BUTTON,
  ADMIN_FIELD,
  ADMIN_INLINE_FIELD,
  ADMIN_SAVE_BUTTON,
} from "../../../components/ui/back-office-classes.ts";
import { useTranslation } from "../../../i18n/use-translation.ts";
import { pageRestClient, RestClientError } from "../../../lib/rest-client.ts";

export type AffiliateLinkRow = { slug: string; targetUrl: string; clicks: number };

/**
 * The affiliate links (decision 0035): each `/go/{slug}` with its target, changed in place, its
 * clicks, and deletion; a form for a new one. Saved through the REST client; the page reads the
 * links again after each change.
 */
export function AffiliateLinks({ links }: { links: AffiliateLinkRow[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function send(
    request: { path: string; method: "POST" | "PUT" | "DELETE"; data?: unknown },
    done: string,
  ) {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      await pageRestClient().request(request);
      navigate(`/admin/affiliate-links?done=${done}`, { replace: true });
    } catch (failure) {
      setError(failure instanceof RestClientError ? failure.translated(t) : String(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      {error && (
        <p role="alert" className="mb-4 border-l-4 border-red-600 bg-red-50 px-4 py-2">
          {error}
        </p>
      )}
      {links.length === 0 ? (
        <p>{t("backOffice.affiliate.empty")}</p>
      ) : (
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{t("backOffice.affiliate.title")}</caption>
          <thead>
            <tr className="border-b border-stone-300">
              <th scope="col" className="py-2">
                {t("backOffice.affiliate.address")}
              </th>
              <th scope="col">{t("backOffice.affiliate.target")}</th>
              <th scope="col">{t("backOffice.affiliate.clicks")}</th>
              <th scope="col">
                <span className="sr-only">{t("backOffice.affiliate.actions")}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {links.map((link) => (
              <tr key={link.slug} className="border-b border-stone-200 align-top">
                <th scope="row" className="py-2 font-medium">
                  <code>/go/{link.slug}</code>
                </th>
                <td className="py-2 pr-4">
                  <form
                    className="flex gap-2"
                    onSubmit={(event) => {
                      event.preventDefault();
                      const target = String(new FormData(event.currentTarget).get("target_url") ?? "");
                      void send(
                        {
                          path: `/affiliate-links/${link.slug}`,
                          method: "PUT",
                          data: { target_url: target },
                        },
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
                </td>
                <td className="py-2">{link.clicks}</td>
                <td className="py-2">
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
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <form
        className="mt-8 max-w-xl space-y-3 rounded border border-stone-200 p-4"
        onSubmit={(event) => {
          event.preventDefault();
          const form = new FormData(event.currentTarget);
          void send(
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
        <label className="block text-sm font-medium">
          {t("backOffice.affiliate.slug")}
          <input name="slug" required maxLength={200} className={ADMIN_FIELD} />
        </label>
        <label className="block text-sm font-medium">
          {t("backOffice.affiliate.target")}
          <input name="target_url" type="url" required maxLength={2000} className={ADMIN_FIELD} />
        </label>
        <button type="submit" disabled={busy} className={ADMIN_SAVE_BUTTON}>
          {t("backOffice.affiliate.addButton")}
        </button>
      </form>
    </>
  );
}
