import { type FormEvent, useState } from "react";
import { ADMIN_PRIMARY_BUTTON } from "../../../components/ui/back-office-classes.ts";
import { CheckboxInput, InputField } from "../../../components/ui/back-office-fields.tsx";
import { MoneyField } from "../../../components/ui/money-field.tsx";
import { useTranslation } from "../../../i18n/use-translation.ts";
import { centsFromText, moneyText } from "../../../lib/money-text.ts";
import { type AdminOrderPage, REFUND_REASON_MAX, type RefundInputBody } from "../../../lib/order-resource.ts";
import { defaultLineAmount, leftOfLine, refundBody } from "./refund-body.ts";

type LineChoice = { quantity: number; amount: number };

/**
 * The refund form (WooCommerce's "Refund" box): per line the items and the amount to give back (the
 * amount follows the quantity at the unit price, and may be changed), the reason, whether the items
 * go back into stock, and the refund's total (the lines' amounts added up, or more: shipping).
 */
export function RefundForm({
  order,
  money,
  onRefund,
}: {
  order: AdminOrderPage;
  money: (cents: number) => string;
  onRefund: (body: RefundInputBody) => Promise<boolean>;
}) {
  const { t } = useTranslation();
  const [choices, setChoices] = useState<Record<number, LineChoice>>({});
  const [total, setTotal] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const linesAmount = Object.values(choices).reduce((sum, choice) => sum + choice.amount, 0);
  const amount = total ?? linesAmount;
  const left = order.total - order.refunded;

  const choose = (id: number, choice: LineChoice) => {
    setChoices((before) => ({ ...before, [id]: choice }));
    setTotal(null);
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    await onRefund(
      refundBody({
        amount,
        reason: String(form.get("reason") ?? ""),
        restock: form.get("restock") === "on",
        lines: Object.entries(choices).map(([id, choice]) => ({ id: Number(id), ...choice })),
      }),
    );
    setBusy(false);
  }

  return (
    <form className="refund-form mt-4 space-y-4" onSubmit={(event) => void submit(event)}>
      {order.lines.map((line) => {
        const rest = leftOfLine(line);
        const choice = choices[line.id] ?? { quantity: 0, amount: 0 };
        return (
          <fieldset key={line.id} className="grid gap-2 rounded border border-stone-200 p-3 sm:grid-cols-2">
            <legend className="px-1 font-medium">{line.name}</legend>
            <InputField
              label={t("backOffice.orders.refundQuantity")}
              value={choice.quantity}
              type="number"
              min={0}
              max={rest.quantity}
              step={1}
              hint={t("backOffice.orders.refundQuantityLeft", { count: rest.quantity })}
              onChange={(event) => {
                const quantity = Math.max(
                  0,
                  Math.min(rest.quantity, Math.trunc(Number(event.target.value) || 0)),
                );
                choose(line.id, { quantity, amount: defaultLineAmount(line, quantity) });
              }}
            />
            <MoneyField
              label={t("backOffice.orders.refundLineAmount")}
              name={`line-${line.id}-amount`}
              // Drawn again when the quantity changes it (the unit price each).
              key={`a${choice.quantity}`}
              cents={choice.amount}
              currency={order.currency}
              max={moneyText(rest.total)}
              hint={t("backOffice.orders.refundAmountLeft", { amount: money(rest.total) })}
              onChange={(event) =>
                choose(line.id, { quantity: choice.quantity, amount: centsFromText(event.target.value) ?? 0 })
              }
            />
          </fieldset>
        );
      })}
      <InputField
        label={t("backOffice.orders.refundReason")}
        name="reason"
        value=""
        maxLength={REFUND_REASON_MAX}
      />
      <CheckboxInput name="restock" checked>
        {t("backOffice.orders.refundRestock")}
      </CheckboxInput>
      <MoneyField
        label={t("backOffice.orders.refundAmount")}
        name="amount"
        key={`total${linesAmount}`}
        cents={amount}
        currency={order.currency}
        max={moneyText(left)}
        hint={t("backOffice.orders.refundAmountLeft", { amount: money(left) })}
        onChange={(event) => setTotal(centsFromText(event.target.value) ?? 0)}
      />
      <button type="submit" className={ADMIN_PRIMARY_BUTTON} disabled={busy || amount <= 0}>
        {t("backOffice.orders.refundButton", { amount: money(amount) })}
      </button>
    </form>
  );
}
