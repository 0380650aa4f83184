import { formatDate } from "../../../i18n/format.ts";
import { isLocale } from "../../../i18n/i18n.ts";
import { useTranslation } from "../../../i18n/use-translation.ts";
import { addressLines } from "../../../lib/orders.ts";
import type { CustomerDetail } from "../../../lib/people-resource.ts";
import { BackLink } from "../back-office-page.tsx";
import { OrderTable } from "../orders/order-table.tsx";
import { Announcement, useRestChange } from "../use-rest-change.tsx";
import { RoleForm } from "./people-staff.tsx";

const SECTION = "rounded border border-stone-200 p-4";
const HEADING = "mb-3 text-lg font-semibold";

/**
 * One account in the back office (decision 0038): its role, the addresses it keeps (those of its last
 * order) and its orders, each linked to the order's page.
 */
export function PersonPage({ person, me }: { person: CustomerDetail; me: number | null }) {
  const { t, i18n } = useTranslation();
  const locale = isLocale(i18n.language) ? i18n.language : "en";
  const change = useRestChange();
  const addresses = [
    { key: "billing", title: t("backOffice.people.billingAddress"), address: person.billing },
    { key: "shipping", title: t("backOffice.people.shippingAddress"), address: person.shipping },
  ];
  return (
    <div className="space-y-6">
      <BackLink to="/admin/people" label={t("backOffice.people.back")} />
      <p className="text-sm text-stone-700">
        {t("backOffice.people.registeredOn", { date: formatDate(person.dateCreated, locale) })}
      </p>
      <section aria-labelledby="person-role" className={SECTION}>
        <h2 id="person-role" className={HEADING}>
          {t("backOffice.people.role")}
        </h2>
        <Announcement message={change.message} />
        <RoleForm person={person} me={me} change={change} />
      </section>
      <div className="grid gap-4 md:grid-cols-2">
        {addresses.map(({ key, title, address }) => (
          <section key={key} aria-labelledby={`person-${key}`} className={SECTION}>
            <h2 id={`person-${key}`} className={HEADING}>
              {title}
            </h2>
            {address && addressLines(address).length > 0 ? (
              <address className="not-italic">
                {addressLines(address).map((line) => (
                  <span key={line} className="block">
                    {line}
                  </span>
                ))}
              </address>
            ) : (
              <p>{t("backOffice.people.noAddress")}</p>
            )}
          </section>
        ))}
      </div>
      <section aria-labelledby="person-orders" className={SECTION}>
        <h2 id="person-orders" className={HEADING}>
          {t("backOffice.people.orders")}
        </h2>
        {person.orders.length === 0 ? (
          <p>{t("backOffice.people.noOrders")}</p>
        ) : (
          <OrderTable
            orders={person.orders}
            caption={t("backOffice.people.ordersOf", { email: person.email })}
          />
        )}
      </section>
    </div>
  );
}
