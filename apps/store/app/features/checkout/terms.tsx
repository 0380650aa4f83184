import { useRef, useState } from "react";
import { LazyDialog } from "../../components/ui/lazy-dialog.tsx";
import { useTranslation } from "../../i18n/use-translation.ts";

const TERMS_ID = "terms-text";

/**
 * The terms open in a lightbox; without JavaScript the link jumps to them on the page. Like every
 * popup, its code comes when it first opens, and it leaves the page 300 ms after it closes
 * (`LazyDialog`, decision 0026).
 */
export function TermsLink() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const link = useRef<HTMLAnchorElement>(null);
  return (
    <>
      <a
        ref={link}
        href={`#${TERMS_ID}`}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={(event) => {
          event.preventDefault();
          setOpen(true);
        }}
        className="woocommerce-terms-and-conditions-link text-sm underline"
      >
        {t("checkout.termsLink")}
      </a>
      <LazyDialog
        open={open}
        onOpenChange={setOpen}
        title={t("checkout.termsDialog")}
        closeLabel={t("checkout.closeTerms")}
        id="terms-dialog"
        opener={link}
        contentClassName="fixed left-1/2 top-1/2 z-50 w-[32rem] max-w-[90vw] -translate-x-1/2 -translate-y-1/2 rounded bg-white p-6 shadow-xl"
      >
        <p className="text-sm">{t("checkout.termsText")}</p>
      </LazyDialog>
    </>
  );
}

/** The terms in the page, where the link leads without JavaScript. */
export function TermsText() {
  const { t } = useTranslation();
  return (
    <section id={TERMS_ID} aria-labelledby="terms-heading" className="mt-10 text-sm text-stone-700">
      <h2 id="terms-heading" className="font-semibold">
        {t("checkout.termsDialog")}
      </h2>
      <p>{t("checkout.termsText")}</p>
    </section>
  );
}
