import { useTranslation } from "../../i18n/use-translation.ts";

/**
 * Staff's reminder that Stripe runs on a test key and takes no real money (issue 42), at the top of
 * every storefront page (under the admin bar) and of the back office. A status text, not a landmark:
 * it says how the store is, and asks for nothing. Only pages rendered for staff carry it.
 */
export function PaymentsTestModeNotice() {
  const { t } = useTranslation();
  return (
    <p
      role="status"
      className="payments-test-mode bg-amber-200 px-4 py-1 text-center text-sm font-medium text-stone-900"
    >
      {t("adminBar.paymentsTestMode")}
    </p>
  );
}
