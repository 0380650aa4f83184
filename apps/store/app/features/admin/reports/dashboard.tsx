import type { ReactNode } from "react";
import { Link } from "react-router";
import { DataTable } from "../../../components/ui/data-table.tsx";
import { formatCount } from "../../../i18n/figures.ts";
import { formatDate, formatPrice } from "../../../i18n/format.ts";
import { isLocale } from "../../../i18n/i18n.ts";
import { useTranslation } from "../../../i18n/use-translation.ts";
import type { Dashboard, SalesFigure } from "../../../lib/dashboard.ts";
import { OrderTable } from "../orders/order-table.tsx";

/** The back office's sections, each for whom it is (decision 0009: editors have pages and media). */
const SECTIONS = [
  {
    href: "/admin/media",
    title: "backOffice.media.title",
    summary: "backOffice.media.summary",
    admin: false,
  },
  {
    href: "/admin/pages",
    title: "backOffice.pages.title",
    summary: "backOffice.home.sections.pages",
    admin: false,
  },
  {
    href: "/admin/products",
    title: "backOffice.products.title",
    summary: "backOffice.home.sections.products",
    admin: true,
  },
  {
    href: "/admin/categories",
    title: "backOffice.categories.title",
    summary: "backOffice.home.sections.categories",
    admin: true,
  },
  {
    href: "/admin/orders",
    title: "backOffice.orders.title",
    summary: "backOffice.home.sections.orders",
    admin: true,
  },
  {
    href: "/admin/affiliate-links",
    title: "backOffice.affiliate.title",
    summary: "backOffice.home.sections.affiliate",
    admin: true,
  },
  {
    href: "/admin/reports",
    title: "backOffice.reports.title",
    summary: "backOffice.home.sections.reports",
    admin: true,
  },
  {
    href: "/admin/analytics",
    title: "backOffice.analytics.title",
    summary: "backOffice.home.sections.analytics",
    admin: true,
  },
  {
    href: "/admin/menus",
    title: "backOffice.menus.title",
    summary: "backOffice.home.sections.menus",
    admin: true,
  },
  {
    href: "/admin/people",
    title: "backOffice.people.title",
    summary: "backOffice.home.sections.people",
    admin: true,
  },
  {
    href: "/admin/settings",
    title: "backOffice.settings.title",
    summary: "backOffice.home.sections.settings",
    admin: true,
  },
] as const;

/**
 * The back office's first page (issue 17): the sections this member of staff may use and, for
 * administrators, today's and this month's sales, low stock and the newest orders.
 */
export function BackOfficeDashboard({ figures }: { figures: Dashboard | null }) {
  const { t } = useTranslation();
  const administrator = figures !== null;
  return (
    <div className="space-y-10">
      {figures && <Figures figures={figures} />}
      <DashboardSection id="sections" title={t("backOffice.home.sectionsTitle")}>
        <ul className="grid gap-4 sm:grid-cols-2">
          {SECTIONS.filter((section) => administrator || !section.admin).map((section) => (
            <li key={section.href}>
              <Link
                to={section.href}
                className="block rounded border border-stone-200 p-4 hover:border-brand"
              >
                <span className="block text-lg font-semibold">{t(section.title)}</span>
                <span className="text-stone-600">{t(section.summary)}</span>
              </Link>
            </li>
          ))}
        </ul>
      </DashboardSection>
    </div>
  );
}

