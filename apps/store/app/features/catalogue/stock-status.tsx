import { useTranslation } from "../../i18n/use-translation.ts";
import type { Stock } from "../../lib/catalogue.ts";
import { availabilityOf } from "../../lib/stock-rules.ts";

const tone: Record<Stock["state"], string> = {
  instock: "text-emerald-800",
  lowstock: "text-amber-800",
  outofstock: "text-sale",
  onbackorder: "text-sky-800",
};

/**
 * The availability line, as WooCommerce words it (`availabilityOf`, decision 0080); nothing for a
 * counted stock sold on backorder without telling the customer.
 */
export function StockStatus({ stock, detailed = false }: { stock: Stock; detailed?: boolean }) {
  const { t } = useTranslation();
  const availability = availabilityOf(stock, detailed);
  if (!availability) return null;
  const { key, count } = availability;
  const text = count === undefined ? t(key) : t(key, { count });
  return (
    <p className={`stock ${stock.state} text-sm font-medium ${tone[stock.state]}`}>
      {availability.canBackorder ? `${text} ${t("stock.canBeBackordered")}` : text}
    </p>
  );
}
