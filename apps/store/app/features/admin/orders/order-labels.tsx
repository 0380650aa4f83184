import type { TFunction } from "i18next";
import type { ReactNode } from "react";
import { Button, Label, ListBox, ListBoxItem, Popover, Select, SelectValue } from "react-aria-components";
import { ADMIN_BUTTON } from "../../../components/ui/back-office-classes.ts";
import { useTranslation } from "../../../i18n/use-translation.ts";
import type { OrderStatus } from "../../../lib/order-status.ts";

const STATUS_COLOURS: Record<OrderStatus, string> = {
  pending: "bg-stone-100 text-stone-800",
  "on-hold": "bg-amber-100 text-amber-900",
  processing: "bg-sky-100 text-sky-900",
  completed: "bg-emerald-100 text-emerald-900",
  cancelled: "bg-stone-200 text-stone-800",
  refunded: "bg-violet-100 text-violet-900",
  failed: "bg-red-100 text-red-900",
};

/** An order's status as a coloured label, in the page's language (the shopper's words for it). */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const { t } = useTranslation();
  return (
    <span
      className={`order-status inline-block rounded px-2 py-0.5 text-xs font-medium ${STATUS_COLOURS[status]}`}
      data-status={status}
    >
      {t(`account.statuses.${status}`)}
    </span>
  );
}

const FIXED_ORIGINS: Record<string, string> = {
  Direct: "direct",
  "Web admin": "webAdmin",
  "Mobile app": "mobileApp",
  Unknown: "unknown",
};

/**
 * An origin label (stored in English, as the attribution engine writes it: `Source: Newsletter`,
 * `Organic: Google`, `Referral: Example.com`, `Direct`…) in the page's language.
 */
export function originText(origin: string, t: TFunction): string {
  const named = /^(Source|Organic|Referral): (.*)$/s.exec(origin);
  if (named) return t(`backOffice.orders.origins.${named[1]!.toLowerCase()}`, { name: named[2] });
  const fixed = FIXED_ORIGINS[origin];
  return fixed ? t(`backOffice.orders.origins.${fixed}`) : origin;
}

/** A React Aria select of a few choices, styled for the back office. */
export function ChoiceSelect({
  label,
  value,
  onChange,
  options,
  className = "",
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: Array<{ id: string; text: ReactNode; textValue: string }>;
  className?: string;
}) {
  return (
    <Select
      value={value}
      onChange={(key) => {
        if (key !== null) onChange(String(key));
      }}
      className={`flex flex-col gap-1 text-sm ${className}`}
    >
      <Label>{label}</Label>
      <Button className={`${ADMIN_BUTTON} flex min-w-48 items-center justify-between gap-2 text-left`}>
        <SelectValue />
        <span aria-hidden="true">▾</span>
      </Button>
      <Popover className="min-w-[var(--trigger-width)] rounded border border-stone-300 bg-white shadow-lg">
        <ListBox className="max-h-72 overflow-auto py-1 outline-none">
          {options.map((option) => (
            <ListBoxItem
              key={option.id}
              id={option.id}
              textValue={option.textValue}
              className="cursor-default px-3 py-1 text-sm outline-none data-[focused]:bg-stone-100 data-[selected]:font-semibold"
            >
              {option.text}
            </ListBoxItem>
          ))}
        </ListBox>
      </Popover>
    </Select>
  );
}
