import type { AppLoadContext } from "react-router";
import { listPage } from "../../../lib/paging.ts";
import { listApiTokens } from "../../../services/people/api-tokens.server.ts";
import { INVITATIONS_LIMIT, listInvitations } from "../../../services/people/invitations.server.ts";
import { listCustomers, listStaff } from "../../../services/people/people.server.ts";
import { staffRequest } from "../../../services/people/staff-access.server.ts";

/** Customers and tokens a page of the back office's lists shows. */
export const PEOPLE_PER_PAGE = 20;

/**
 * `/admin/people` (decisions 0038, 0064): the staff, the newest invitations, a page of the customers (`q` searches their e-mail,
 * `page`), and a page of the API tokens in force (`tokens_page`); administrators only.
 */
export async function loadPeople(context: AppLoadContext, request: Request) {
  // Who is looking (`userId`): their own role is not theirs to take away.
  const { userId: me, query } = await staffRequest(context, request, "administrator");
  const search = (query.get("q") ?? "").trim().slice(0, 254);
  const customersPage = listPage(query, PEOPLE_PER_PAGE);
  const tokensPage = listPage(query, PEOPLE_PER_PAGE, { param: "tokens_page" });
  const [staff, invitations, customers, tokens] = await Promise.all([
    listStaff(context.db),
    listInvitations(context.db, { limit: INVITATIONS_LIMIT, offset: 0 }),
    listCustomers(context.db, { search: search || undefined, ...customersPage.rows }),
    listApiTokens(context.db, tokensPage.rows),
  ]);
  return {
    me,
    staff,
    invitations,
    customers: {
      ...customers,
      search,
      page: customersPage.page,
      pages: customersPage.pages(customers.total),
    },
    tokens: { ...tokens, page: tokensPage.page, pages: tokensPage.pages(tokens.total) },
  };
}
