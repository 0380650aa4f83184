import { type FormEvent, useState } from "react";
import {
  Button,
  Checkbox,
  Dialog,
  Heading,
  Label,
  Modal,
  ModalOverlay,
  TextArea,
  TextField,
} from "react-aria-components";
import { Link, useRevalidator } from "react-router";
import {
  ADMIN_BUTTON,
  ADMIN_INLINE_FIELD,
  ADMIN_PRIMARY_BUTTON,
} from "../../../components/ui/back-office-classes.ts";
import { formatDateTime, formatPrice } from "../../../i18n/format.ts";
import { isLocale } from "../../../i18n/i18n.ts";
import { useTranslation } from "../../../i18n/use-translation.ts";
import { type AdminOrderPage, ORDER_NOTE_MAX } from "../../../lib/admin-orders.ts";
import { nextStatuses, type OrderStatus, restoresStock } from "../../../lib/order-status.ts";
import { addressLines, type OrderAddress } from "../../../lib/orders.ts";
import { pageRestClient, RestClientError } from "../../../lib/rest-client.ts";
import { OrderLineTable } from "../../orders/order-details.tsx";
import { ChoiceSelect, OrderStatusBadge, originText } from "./order-labels.tsx";

type Message = { text: string; error?: boolean };

const SECTION = "rounded border border-stone-200 p-4";
const HEADING = "mb-3 text-lg font-semibold";

/**
 * The back office's page of one order (issue 16): its lines and totals, addresses, payment and
 * shipping, where the shopper came from, its notes and status history; status changes, notes and
 * the confirmation mail go through the REST client, then the page reads the order again.
 */
