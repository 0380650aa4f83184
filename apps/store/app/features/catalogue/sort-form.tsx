import { Form, useSubmit } from "react-router";
import { useHydrated } from "../../components/ui/use-hydrated.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import type { ListingQuery } from "../../lib/listing-query.ts";
import { orderbyValues } from "../../lib/orderby.ts";
import { HiddenQueryFields } from "./shop-sidebar.tsx";

/** The sort select submits as soon as the choice changes; without JavaScript its button does. */
export function SortForm({ action, query }: { action: string; query: ListingQuery }) {
  const { t } = useTranslation();
  const submit = useSubmit();
  const hydrated = useHydrated();
  return (
    <Form method="get" action={action} className="woocommerce-ordering flex items-center gap-2">
      <HiddenQueryFields query={query} omit={["orderby"]} />
      <label htmlFor="orderby" className="sr-only">
        {t("catalogue.sortLabel")}
      </label>
      <select
        id="orderby"
        name="orderby"
        defaultValue={query.orderby}
        onChange={(event) => submit(event.currentTarget.form)}
        className="rounded border border-stone-300 px-2 py-1"
      >
        {orderbyValues.map((value) => (
          <option key={value} value={value}>
            {t(`catalogue.orderby.${value}`)}
          </option>
        ))}
      </select>
      {/* Once scripts run the select submits itself: the button is hidden but keeps its room, so
          the toolbar does not move (decision 0045). */}
      <button
        type="submit"
        className={`rounded border border-stone-300 px-3 py-1 ${hydrated ? "invisible" : ""}`}
      >
        {t("catalogue.sortApply")}
      </button>
    </Form>
  );
}
