import { useTranslation } from "../../i18n/use-translation.ts";
import type { Stock } from "../../lib/catalogue.ts";

const tone: Record<Stock["state"], string> = {
  instock: "text-emerald-800",
  lowstock: "text-amber-800",
  outofstock: "text-sale",
  onbackorder: "text-sky-800",
};

export function StockStatus({ stock, detailed = false }: { stock: Stock; detailed?: boolean }) {
  const { t } = useTranslation();
  const text =
    stock.state === "lowstock"
      ? t("stock.lowstock", { count: stock.quantity ?? 0 })
      : stock.state === "instock" && detailed && stock.quantity !== null
        ? t("stock.instockCount", { count: stock.quantity })
        : t(`stock.${stock.state}`);
  return <p className={`stock ${stock.state} text-sm font-medium ${tone[stock.state]}`}>{text}</p>;
}
