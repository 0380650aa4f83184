import type { AppLoadContext } from "react-router";
import { pageCount, pageNumber } from "../../../lib/paging.ts";
import { listApiTokens } from "../../../services/people/api-tokens.server.ts";
import { INVITATIONS_LIMIT, listInvitations } from "../../../services/people/invitations.server.ts";
import { listCustomers, listStaff } from "../../../services/people/people.server.ts";
import { requireAdmin } from "../../../services/people/staff-access.server.ts";

/** Customers and tokens a page of the back office's lists shows. */
export const PEOPLE_PER_PAGE = 20;

/**
 * `/admin/people` (decisions 0038, 0064): the staff, the newest invitations, a page of the customers (`q` searches their e-mail,
 * `page`), and a page of the API tokens in force (`tokens_page`); administrators only.
 */
export async function loadPeople(context: AppLoadContext, request: Request) {
  await requireAdmin(context, request);
  // Who is looking: their own role is not theirs to take away.
  const me = (await context.session.get())?.userId ?? null;
  const query = new URL(request.url).searchParams;
  const search = (query.get("q") ?? "").trim().slice(0, 254);
  const page = pageNumber(query.get("page"));
  const tokensPage = pageNumber(query.get("tokens_page"));
  const [staff, invitations, customers, tokens] = await Promise.all([
    listStaff(context.db),
    listInvitations(context.db, { limit: INVITATIONS_LIMIT, offset: 0 }),
    listCustomers(context.db, {
      search: search || undefined,
      limit: PEOPLE_PER_PAGE,
      offset: (page - 1) * PEOPLE_PER_PAGE,
    }),
    listApiTokens(context.db, { limit: PEOPLE_PER_PAGE, offset: (tokensPage - 1) * PEOPLE_PER_PAGE }),
  ]);
  return {
    me,
    staff,
    invitations,
    customers: { ...customers, search, page, pages: pageCount(customers.total, PEOPLE_PER_PAGE) },
    tokens: { ...tokens, page: tokensPage, pages: pageCount(tokens.total, PEOPLE_PER_PAGE) },
  };
}
