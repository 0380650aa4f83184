import { useRef, useState } from "react";
import { LazyDialog } from "../../components/ui/lazy-dialog.tsx";
import { useTranslation } from "../../i18n/use-translation.ts";
import type { CheckoutTerms } from "../../lib/store-settings.ts";
import { RichText } from "../content/rich-text.tsx";

/**
 * The link to the store's terms page (decision 0064), which opens its text in a lightbox, as
 * WooCommerce's checkout does. Without JavaScript it opens the page itself, in a new tab, so the
 * form keeps what the shopper typed. Like every popup, the dialog's code comes when it first opens,
 * and it leaves the page 300 ms after it closes (`LazyDialog`, decision 0026).
 */
export function TermsLink({ terms }: { terms: CheckoutTerms }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const link = useRef<HTMLAnchorElement>(null);
  return (
    <>
      <a
        ref={link}
        href={terms.href}
        target="_blank"
        rel="noopener"
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
        title={terms.title}
        closeLabel={t("checkout.closeTerms")}
        id="terms-dialog"
        opener={link}
        contentClassName="fixed left-1/2 top-1/2 z-50 max-h-[85vh] w-[40rem] max-w-[90vw] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded bg-white p-6 shadow-xl"
      >
        <div className="woocommerce-terms-and-conditions space-y-4 text-sm">
          {terms.sections.map((section) => (
            <section key={section.id} aria-label={section.title || undefined}>
              {section.title && <h3 className="font-semibold">{section.title}</h3>}
              <RichText doc={section.body} />
            </section>
          ))}
          <p>
            <a href={terms.href} target="_blank" rel="noopener" className="underline">
              {t("checkout.termsPage", { title: terms.title })}
            </a>
          </p>
        </div>
      </LazyDialog>
    </>
  );
}
