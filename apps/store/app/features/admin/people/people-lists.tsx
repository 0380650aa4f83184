import { useState } from "react";
import { Link, useLocation } from "react-router";
import { ADMIN_BUTTON, ADMIN_INLINE_FIELD } from "../../../components/ui/back-office-classes.ts";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog.tsx";
import { DataTable } from "../../../components/ui/data-table.tsx";
import { PageLinks } from "../../../components/ui/pagination.tsx";
import { formatDate, formatDateTime } from "../../../i18n/format.ts";
import { isLocale } from "../../../i18n/i18n.ts";
import { useTranslation } from "../../../i18n/use-translation.ts";
import type { CustomerRow, TokenRow } from "../../../lib/people-resource.ts";
import { Announcement, useRestChange } from "../use-rest-change.tsx";
import { useRoleName } from "./people-request.tsx";

const HEADING = "mb-3 text-xl font-semibold";

/** Numbered links to the pages of one of `/admin/people`'s lists, its page kept in `param`. */
function ListPages({
  label,
  param,
  page,
  pages,
}: {
  label: string;
  param: string;
  page: number;
  pages: number;
}) {
  // Not `useSearchParams`: its code would join every storefront page's first script.
  const location = useLocation();
  const href = (n: number) => {
    const query = new URLSearchParams(location.search);
    if (n > 1) query.set(param, String(n));
    else query.delete(param);
    const text = query.toString();
    return `/admin/people${text ? `?${text}` : ""}`;
  };
  return <PageLinks label={label} page={page} pages={pages} href={href} />;
}

/**
 * The customers, newest first, searched by e-mail (a plain GET form: the search is in the address),
 * with how many orders each placed and their last one.
 */
export function CustomerList({
  customers,
  total,
  search,
  page,
  pages,
}: {
  customers: CustomerRow[];
  total: number;
  search: string;
  page: number;
  pages: number;
}) {
  const { t, i18n } = useTranslation();
  const locale = isLocale(i18n.language) ? i18n.language : "en";
  return (
    <section aria-labelledby="people-customers" className="space-y-3">
      <h2 id="people-customers" className={HEADING}>
        {t("backOffice.people.customers")}
      </h2>
      <search>
        <form method="get" action="/admin/people" className="flex flex-wrap items-end gap-2">
          <label className="block text-sm font-medium">
            {t("backOffice.people.searchCustomers")}
            <input
              name="q"
              type="search"
              defaultValue={search}
              maxLength={254}
              className={`mt-1 block w-72 max-w-full ${ADMIN_INLINE_FIELD}`}
            />
          </label>
          <button type="submit" className={ADMIN_BUTTON}>
            {t("backOffice.people.search")}
          </button>
          {search && (
            <a href="/admin/people" className="py-1 text-sm underline">
              {t("backOffice.people.clearSearch")}
            </a>
          )}
        </form>
      </search>
      <p className="customer-count">{t("backOffice.people.customerCount", { count: total })}</p>
      <DataTable
        rows={customers}
        rowKey={(customer) => String(customer.id)}
        caption={t("backOffice.people.customers")}
        minWidth="min-w-[36rem]"
        rowProps={(customer) => ({ "data-user-id": customer.id })}
        columns={[
          {
            key: "email",
            header: t("backOffice.people.email"),
            cell: (customer) => (
              <Link to={`/admin/people/${customer.id}`} className="break-all underline">
                {customer.email}
              </Link>
            ),
          },
          {
            key: "registered",
            header: t("backOffice.people.registered"),
            cell: (customer) => formatDate(customer.dateCreated, locale),
          },
          {
            key: "orders",
            header: t("backOffice.people.orders"),
            figure: true,
            cell: (customer) => customer.ordersCount,
          },
          {
            key: "last-order",
            header: t("backOffice.people.lastOrder"),
            className: "pl-4",
            cell: (customer) =>
              customer.lastOrder ? (
                <Link to={`/admin/orders/${customer.lastOrder.id}`} className="underline">
                  {t("backOffice.people.orderOn", {
                    id: customer.lastOrder.id,
                    date: formatDate(customer.lastOrder.date, locale),
                  })}
                </Link>
              ) : (
                t("backOffice.people.noOrders")
              ),
          },
        ]}
      />
      <ListPages label={t("backOffice.people.customerPages")} param="page" page={page} pages={pages} />
    </section>
  );
}

