import * as Dialog from "@radix-ui/react-dialog";
import { useTranslation } from "../../i18n/use-translation.ts";

const TERMS_ID = "terms-text";

/** The terms open in a lightbox; without JavaScript the link jumps to them on the page. */
export function TermsLink() {
  const { t } = useTranslation();
  return (
    <Dialog.Root>
      <Dialog.Trigger asChild>
        <a href={`#${TERMS_ID}`} className="woocommerce-terms-and-conditions-link text-sm underline">
          {t("checkout.termsLink")}
        </a>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed left-1/2 top-1/2 z-50 w-[32rem] max-w-[90vw] -translate-x-1/2 -translate-y-1/2 rounded bg-white p-6 shadow-xl"
        >
          <Dialog.Title className="mb-3 text-lg font-semibold">{t("checkout.termsDialog")}</Dialog.Title>
          <p className="text-sm">{t("checkout.termsText")}</p>
          <Dialog.Close className="mt-4 rounded border border-stone-300 px-3 py-1">
            {t("checkout.close")}
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
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