export function OrderPage({ order }: { order: AdminOrderPage }) {
  const { t, i18n } = useTranslation();
  const locale = isLocale(i18n.language) ? i18n.language : "en";
  const money = (cents: number) => formatPrice(cents, order.currency, locale);
  const revalidator = useRevalidator();
  const [message, setMessage] = useState<Message | null>(null);

  /** Runs a REST call, then reads the order again; says how it went. */
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

  return (
    <div className="space-y-6">
      <p className="flex flex-wrap items-center gap-3 text-sm text-stone-700">
        <Link to="/admin/orders" className="underline">
          {t("backOffice.orders.back")}
        </Link>
        <span>{formatDateTime(order.date, locale)}</span>
        <OrderStatusBadge status={order.status} />
      </p>

      {/* Always there, so that what it says next is announced. */}
      <p
        role="status"
        className={`order-message ${message && !message.error ? "rounded border-l-4 border-brand bg-emerald-50 px-4 py-2" : "sr-only"}`}
      >
        {message && !message.error ? message.text : ""}
      </p>
      {message?.error && (
        <p role="alert" className="order-error rounded border-l-4 border-sale bg-red-50 px-4 py-2">
          {message.text}
        </p>
      )}

      <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
        <div className="space-y-6">
          <section aria-labelledby="order-lines-heading" className={SECTION}>
            <h2 id="order-lines-heading" className={HEADING}>
              {t("backOffice.orders.lines")}
            </h2>
            <OrderLineTable
              className="order-lines"
              amountHeading={t("backOffice.orders.total")}
              order={order}
              money={money}
            />
          </section>

          <div className="grid gap-6 sm:grid-cols-2">
            <AddressSection id="billing" title={t("checkout.received.billing")} address={order.billing} />
            <AddressSection id="shipping" title={t("checkout.received.shipping")} address={order.shipping} />
          </div>

          <section aria-labelledby="order-payment-heading" className={SECTION}>
            <h2 id="order-payment-heading" className={HEADING}>
              {t("backOffice.orders.paymentAndShipping")}
            </h2>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
              <dt className="font-medium">{t("checkout.paymentMethod")}</dt>
              <dd>{t(`checkout.payment.${order.paymentMethod}.title`, order.paymentMethod)}</dd>
              <dt className="font-medium">{t("checkout.shippingMethod")}</dt>
              <dd>
                {order.shippingMethod
                  ? t(`checkout.shipping.${order.shippingMethod}`, order.shippingMethod)
                  : "—"}{" "}
                ({money(order.shippingTotal)})
              </dd>
              <dt className="font-medium">{t("backOffice.orders.customerNote")}</dt>
              <dd className="whitespace-pre-wrap">{order.customerNote || "—"}</dd>
              <dt className="font-medium">{t("backOffice.orders.stock")}</dt>
              <dd>
                {order.stockRestoredAt
                  ? t("backOffice.orders.stockRestored", {
                      date: formatDateTime(order.stockRestoredAt, locale),
                    })
                  : t("backOffice.orders.stockTaken")}
              </dd>
            </dl>
          </section>

          <section aria-labelledby="order-origin-heading" className={`order-attribution ${SECTION}`}>
            <h2 id="order-origin-heading" className={HEADING}>
              {t("backOffice.orders.attributionTitle")}
            </h2>
            <p className="mb-2">
              {t("backOffice.orders.origin")}:{" "}
              <strong className="order-origin">{originText(order.origin, t)}</strong>
            </p>
            {order.attribution.length === 0 ? (
              <p className="text-sm text-stone-700">{t("backOffice.orders.noAttribution")}</p>
            ) : (
              <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
                {order.attribution.map(({ field, value }) => (
                  <div key={field} className="contents">
                    <dt className="font-medium">{t(`backOffice.orders.attribution.${field}`)}</dt>
                    <dd className="break-all">{value}</dd>
                  </div>
                ))}
              </dl>
            )}
          </section>
        </div>

        <div className="space-y-6">
          <StatusSection
            key={order.status}
            order={order}
            onChange={(status) =>
              act(async () => {
                await pageRestClient().request({
                  path: `/orders/${order.id}`,
                  method: "PUT",
                  data: { status },
                });
                return t("backOffice.orders.statusChanged", { status: t(`account.statuses.${status}`) });
              })
            }
          />

          <section aria-labelledby="order-mail-heading" className={SECTION}>
            <h2 id="order-mail-heading" className={HEADING}>
              {t("backOffice.orders.mailTitle")}
            </h2>
            <ConfirmationState confirmation={order.confirmation} locale={locale} />
            <Button
              className={ADMIN_BUTTON}
              onPress={() =>
                void act(async () => {
                  const sent = await pageRestClient().request<{ sent_to: string }>({
                    path: `/orders/${order.id}/actions/send-confirmation`,
                    method: "POST",
                  });
                  return t("backOffice.orders.mailSent", { email: sent.sent_to });
                })
              }
            >
              {t("backOffice.orders.resend")}
            </Button>
          </section>

          <NotesSection
            order={order}
            onAdd={(note, customerNote) =>
              act(async () => {
                await pageRestClient().request({
                  path: `/orders/${order.id}/notes`,
                  method: "POST",
                  data: { note, customer_note: customerNote },
                });
                return t("backOffice.orders.noteAdded");
              })
            }
          />

          <section aria-labelledby="order-history-heading" className={SECTION}>
            <h2 id="order-history-heading" className={HEADING}>
              {t("backOffice.orders.history")}
            </h2>
            {order.history.length === 0 ? (
              <p className="text-sm text-stone-700">{t("backOffice.orders.noHistory")}</p>
            ) : (
              <ol className="order-history space-y-2 text-sm">
                {order.history.map((change) => (
                  <li key={change.id}>
                    <span className="block">
                      {change.from
                        ? t("backOffice.orders.changedFromTo", {
                            from: t(`account.statuses.${change.from}`),
                            to: t(`account.statuses.${change.to}`),
                          })
                        : t("backOffice.orders.placedAs", { status: t(`account.statuses.${change.to}`) })}
                    </span>
                    <span className="block text-stone-700">
                      {formatDateTime(change.date, locale)} · {change.by ?? t("backOffice.orders.byStore")}
                    </span>
                  </li>
                ))}
              </ol>
            )}
          </section>
        </div>
      </div>
    </div>
  );
}

