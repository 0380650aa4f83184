import { useState } from "react";
import { Link, useRevalidator } from "react-router";
import { formatDateTime, formatPrice } from "../../../i18n/format.ts";
import { isLocale } from "../../../i18n/i18n.ts";
import { useTranslation } from "../../../i18n/use-translation.ts";
import type { AdminOrderPage } from "../../../lib/order-resource.ts";
import { pageRestClient, RestClientError } from "../../../lib/rest-client.ts";
import { OrderLineTable } from "../../orders/order-details.tsx";
import { Announcement } from "../use-rest-change.tsx";
import { AddressSection, AttributionSection, PaymentSection } from "./order-facts.tsx";
import { OrderStatusBadge } from "./order-labels.tsx";
import { MailSection } from "./order-mail-section.tsx";
import { NotesSection } from "./order-notes-section.tsx";
import { RefundSection } from "./order-refund-section.tsx";
import { OrderSection } from "./order-section.tsx";
import { StatusSection } from "./order-status-section.tsx";

type Message = { text: string; error?: boolean };

/**
 * The back office's page of one order (issue 16, issue 40): its lines and totals, its refunds and
 * what is left, addresses, payment and shipping, where the shopper came from, its notes with its
 * status changes; status changes, refunds, notes and the confirmation mail go through the REST
 * client, then the page reads the order again.
 */
export function OrderPage({ order }: { order: AdminOrderPage }) {
  const { t, i18n } = useTranslation();
  const locale = isLocale(i18n.language) ? i18n.language : "en";
  const money = (cents: number) => formatPrice(cents, order.currency, locale);
  const { message, act } = useOrderAction();
  /** A REST call about this order (`path` below `/orders/{id}`). */
  const call = <T,>(method: "POST" | "PUT", path: string, data?: unknown) =>
    pageRestClient().request<T>({ path: `/orders/${order.id}${path}`, method, data });

  return (
    <div className="space-y-6">
      <p className="flex flex-wrap items-center gap-3 text-sm text-stone-700">
        <Link to="/admin/orders" className="underline">
          {t("backOffice.orders.back")}
        </Link>
        <span>{formatDateTime(order.date, locale)}</span>
        <OrderStatusBadge status={order.status} />
      </p>

      <Announcement message={message} name="order" />

      <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
        <div className="space-y-6">
          <OrderSection name="lines" title={t("backOffice.orders.lines")}>
            <OrderLineTable
              className="order-lines"
              amountHeading={t("backOffice.orders.total")}
              order={order}
              money={money}
            />
          </OrderSection>

          <RefundSection
            order={order}
            locale={locale}
            money={money}
            onRefund={(body) =>
              act(async () => {
                await call("POST", "/refunds", body);
                return t("backOffice.orders.refundDone", { amount: money(body.amount ?? 0) });
              })
            }
          />

          <div className="grid gap-6 sm:grid-cols-2">
            <AddressSection id="billing" title={t("checkout.received.billing")} address={order.billing} />
            <AddressSection id="shipping" title={t("checkout.received.shipping")} address={order.shipping} />
          </div>

          <PaymentSection order={order} locale={locale} money={money} />
          <AttributionSection order={order} />
        </div>

        <div className="space-y-6">
          <StatusSection
            key={order.status}
            order={order}
            onChange={(status) =>
              act(async () => {
                await call("PUT", "", { status });
                return t("backOffice.orders.statusChanged", { status: t(`account.statuses.${status}`) });
              })
            }
          />

          <MailSection
            order={order}
            locale={locale}
            onResend={() =>
              void act(async () => {
                const sent = await call<{ sent_to: string }>("POST", "/actions/send-confirmation");
                return t("backOffice.orders.mailSent", { email: sent.sent_to });
              })
            }
          />

          <NotesSection
            order={order}
            onAdd={(note, customerNote) =>
              act(async () => {
                await call("POST", "/notes", { note, customer_note: customerNote });
                return t("backOffice.orders.noteAdded");
              })
            }
          />
        </div>
      </div>
    </div>
  );
}

/** Runs a REST call, then reads the order again; keeps what to say about how it went. */
function useOrderAction() {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const [message, setMessage] = useState<Message | null>(null);

  async function act(call: () => Promise<string>): Promise<boolean> {
    try {
      const done = await call();
      await revalidator.revalidate();
      setMessage({ text: done });
      return true;
    } catch (error) {
      // Someone may have changed the order meanwhile: show it as it is now.
      await revalidator.revalidate();
      setMessage({
        text: error instanceof RestClientError ? error.translated(t) : String(error),
        error: true,
      });
      return false;
    }
  }

  return { message, act };
}
