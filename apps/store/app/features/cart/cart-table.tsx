import { Form, Link } from "react-router";
import { Button } from "../../components/ui/button.tsx";
import { Picture } from "../../components/ui/picture.tsx";
import { useTranslation } from "../../i18n/use-translation.ts";
import type { CartLineView, CartView } from "../../lib/cart.ts";
import { backorderNotice } from "../../lib/stock-rules.ts";
import { lineAmount } from "../../lib/totals/totals-rows.ts";
import { useMoney } from "../catalogue/use-money.ts";
import type { useCartLines } from "./use-cart-lines.ts";
import { useTotalsDisplay } from "./use-totals-rows.ts";

type CartLines = ReturnType<typeof useCartLines>;

const REMOVE_FORM_ID = "cart-remove-form";

/**
 * The cart page's lines: a form that updates every quantity at once, each line's remove button in a
 * form of its own. With JavaScript a change goes through the cart call and shows at once.
 * `confirmed` is the server's cart, whose quantities the fields show once a change is done.
 */
export function CartTable({ lines, confirmed }: { lines: CartLines; confirmed: CartView }) {
  const { t } = useTranslation();
  const confirmedQuantity = (line: CartLineView) =>
    confirmed.lines.find((candidate) => candidate.key === line.key)?.quantity ?? line.quantity;
  return (
    <>
      <Form method="post" className="woocommerce-cart-form overflow-x-auto">
        <table className="shop_table cart w-full text-left">
          <thead className="border-b border-stone-300 text-sm uppercase text-stone-600">
            <tr>
              <th scope="col" className="py-2">
                <span className="sr-only">{t("cart.product")}</span>
              </th>
              {(["product", "price", "quantity"] as const).map((column) => (
                <th key={column} scope="col" className="py-2">
                  {t(`cart.${column}`)}
                </th>
              ))}
              <th scope="col" className="py-2 text-right">
                {t("cart.subtotal")}
              </th>
            </tr>
          </thead>
          <tbody>
            {lines.view.lines.map((line) => (
              <CartLineRow
                key={line.key}
                line={line}
                confirmedQuantity={confirmedQuantity(line)}
                lines={lines}
              />
            ))}
          </tbody>
        </table>
        <div className="mt-4 text-right">
          <Button type="submit" name="intent" value="update" variant="secondary">
            {t("cart.update")}
          </Button>
        </div>
      </Form>
      <Form method="post" id={REMOVE_FORM_ID} className="hidden" />
    </>
  );
}

function CartLineRow({
  line,
  confirmedQuantity,
  lines,
}: {
  line: CartLineView;
  confirmedQuantity: number;
  lines: CartLines;
}) {
  const { t } = useTranslation();
  const money = useMoney();
  const display = useTotalsDisplay();
  const { change, busy, ready } = lines;

  /** With JavaScript a committed quantity goes through the cart call; the form stays the fallback. */
  function commitQuantity(input: HTMLInputElement) {
    if (!ready() || input.value === String(line.quantity)) return;
    if (!input.reportValidity()) return;
    void change(line.key, Number(input.value), () => {
      input.value = String(line.quantity);
    });
  }

  return (
    <tr
      className="cart_item border-b border-stone-200 aria-busy:opacity-60"
      data-cart-item-key={line.key}
      aria-busy={busy(line.key) || undefined}
    >
      <td className="w-20 py-3 pr-3">
        {line.image && <Picture image={line.image} sizes="80px" className="w-20 rounded" />}
      </td>
      <td className="product-name py-3">
        <Link to={`/product/${line.slug}`} className="font-medium hover:text-brand">
          {line.name}
        </Link>
        {line.attributes.length > 0 && (
          <dl className="text-sm text-stone-600">
            {line.attributes.map((attribute) => (
              <div key={attribute.label} className="flex gap-1">
                <dt>{attribute.label}:</dt>
                <dd>{attribute.value}</dd>
              </div>
            ))}
          </dl>
        )}
        {backorderNotice(line, line.quantity) && (
          <p className="backorder_notification text-sm text-sky-800">{t("stock.onbackorder")}</p>
        )}
        {/* In its own form, so that Enter in a quantity field updates the cart, never removes a line. */}
        <button
          type="submit"
          form={REMOVE_FORM_ID}
          name="remove"
          value={line.key}
          className="remove mt-1 text-sm text-sale underline"
          aria-label={t("cart.remove", { name: line.name })}
          onClick={(event) => {
            if (!ready()) return;
            event.preventDefault();
            void change(line.key, 0);
          }}
        >
          <span aria-hidden="true">×</span> {t("cart.removeShort")}
        </button>
      </td>
      <td className="product-price py-3">{money(line.displayPrice)}</td>
      <td className="product-quantity py-3">
        <label htmlFor={`qty-${line.key}`} className="sr-only">
          {t("product.quantityOf", { name: line.name })}
        </label>
        <input
          // A new field when the server's quantity changes, so it shows the confirmed value.
          key={`${line.key}:${confirmedQuantity}`}
          id={`qty-${line.key}`}
          name={`cart[${line.key}][qty]`}
          type="number"
          inputMode="numeric"
          min={0}
          max={line.maxQuantity ?? undefined}
          step={1}
          defaultValue={line.quantity}
          className="qty w-20 rounded border border-stone-300 px-2 py-1"
          onBlur={(event) => {
            // Leaving the field for the form's own submit button: the form post does the update.
            const next = event.relatedTarget;
            if (next instanceof HTMLButtonElement && next.form === event.currentTarget.form) return;
            commitQuantity(event.currentTarget);
          }}
          onKeyDown={(event) => {
            if (event.key !== "Enter" || !ready()) return;
            event.preventDefault();
            commitQuantity(event.currentTarget);
          }}
        />
      </td>
      <td className="product-subtotal py-3 text-right">{money(lineAmount(line, display))}</td>
    </tr>
  );
}