/**
 * The API tokens in force, newest first, with their owner, when they were made and last used; each
 * revoked after a confirmation (`DELETE /auth/tokens/{id}`): scripts using it are refused at once.
 */
export function ApiTokenList({
  tokens,
  total,
  page,
  pages,
}: {
  tokens: TokenRow[];
  total: number;
  page: number;
  pages: number;
}) {
  const { t, i18n } = useTranslation();
  const locale = isLocale(i18n.language) ? i18n.language : "en";
  const roleName = useRoleName();
  const change = useRestChange();
  const [revoking, setRevoking] = useState<TokenRow | null>(null);

  return (
    <section aria-labelledby="people-tokens" className="space-y-3">
      <h2 id="people-tokens" className={HEADING}>
        {t("backOffice.people.tokens")}
      </h2>
      <p className="text-sm text-stone-700">{t("backOffice.people.tokensHint")}</p>
      <Announcement message={change.message} />
      <p>{t("backOffice.people.tokenCount", { count: total })}</p>
      <DataTable
        rows={tokens}
        rowKey={(token) => String(token.id)}
        caption={t("backOffice.people.tokens")}
        minWidth="min-w-[36rem]"
        alignTop
        rowProps={(token) => ({ "data-token-id": token.id })}
        columns={[
          { key: "token", header: t("backOffice.people.token"), cell: (token) => `#${token.id}` },
          {
            key: "owner",
            header: t("backOffice.people.owner"),
            cell: (token) => (
              <>
                <span className="break-all">{token.email}</span>{" "}
                <span className="text-stone-700">({roleName(token.role)})</span>
              </>
            ),
          },
          {
            key: "created",
            header: t("backOffice.people.created"),
            cell: (token) => formatDateTime(token.createdAt, locale),
          },
          {
            key: "last-used",
            header: t("backOffice.people.lastUsed"),
            cell: (token) =>
              token.lastUsedAt ? formatDateTime(token.lastUsedAt, locale) : t("backOffice.people.neverUsed"),
          },
          {
            key: "actions",
            header: <span className="sr-only">{t("backOffice.people.actions")}</span>,
            cell: (token) => (
              <button
                type="button"
                className={ADMIN_BUTTON}
                disabled={change.busy}
                onClick={() => setRevoking(token)}
              >
                {t("backOffice.people.revoke")}
                <span className="sr-only">
                  {" "}
                  {t("backOffice.people.tokenOf", { id: token.id, email: token.email })}
                </span>
              </button>
            ),
          },
        ]}
      />
      <ListPages label={t("backOffice.people.tokenPages")} param="tokens_page" page={page} pages={pages} />
      <ConfirmDialog
        open={revoking !== null}
        title={revoking ? t("backOffice.people.revokeTitle", { id: revoking.id, email: revoking.email }) : ""}
        keepLabel={t("backOffice.people.keepToken")}
        confirmLabel={t("backOffice.people.confirmRevoke")}
        onKeep={() => setRevoking(null)}
        onConfirm={() => {
          const token = revoking;
          setRevoking(null);
          if (token)
            void change.send(
              { path: `/auth/tokens/${token.id}`, method: "DELETE" },
              t("backOffice.people.revoked", { id: token.id, email: token.email }),
            );
        }}
      >
        <p>{t("backOffice.people.revokeWarning")}</p>
      </ConfirmDialog>
    </section>
  );
}
