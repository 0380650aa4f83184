import { type RefObject, useEffect, useState } from "react";
import { ADMIN_ROW_BUTTON } from "../../../components/ui/back-office-classes.ts";
import { LazyDialog } from "../../../components/ui/lazy-dialog.tsx";
import { useTranslation } from "../../../i18n/use-translation.ts";
import { pageRestClient, RestClientError } from "../../../lib/rest-client.ts";
import type { StoreMailKind } from "../../../lib/store-mails.ts";

/** `GET /mails/{kind}/preview` as it answers. */
type Preview = { to: string; subject: string; html: string; text: string; order_id: number | null };

const LANGUAGES = [
  { lang: "en", label: "English" },
  { lang: "es", label: "Español" },
] as const;

/**
 * One mail's preview (decision 0062) in a dialog: in English or Spanish, its recipient and subject,
 * the HTML in a sandboxed frame (no script, no same-origin access: a mail is a stranger's page)
 * and the plain text below it.
 */
export function MailPreviewDialog({
  kind,
  title,
  opener,
  onClose,
}: {
  kind: StoreMailKind | null;
  title: string;
  opener: RefObject<HTMLElement | null>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [lang, setLang] = useState<"en" | "es">("en");
  const [preview, setPreview] = useState<Preview | { error: string } | null>(null);

  useEffect(() => {
    if (!kind) return;
    let current = true;
    setPreview(null);
    pageRestClient()
      .request<Preview>({ path: `/mails/${kind}/preview?lang=${lang}` })
      .then(
        (answer) => current && setPreview(answer),
        (failure) =>
          current &&
          setPreview({ error: failure instanceof RestClientError ? failure.translated(t) : String(failure) }),
      );
    return () => {
      current = false;
    };
  }, [kind, lang, t]);

  return (
    <LazyDialog
      open={kind !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      id="mail-preview"
      opener={opener}
      title={t("backOffice.mails.previewTitle", { mail: title })}
      closeLabel={t("backOffice.mails.close")}
      contentClassName="fixed left-1/2 top-1/2 z-50 flex max-h-[90vh] w-[48rem] max-w-[95vw] -translate-x-1/2 -translate-y-1/2 flex-col gap-3 overflow-y-auto rounded bg-white p-6 shadow-xl"
    >
      <fieldset className="flex flex-wrap items-center gap-2">
        <legend className="float-left mr-2 text-sm font-semibold">{t("backOffice.mails.language")}</legend>
        {LANGUAGES.map((language) => (
          <button
            key={language.lang}
            type="button"
            lang={language.lang}
            aria-pressed={lang === language.lang}
            className={`${ADMIN_ROW_BUTTON} aria-pressed:border-brand aria-pressed:font-semibold`}
            onClick={() => setLang(language.lang)}
          >
            {language.label}
          </button>
        ))}
      </fieldset>
      {preview === null && <p role="status">{t("backOffice.mails.loading")}</p>}
      {preview && "error" in preview && (
        <p role="alert" className="border-l-4 border-red-600 bg-red-50 px-4 py-2">
          {t("backOffice.mails.failed", { error: preview.error })}
        </p>
      )}
      {preview && !("error" in preview) && (
        <>
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 text-sm">
            <dt className="font-semibold">{t("backOffice.mails.recipientLine")}</dt>
            <dd>{preview.to}</dd>
            <dt className="font-semibold">{t("backOffice.mails.subject")}</dt>
            <dd>{preview.subject}</dd>
          </dl>
          <p className="text-sm text-stone-700">
            {preview.order_id === null
              ? t("backOffice.mails.sample")
              : t("backOffice.mails.fromOrder", { id: preview.order_id })}
          </p>
          <h3 className="font-semibold">{t("backOffice.mails.html")}</h3>
          <iframe
            title={t("backOffice.mails.frameTitle")}
            sandbox=""
            srcDoc={preview.html}
            className="h-96 w-full shrink-0 rounded border border-stone-300"
          />
          <h3 className="font-semibold">{t("backOffice.mails.text")}</h3>
          <pre className="whitespace-pre-wrap rounded border border-stone-300 bg-stone-50 p-3 text-sm">
            {preview.text}
          </pre>
        </>
      )}
    </LazyDialog>
  );
}
