import { type FormEvent, useState } from "react";
import { Button, Dialog, Heading, Modal, ModalOverlay } from "react-aria-components";
import { ADMIN_BUTTON, ADMIN_PRIMARY_BUTTON } from "../../../components/ui/back-office-classes.ts";
import { formatPrice } from "../../../i18n/format.ts";
import { isLocale } from "../../../i18n/i18n.ts";
import { useTranslation } from "../../../i18n/use-translation.ts";
import type { AdminOrderPage } from "../../../lib/order-resource.ts";
import { nextStatuses, type OrderStatus, restoresStock } from "../../../lib/order-status.ts";
import { ChoiceSelect, OrderStatusBadge } from "./order-labels.tsx";
import { OrderSection } from "./order-section.tsx";

/** The status and what it may become; a cancellation or a refund is confirmed first. */
export function StatusSection({
  order,
  onChange,
}: {
  order: AdminOrderPage;
  onChange: (status: OrderStatus) => Promise<boolean>;
}) {
  const { t, i18n } = useTranslation();
  const locale = isLocale(i18n.language) ? i18n.language : "en";
  // Its items back on the shelves unrefunded (a payment that failed): only closed (decision 0063).
  const onlyClose = !restoresStock(order.status) && hasStockBackUnrefunded(order);
  const options = onlyClose ? nextStatuses(order.status).filter(restoresStock) : nextStatuses(order.status);
  const [target, setTarget] = useState<OrderStatus | null>(options[0] ?? null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);

  async function change() {
    if (!target) return;
    setConfirming(false);
    setBusy(true);
    await onChange(target);
    setBusy(false);
  }

  return (
    <OrderSection name="status" title={t("backOffice.orders.status")}>
      <p className="mb-3">
        <OrderStatusBadge status={order.status} />
      </p>
      {options.length === 0 || !target ? (
        <p className="text-sm text-stone-700">{t("backOffice.orders.finalStatus")}</p>
      ) : (
        <form
          className="space-y-3"
          onSubmit={(event: FormEvent) => {
            event.preventDefault();
            if (restoresStock(target)) setConfirming(true);
            else void change();
          }}
        >
          {onlyClose && <p className="text-sm text-stone-700">{t("backOffice.orders.stockBackOnlyClose")}</p>}
          <ChoiceSelect
            label={t("backOffice.orders.newStatus")}
            value={target}
            onChange={(value) => setTarget(value as OrderStatus)}
            options={options.map((status) => ({
              id: status,
              text: t(`account.statuses.${status}`),
              textValue: t(`account.statuses.${status}`),
            }))}
          />
          <Button type="submit" className={ADMIN_BUTTON} isDisabled={busy}>
            {t("backOffice.orders.changeStatus")}
          </Button>
        </form>
      )}
      <ModalOverlay
        isOpen={confirming}
        onOpenChange={setConfirming}
        isDismissable
        className="fixed inset-0 z-50 flex items-center justify-center bg-black/40 p-4"
      >
        <Modal className="w-full max-w-md rounded bg-white p-6 shadow-xl">
          <Dialog role="alertdialog" className="space-y-4 outline-none">
            <Heading slot="title" className="text-lg font-semibold">
              {t("backOffice.orders.confirmTitle", {
                id: order.id,
                status: target ? t(`account.statuses.${target}`) : "",
              })}
            </Heading>
            <p>
              {order.stockRestoredAt
                ? t("backOffice.orders.stockAlreadyBack")
                : t("backOffice.orders.stockGoesBack")}
            </p>
            {/* Refunded by hand, the rest of the total is refunded with it (decision 0063). */}
            {target === "refunded" && order.total > order.refunded && (
              <p className="refund-rest">
                {t("backOffice.orders.refundsTheRest", {
                  amount: formatPrice(order.total - order.refunded, order.currency, locale),
                })}
              </p>
            )}
            <div className="flex justify-end gap-2">
              <Button className={ADMIN_BUTTON} onPress={() => setConfirming(false)}>
                {t("backOffice.orders.keep")}
              </Button>
              <Button className={ADMIN_PRIMARY_BUTTON} onPress={() => void change()}>
                {t("backOffice.orders.confirm", { status: target ? t(`account.statuses.${target}`) : "" })}
              </Button>
            </div>
          </Dialog>
        </Modal>
      </ModalOverlay>
    </OrderSection>
  );
}

/**
 * Whether all its items went back into stock while some were not refunded: the service then refuses
 * any status but cancelled or refunded (services/orders/orders-admin.server.ts). A payment that
 * failed gives all of them back at once, so the order's `stockRestoredAt` tells.
 */
function hasStockBackUnrefunded(order: AdminOrderPage): boolean {
  return order.stockRestoredAt !== null && order.lines.some((line) => line.refundedQuantity < line.quantity);
}