function AddressSection({ id, title, address }: { id: string; title: string; address: OrderAddress }) {
  const lines = addressLines(address);
  return (
    <section aria-labelledby={`order-${id}-heading`} className={SECTION}>
      <h2 id={`order-${id}-heading`} className={HEADING}>
        {title}
      </h2>
      <address className={`order-${id} not-italic`}>
        {lines.map((line) => (
          <span key={line} className="block">
            {line}
          </span>
        ))}
      </address>
    </section>
  );
}

/** The status and what it may become; a cancellation or a refund is confirmed first. */
function StatusSection({
  order,
  onChange,
}: {
  order: AdminOrderPage;
  onChange: (status: OrderStatus) => Promise<boolean>;
}) {
  const { t } = useTranslation();
  const options = nextStatuses(order.status);
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
    <section aria-labelledby="order-status-heading" className={SECTION}>
      <h2 id="order-status-heading" className={HEADING}>
        {t("backOffice.orders.status")}
      </h2>
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
    </section>
  );
}

/** The order's notes, newest last, and the form for another, for the staff or to the customer. */
function NotesSection({
  order,
  onAdd,
}: {
  order: AdminOrderPage;
  onAdd: (note: string, customerNote: boolean) => Promise<boolean>;
}) {
  const { t, i18n } = useTranslation();
  const locale = isLocale(i18n.language) ? i18n.language : "en";
  const [note, setNote] = useState("");
  const [toCustomer, setToCustomer] = useState(false);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!note.trim()) return;
    setBusy(true);
    if (await onAdd(note, toCustomer)) {
      setNote("");
      setToCustomer(false);
    }
    setBusy(false);
  }

  return (
    <section aria-labelledby="order-notes-heading" className={SECTION}>
      <h2 id="order-notes-heading" className={HEADING}>
        {t("backOffice.orders.notes")}
      </h2>
      {order.notes.length === 0 ? (
        <p className="mb-3 text-sm text-stone-700">{t("backOffice.orders.noNotes")}</p>
      ) : (
        <ol className="order-notes mb-4 space-y-3 text-sm">
          {order.notes.map((each) => (
            <li
              key={each.id}
              className={`rounded px-3 py-2 ${each.toCustomer ? "bg-sky-50" : "bg-stone-100"}`}
              data-to-customer={each.toCustomer}
            >
              <p className="whitespace-pre-wrap">{each.body}</p>
              <p className="mt-1 text-xs text-stone-700">
                {each.toCustomer ? t("backOffice.orders.toCustomer") : t("backOffice.orders.private")} ·{" "}
                {formatDateTime(each.date, locale)} · {each.author ?? t("backOffice.orders.byStore")}
              </p>
            </li>
          ))}
        </ol>
      )}
      <form className="space-y-3" onSubmit={(event) => void submit(event)}>
        <TextField
          value={note}
          onChange={setNote}
          isRequired
          maxLength={ORDER_NOTE_MAX}
          className="flex flex-col gap-1 text-sm"
        >
          <Label>{t("backOffice.orders.addNote")}</Label>
          <TextArea rows={3} className={ADMIN_INLINE_FIELD} />
        </TextField>
        <Checkbox
          isSelected={toCustomer}
          onChange={setToCustomer}
          className="group flex items-center gap-2 text-sm"
        >
          <span
            aria-hidden="true"
            className="flex h-4 w-4 items-center justify-center rounded border border-stone-500 group-data-[selected]:border-brand group-data-[selected]:bg-brand group-data-[focus-visible]:outline-2 group-data-[focus-visible]:outline-brand"
          >
            <svg
              aria-hidden="true"
              viewBox="0 0 12 12"
              className="hidden h-3 w-3 fill-none stroke-white stroke-2 group-data-[selected]:block"
            >
              <path d="M2 6l3 3 5-6" />
            </svg>
          </span>
          {t("backOffice.orders.noteToCustomer")}
        </Checkbox>
        <Button type="submit" className={ADMIN_BUTTON} isDisabled={busy}>
          {t("backOffice.orders.addNoteButton")}
        </Button>
      </form>
    </section>
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