function Figures({ figures }: { figures: Dashboard }) {
  const { t, i18n } = useTranslation();
  const locale = isLocale(i18n.language) ? i18n.language : "en";
  return (
    <>
      {figures.unsentMails.length > 0 && <UnsentMails mails={figures.unsentMails} />}
      <DashboardSection
        id="sales"
        title={t("backOffice.home.sales")}
        hint={t("backOffice.home.counted", {
          currency: figures.currency,
          day: formatDate(figures.day, locale),
        })}
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <SalesCard
            name="today"
            title={t("backOffice.home.today")}
            figure={figures.today}
            currency={figures.currency}
          />
          <SalesCard
            name="month"
            title={t("backOffice.home.thisMonth")}
            figure={figures.thisMonth}
            currency={figures.currency}
          />
        </div>
      </DashboardSection>

      <DashboardSection id="recent" title={t("backOffice.home.recentOrders")}>
        <OrderTable
          orders={figures.recentOrders}
          caption={t("backOffice.home.recentOrders")}
          className="recent-orders"
          columns={{ customer: true }}
          empty={<p>{t("backOffice.home.noOrders")}</p>}
        />
        <p className="mt-2">
          <Link to="/admin/orders" className="underline">
            {t("backOffice.home.allOrders")}
          </Link>
        </p>
      </DashboardSection>

      <DashboardSection
        id="low-stock"
        title={t("backOffice.home.lowStock")}
        hint={t("backOffice.home.lowStockHint")}
      >
        <DataTable
          rows={figures.lowStock}
          rowKey={(product) => String(product.id)}
          caption={t("backOffice.home.lowStock")}
          empty={<p>{t("backOffice.home.lowStockNone")}</p>}
          className="low-stock"
          columns={[
            {
              key: "product",
              header: t("backOffice.home.product"),
              cell: (product) => (
                <Link to={`/admin/products/${product.id}`} className="underline">
                  {product.name}
                </Link>
              ),
            },
            {
              key: "stock",
              header: t("backOffice.home.stock"),
              figure: true,
              cell: (product) => product.stock,
            },
            {
              key: "threshold",
              header: t("backOffice.home.threshold"),
              figure: true,
              cell: (product) => product.threshold,
            },
          ]}
        />
      </DashboardSection>
    </>
  );
}

function SalesCard({
  name,
  title,
  figure,
  currency,
}: {
  name: string;
  title: string;
  figure: SalesFigure;
  currency: string;
}) {
  const { t, i18n } = useTranslation();
  const locale = isLocale(i18n.language) ? i18n.language : "en";
  return (
    <section
      aria-labelledby={`sales-${name}`}
      className={`sales-${name} rounded border border-stone-200 p-4`}
    >
      <h3 id={`sales-${name}`} className="mb-2 font-semibold">
        {title}
      </h3>
      <dl className="grid grid-cols-2 gap-2">
        <div>
          <dt className="text-sm text-stone-700">{t("backOffice.home.orders")}</dt>
          <dd className="text-2xl font-semibold">{formatCount(figure.orders, locale)}</dd>
        </div>
        <div>
          <dt className="text-sm text-stone-700">{t("backOffice.home.revenue")}</dt>
          <dd className="text-2xl font-semibold">{formatPrice(figure.revenue, currency, locale)}</dd>
        </div>
      </dl>
    </section>
  );
}

/** Orders whose confirmation mail failed: each links to its page, where it can be sent again. */
function UnsentMails({ mails }: { mails: Dashboard["unsentMails"] }) {
  const { t } = useTranslation();
  return (
    <DashboardSection
      id="unsent"
      title={t("backOffice.home.unsentMails")}
      hint={t("backOffice.home.unsentMailsHint")}
      className="unsent-mails rounded border border-red-300 bg-red-50 p-4"
    >
      <ul className="space-y-1">
        {mails.map((mail) => (
          <li key={mail.orderId}>
            <Link to={`/admin/orders/${mail.orderId}`} className="underline">
              {t("backOffice.orders.orderTitle", { id: mail.orderId })}
            </Link>{" "}
            <span className="text-sm text-red-800">
              {mail.gaveUp
                ? t("backOffice.home.unsentGaveUp", { count: mail.attempts })
                : t("backOffice.home.unsentRetrying", { count: mail.attempts })}
            </span>
          </li>
        ))}
      </ul>
    </DashboardSection>
  );
}

/** A part of the dashboard: its heading (`dashboard-{id}` names the part), a line under it, its content. */
function DashboardSection({
  id,
  title,
  hint,
  className,
  children,
}: {
  id: string;
  title: string;
  hint?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={`dashboard-${id}`} className={className}>
      <h2 id={`dashboard-${id}`} className={`${hint ? "mb-1" : "mb-4"} text-xl font-semibold`}>
        {title}
      </h2>
      {hint && <p className="mb-4 text-sm text-stone-700">{hint}</p>}
      {children}
    </section>
  );
}
