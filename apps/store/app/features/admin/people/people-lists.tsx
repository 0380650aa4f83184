import { useState } from "react";
import { Button, Dialog, Heading, Modal, ModalOverlay } from "react-aria-components";
import { Link, useLocation } from "react-router";
import {
  ADMIN_BUTTON,
  ADMIN_INLINE_FIELD,
  ADMIN_PRIMARY_BUTTON,
} from "../../../components/ui/back-office-classes.ts";
import { PageLinks } from "../../../components/ui/pagination.tsx";
import { formatDate, formatDateTime } from "../../../i18n/format.ts";
import { isLocale } from "../../../i18n/i18n.ts";
import { useTranslation } from "../../../i18n/use-translation.ts";
import type { CustomerRow, TokenRow } from "../../../lib/admin-people.ts";
import { Announcement, usePeopleChange, useRoleName } from "./people-request.tsx";

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
      {customers.length > 0 && (
        <div className="overflow-x-auto">
          <table className="w-full min-w-[36rem] text-left text-sm">
            <caption className="sr-only">{t("backOffice.people.customers")}</caption>
            <thead>
              <tr className="border-b border-stone-300">
                <th scope="col" className="py-2">
                  {t("backOffice.people.email")}
                </th>
                <th scope="col">{t("backOffice.people.registered")}</th>
                <th scope="col" className="text-right">
                  {t("backOffice.people.orders")}
                </th>
                <th scope="col">{t("backOffice.people.lastOrder")}</th>
              </tr>
            </thead>
            <tbody>
              {customers.map((customer) => (
                <tr key={customer.id} className="border-b border-stone-100" data-user-id={customer.id}>
                  <th scope="row" className="py-2 pr-4 font-normal">
                    <Link to={`/admin/people/${customer.id}`} className="break-all underline">
                      {customer.email}
                    </Link>
                  </th>
                  <td>{formatDate(customer.dateCreated, locale)}</td>
                  <td className="text-right">{customer.ordersCount}</td>
                  <td className="pl-4">
                    {customer.lastOrder ? (
                      <Link to={`/admin/orders/${customer.lastOrder.id}`} className="underline">
                        {t("backOffice.people.orderOn", {
                          id: customer.lastOrder.id,
                          date: formatDate(customer.lastOrder.date, locale),
                        })}
                      </Link>
                    ) : (
                      t("backOffice.people.noOrders")
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
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
  const change = usePeopleChange();
  const [revoking, setRevoking] = useState<TokenRow | null>(null);

  return (
    <section aria-labelledby="people-tokens" className="space-y-3">
      <h2 id="people-tokens" className={HEADING}>
        {t("backOffice.people.tokens")}
      </h2>
      <p className="text-sm text-stone-700">{t("backOffice.people.tokensHint")}</p>
      <Announcement message={change.message} />
      <p>{t("backOffice.people.tokenCount", { count: total })}</p>
      {tokens.length > 0 && (
        <div className="overflow-x-auto">
          <table className="w-full min-w-[36rem] text-left text-sm">
            <caption className="sr-only">{t("backOffice.people.tokens")}</caption>
            <thead>
              <tr className="border-b border-stone-300">
                <th scope="col" className="py-2">
                  {t("backOffice.people.token")}
                </th>
                <th scope="col">{t("backOffice.people.owner")}</th>
                <th scope="col">{t("backOffice.people.created")}</th>
                <th scope="col">{t("backOffice.people.lastUsed")}</th>
                <th scope="col">
                  <span className="sr-only">{t("backOffice.people.actions")}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {tokens.map((token) => (
                <tr key={token.id} className="border-b border-stone-100 align-top" data-token-id={token.id}>
                  <th scope="row" className="py-2 pr-4 font-normal">
                    #{token.id}
                  </th>
                  <td className="py-2 pr-4">
                    <span className="break-all">{token.email}</span>{" "}
                    <span className="text-stone-700">({roleName(token.role)})</span>
                  </td>
                  <td className="py-2 pr-4">{formatDateTime(token.createdAt, locale)}</td>
                  <td className="py-2 pr-4">
                    {token.lastUsedAt
                      ? formatDateTime(token.lastUsedAt, locale)
                      : t("backOffice.people.neverUsed")}
                  </td>
                  <td className="py-2">
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
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <ListPages label={t("backOffice.people.tokenPages")} param="tokens_page" page={page} pages={pages} />
      <ModalOverlay
        isOpen={revoking !== null}
        onOpenChange={(open) => {
          if (!open) setRevoking(null);
        }}
        isDismissable
        className="fixed inset-0 z-50 flex items-center justify-center bg-black/40 p-4"
      >
        <Modal className="w-full max-w-md rounded bg-white p-6 shadow-xl">
          <Dialog role="alertdialog" className="space-y-4 outline-none">
            <Heading slot="title" className="text-lg font-semibold">
              {revoking && t("backOffice.people.revokeTitle", { id: revoking.id, email: revoking.email })}
            </Heading>
            <p>{t("backOffice.people.revokeWarning")}</p>
            <div className="flex justify-end gap-2">
              <Button className={ADMIN_BUTTON} onPress={() => setRevoking(null)}>
                {t("backOffice.people.keepToken")}
              </Button>
              <Button
                className={ADMIN_PRIMARY_BUTTON}
                onPress={() => {
                  const token = revoking;
                  setRevoking(null);
                  if (token)
                    void change.send(
                      { path: `/auth/tokens/${token.id}`, method: "DELETE" },
                      t("backOffice.people.revoked", { id: token.id, email: token.email }),
                    );
                }}
              >
                {t("backOffice.people.confirmRevoke")}
              </Button>
            </div>
          </Dialog>
        </Modal>
      </ModalOverlay>
    </section>
  );
}
