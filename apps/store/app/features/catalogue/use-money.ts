import { formatPrice } from "../../i18n/format.ts";
import { isLocale } from "../../i18n/i18n.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import { useRootData } from "../../root-data.ts";

export function useMoney(): (cents: number) => string {
  const root = useRootData();
  const { i18n } = useTranslation();
  const locale = isLocale(i18n.language) ? i18n.language : "en";
  const currency = root?.currency ?? "USD";
  return (cents) => formatPrice(cents, currency, locale);
}
