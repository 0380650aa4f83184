import { Button } from "react-aria-components";
import { ADMIN_BUTTON } from "../../../components/ui/back-office-classes.ts";
import { formatDateTime } from "../../../i18n/format.ts";
import { useTranslation } from "../../../i18n/use-translation.ts";
import type { AdminOrderPage } from "../../../lib/order-resource.ts";
import { OrderSection } from "./order-section.tsx";

/** Where the confirmation mail stands, and the button that sends it again. */
export function MailSection({
  order,
  locale,
  onResend,
}: {
  order: AdminOrderPage;
  locale: "en" | "es";
  onResend: () => void;
}) {
  const { t } = useTranslation();
  return (
    <OrderSection name="mail" title={t("backOffice.orders.mailTitle")}>
      <ConfirmationState confirmation={order.confirmation} locale={locale} />
      <Button className={ADMIN_BUTTON} onPress={onResend}>
        {t("backOffice.orders.resend")}
      </Button>
    </OrderSection>
  );
}

/** Where the order's confirmation mail stands: sent, still being tried, or given up. */
function ConfirmationState({
  confirmation,
  locale,
}: {
  confirmation: AdminOrderPage["confirmation"];
  locale: "en" | "es";
}) {
  const { t } = useTranslation();
  if (!confirmation) return null;
  const { state, attempts, error } = confirmation;
  const date = formatDateTime(confirmation.date, locale);
  const text = {
    sent: () => t("backOffice.orders.confirmationSent", { date }),
    nothing_to_send: () => t("backOffice.orders.confirmationNoEmail"),
    sending: () => t("backOffice.orders.confirmationSending"),
    retrying: () => t("backOffice.orders.confirmationRetrying", { count: attempts, error, date }),
    gave_up: () => t("backOffice.orders.confirmationGaveUp", { count: attempts, error }),
  }[state]();
  const trouble = state === "retrying" || state === "gave_up";
  return (
    <p className={`confirmation-state mb-3 text-sm ${trouble ? "text-red-800" : "text-stone-700"}`}>{text}</p>
  );
}
