import { useTranslation } from "../../i18n/use-translation.ts";
import type { Price as PriceValue } from "../../lib/catalogue.ts";
import { useMoney } from "./use-money.ts";

/** The price wrapper: a range for variable products, the struck-through regular price when on sale. */
export function Price({ price, className = "" }: { price: PriceValue; className?: string }) {
  const { t } = useTranslation();
  const money = useMoney();
  if (price.min !== price.max) {
    return (
      <p className={`price ${className}`}>
        <span aria-hidden="true">
          {money(price.min)} – {money(price.max)}
        </span>
        <span className="sr-only">{t("price.range", { min: money(price.min), max: money(price.max) })}</span>
      </p>
    );
  }
  if (price.sale !== null && price.sale < price.regular) {
    return (
      <p className={`price ${className}`}>
        <del className="mr-2 text-stone-500">
          <span aria-hidden="true">{money(price.regular)}</span>
          <span className="sr-only">{t("price.was", { price: money(price.regular) })}</span>
        </del>
        <ins className="font-semibold text-sale no-underline">
          <span aria-hidden="true">{money(price.sale)}</span>
          <span className="sr-only">{t("price.now", { price: money(price.sale) })}</span>
        </ins>
      </p>
    );
  }
  return <p className={`price ${className}`}>{money(price.min)}</p>;
}
