import { ADMIN_BUTTON, ADMIN_NARROW_FIELD } from "../../../components/ui/back-office-classes.ts";
import { useTranslation } from "../../../i18n/use-translation.ts";
import { ORDER_SEARCH_MAX } from "../../../lib/order-resource.ts";

/** The order list's search: an order number, or words of a name, an e-mail or a product's name. */
export function OrderSearch({ search, onSearch }: { search: string; onSearch: (search: string) => void }) {
  const { t } = useTranslation();
  return (
    <form
      className="flex items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(String(new FormData(event.currentTarget).get("search") ?? "").trim());
      }}
    >
      <label className="text-sm font-medium">
        {t("backOffice.orders.search")}
        {/* Drawn again when the address's search changes (cleared filters, a link). */}
        <input
          key={search}
          type="search"
          name="search"
          defaultValue={search}
          maxLength={ORDER_SEARCH_MAX}
          className={ADMIN_NARROW_FIELD}
        />
      </label>
      <button type="submit" className={ADMIN_BUTTON}>
        {t("backOffice.orders.searchButton")}
      </button>
    </form>
  );
}
