import { data, redirect } from "react-router";
import { OrderDetails } from "../../features/orders/order-details.tsx";
import { OrderDownloads } from "../../features/orders/order-downloads.tsx";
import { formatDateTime } from "../../i18n/format.ts";
import { isLocale } from "../../i18n/i18n.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import { downloadsOfOrder } from "../../services/downloads/download-permissions.server.ts";
import { findOrderForViewer as findOrder, notesOf } from "../../services/orders/orders.server.ts";
import type { Route } from "./+types/route";

export async function loader({ context, params }: Route.LoaderArgs) {
  const session = await context.session.get();
  if (!session?.userId) throw redirect("/my-account");
  const id = Number(params.id);
  const order =
    Number.isInteger(id) && id > 0 && id < 2_147_483_647
      ? await findOrder(context.db, id, { userId: session.userId })
      : null;
  if (!order) throw data(null, { status: 404 });
  // The store's notes to the customer (back office, issue 16); its own notes stay with the staff.
  const updates = (await notesOf(context.db, order.id, true)).map((note) => ({
    id: note.id,
    note: note.note,
    date: note.dateCreated.toISOString(),
  }));
  const downloads = await downloadsOfOrder(context.db, context.config.sessionSecret, order);
  return { ...order, updates, downloads };
}

export function meta() {
  return [{ title: "Order" }, { name: "robots", content: "noindex" }];
}

export default function AccountOrder({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const locale = isLocale(i18n.language) ? i18n.language : "en";
  return (
    <>
      <h1 className="mb-4 text-3xl font-semibold">{t("account.orderTitle", { id: loaderData.id })}</h1>
      <p className="order-status mb-4">
        {t("account.orderStatusLine", { status: t(`account.statuses.${loaderData.status}`) })}
      </p>
      <OrderDetails order={loaderData} thanks={false} />
      {loaderData.downloads.length > 0 && <OrderDownloads downloads={loaderData.downloads} />}
      {loaderData.updates.length > 0 && (
        <section aria-labelledby="order-updates-heading" className="mt-8">
          <h2 id="order-updates-heading" className="mb-2 text-xl font-semibold">
            {t("account.orderUpdates")}
          </h2>
          <ol className="woocommerce-OrderUpdates space-y-3">
            {loaderData.updates.map((update) => (
              <li key={update.id} className="rounded border border-stone-200 p-3">
                <p className="text-sm text-stone-700">{formatDateTime(update.date, locale)}</p>
                <p className="whitespace-pre-wrap">{update.note}</p>
              </li>
            ))}
          </ol>
        </section>
      )}
    </>
  );
}
