import { useTranslation } from "../../i18n/use-translation.ts";
import { BANK_DETAIL_FIELDS, type BankDetails as Details } from "../../lib/store-settings.ts";

/** "Our bank details" under a bank-transfer order's receipt: the fields the owner has filled in. */
export function BankDetails({ details }: { details: Details }) {
  const { t } = useTranslation();
  const filled = BANK_DETAIL_FIELDS.filter((field) => details[field] !== "");
  if (filled.length === 0) return null;
  return (
    <section aria-labelledby="bank-details-heading" className="woocommerce-bacs-bank-details">
      <h2 id="bank-details-heading" className="mb-2 text-xl font-semibold">
        {t("checkout.bankDetails.title")}
      </h2>
      <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[auto_1fr]">
        {filled.map((field) => (
          <div key={field} className="contents">
            <dt className="font-medium">{t(`checkout.bankDetails.${field}`)}</dt>
            <dd>{details[field]}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
