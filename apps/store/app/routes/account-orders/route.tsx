import { Link } from "react-router";
import { useMoney } from "../../features/catalogue/use-money.ts";
import { formatDate } from "../../i18n/format.ts";
import { isLocale } from "../../i18n/i18n.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import type { Route } from "./+types/route";
import { loadAccountOrders } from "./account-orders.server.ts";

export async function loader({ context }: Route.LoaderArgs) {
  return loadAccountOrders(context);
}

export function meta() {
  return [{ title: "Orders" }, { name: "robots", content: "noindex" }];
}

export default function AccountOrders({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  const locale = isLocale(i18n.language) ? i18n.language : "en";
  return (
    <section>
      <h1 className="mb-4 text-3xl font-semibold">{t("account.orders")}</h1>
      {loaderData.orders.length === 0 ? (
        <p>{t("account.noOrders")}</p>
      ) : (
        // Wide tables scroll sideways inside their own box on narrow screens; the box takes focus so
        // keyboard users can scroll it too.
        <section
          className="woocommerce-orders-table-wrapper overflow-x-auto"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard.
          tabIndex={0}
          aria-label={t("account.orders")}
        >
          <table className="woocommerce-orders-table w-full min-w-[36rem] text-left text-sm">
            <thead>
              <tr className="border-b border-stone-300">
                <th scope="col">{t("account.order")}</th>
                <th scope="col">{t("checkout.received.date")}</th>
                <th scope="col">{t("account.status")}</th>
                <th scope="col">{t("cart.total")}</th>
                <th scope="col">
                  <span className="sr-only">{t("account.actions")}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {loaderData.orders.map((order) => (
                <tr key={order.id} className="border-b border-stone-100">
                  <td className="py-2">#{order.id}</td>
                  <td>{formatDate(order.date, locale)}</td>
                  <td>{t(`account.statuses.${order.status}`)}</td>
                  <td>{money(order.total)}</td>
                  <td>
                    <Link
                      to={`/my-account/view-order/${order.id}`}
                      className="underline"
                      aria-label={t("account.viewOrder", { id: order.id })}
                    >
                      {t("account.view")}
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
    </section>
  );
}
