import { type FormEvent, useState } from "react";
import { Button, Checkbox, Label, TextArea, TextField } from "react-aria-components";
import { ADMIN_BUTTON, ADMIN_INLINE_FIELD } from "../../../components/ui/back-office-classes.ts";
import { formatDateTime } from "../../../i18n/format.ts";
import { isLocale } from "../../../i18n/i18n.ts";
import { useTranslation } from "../../../i18n/use-translation.ts";
import { type AdminOrderPage, ORDER_NOTE_MAX } from "../../../lib/order-resource.ts";
import { OrderSection } from "./order-section.tsx";

/** One entry of the order's notes: a note someone wrote, or a status change's own note. */
type Entry =
  | { kind: "note"; key: string; date: string; note: AdminOrderPage["notes"][number] }
  | { kind: "status"; key: string; date: string; change: AdminOrderPage["history"][number] };

/** The notes and the status changes, oldest first (a status change's note is its history row). */
function entriesOf(order: AdminOrderPage): Entry[] {
  return [
    ...order.notes.map((note): Entry => ({ kind: "note", key: `n${note.id}`, date: note.date, note })),
    ...order.history.map(
      (change): Entry => ({ kind: "status", key: `s${change.id}`, date: change.date, change }),
    ),
  ].sort((a, b) => a.date.localeCompare(b.date));
}

/**
 * The order's notes, newest last, with a note of each status change in the reader's language
 * (WooCommerce's "Order status changed from X to Y."), and the form for another, for the staff or
 * to the customer.
 */
export function NotesSection({
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
  const entries = entriesOf(order);

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
    <OrderSection name="notes" title={t("backOffice.orders.notes")}>
      {entries.length === 0 ? (
        <p className="mb-3 text-sm text-stone-700">{t("backOffice.orders.noNotes")}</p>
      ) : (
        <ol className="order-notes mb-4 space-y-3 text-sm">
          {entries.map((entry) =>
            entry.kind === "note" ? (
              <li
                key={entry.key}
                className={`rounded px-3 py-2 ${entry.note.toCustomer ? "bg-sky-50" : "bg-stone-100"}`}
                data-to-customer={entry.note.toCustomer}
              >
                <p className="whitespace-pre-wrap">{entry.note.body}</p>
                <p className="mt-1 text-xs text-stone-700">
                  {entry.note.toCustomer ? t("backOffice.orders.toCustomer") : t("backOffice.orders.private")}{" "}
                  · {formatDateTime(entry.date, locale)} ·{" "}
                  {entry.note.author ?? t("backOffice.orders.byStore")}
                </p>
              </li>
            ) : (
              <li key={entry.key} className="status-note rounded bg-violet-50 px-3 py-2">
                <p>
                  {entry.change.from
                    ? t("backOffice.orders.statusChangedNote", {
                        from: t(`account.statuses.${entry.change.from}`),
                        to: t(`account.statuses.${entry.change.to}`),
                      })
                    : t("backOffice.orders.placedAs", { status: t(`account.statuses.${entry.change.to}`) })}
                </p>
                <p className="mt-1 text-xs text-stone-700">
                  {formatDateTime(entry.date, locale)} · {entry.change.by ?? t("backOffice.orders.byStore")}
                </p>
              </li>
            ),
          )}
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
    </OrderSection>
  );
}
