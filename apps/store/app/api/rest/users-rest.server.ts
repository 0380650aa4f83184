import {
  invitationInput,
  ownMetaInput,
  peopleSearch,
  roleInput,
  userListFilters,
} from "../../lib/people-resource.ts";
import {
  InvitationMailError,
  inviteUser,
  listInvitations,
  resendInvitation,
  withdrawInvitation,
} from "../../services/people/invitations.server.ts";
import { customerDetail, listCustomers } from "../../services/people/people.server.ts";
import { listUsers, mergeWooCommerceMeta, setUserRole } from "../../services/people/users.server.ts";
import * as rest from "./rest-route.server.ts";

/**
 * `POST /users/me` (the caller's own meta), and for administrators `GET /users`, `PUT /users/{id}`,
 * `POST /users/invitations`, `GET /customers`, `GET /customers/{id}` (decision 0038), and the
 * invitations' list, resending and withdrawal (`GET /users/invitations`, `POST
 * /users/invitations/{id}/resend`, `DELETE /users/invitations/{id}`, decision 0064).
 */

const updateMe: rest.Handler = async (context, caller, req, res) => {
  const { userId } = rest.signedIn(caller);
  const body = ownMetaInput.safeParse(req.body);
  if (!body.success)
    throw new rest.RestError(400, "rest_invalid_param", "Invalid parameter: woocommerce_meta", {
      param: "woocommerce_meta",
    });
  const meta = await mergeWooCommerceMeta(context.db, userId, body.data.woocommerce_meta ?? {});
  res.json({ id: userId, woocommerce_meta: meta });
};

/** `GET /users?search=…&role=…`: accounts, for administrators who hand out roles. */
const listAccounts: rest.Handler = async (context, _caller, req, res) => {
  const list = rest.parseList(req);
  const filters = userListFilters.safeParse({ search: req.query.search, role: req.query.role });
  if (!filters.success)
    throw new rest.RestError(400, "rest_invalid_param", "Invalid parameter: search or role", {
      param: "search or role",
    });
  const found = await listUsers(context.db, { ...filters.data, limit: list.limit, offset: list.offset });
  rest.sendPage(context, req, res, list, found.total, found.users);
};

/** `PUT /users/{id}` `{role}`: makes an account a customer, an editor or an administrator. */
const updateAccount: rest.Handler = async (context, caller, req, res) => {
  const id = rest.parseId(req);
  const body = roleInput.safeParse(req.body);
  if (!body.success)
    throw new rest.RestError(400, "rest_invalid_param", "Invalid parameter: role", {
      param: "role",
    });
  // Not oneself, and never the store's last administrator (the service refuses both).
  const user = await rest.refusing(() =>
    setUserRole(context.db, id, body.data.role, rest.signedIn(caller).userId),
  );
  if (!user) throw new rest.RestError(404, "rest_user_invalid_id", "Invalid user ID.");
  res.json(user);
};

/**
 * `POST /users/invitations` `{email, role, locale?}`: makes the account (or changes its role) and
 * mails it a one-time link to choose a password; inviting again renews the link.
 */
const invite: rest.Handler = async (context, caller, req, res) => {
  const body = rest.parsed(invitationInput, req.body, "body");
  const invitation = await mailing(() => inviteUser(context, body, rest.signedIn(caller).userId));
  res.status(invitation.created ? 201 : 200).json(rest.snakeCaseKeys(invitation));
};

/** The role rules' refusals as 400s, a mail that cannot be sent as a 502 (the invitation stands). */
async function mailing<T>(send: () => Promise<T>): Promise<T> {
  try {
    return await rest.refusing(send);
  } catch (error) {
    if (error instanceof InvitationMailError)
      throw new rest.RestError(502, "rest_invitation_mail_failed", error.message);
    throw error;
  }
}

const noInvitation = () =>
  new rest.RestError(
    404,
    "rest_invitation_invalid_id",
    "Invalid invitation ID: no invitation waits for this account.",
  );

/** `GET /users/invitations`: sent, expired and accepted invitations, newest sent first. */
const invitations: rest.Handler = async (context, _caller, req, res) => {
  const list = rest.parseList(req);
  const found = await listInvitations(context.db, { limit: list.limit, offset: list.offset });
  rest.sendPage(
    context,
    req,
    res,
    list,
    found.total,
    found.invitations.map((invitation) => rest.snakeCaseKeys(invitation)),
  );
};

/** `POST /users/invitations/{id}/resend`: a new link for an invitation not accepted; the old one stops working. */
const resend: rest.Handler = async (context, caller, req, res) => {
  const id = rest.parseId(req);
  const invitation = await mailing(() => resendInvitation(context, id, rest.signedIn(caller).userId));
  if (!invitation) throw noInvitation();
  res.json(rest.snakeCaseKeys(invitation));
};

/**
 * `DELETE /users/invitations/{id}`: withdraws an invitation not accepted; its link is refused. The
 * account it made and nobody used is removed (`removed: true`), any other keeps its former role.
 */
const withdraw: rest.Handler = async (context, caller, req, res) => {
  const id = rest.parseId(req);
  const withdrawn = await rest.refusing(() =>
    withdrawInvitation(context.db, id, rest.signedIn(caller).userId),
  );
  if (!withdrawn) throw noInvitation();
  res.json(rest.snakeCaseKeys(withdrawn));
};

/** `GET /customers?search=…`: customers newest first, each with their orders' count and last order. */
const customers: rest.Handler = async (context, _caller, req, res) => {
  const list = rest.parseList(req);
  const { search } = rest.parsed(peopleSearch, { search: req.query.search }, "search");
  const found = await listCustomers(context.db, { search, limit: list.limit, offset: list.offset });
  rest.sendPage(
    context,
    req,
    res,
    list,
    found.total,
    found.customers.map((customer) => ({
      ...rest.snakeCaseKeys(customer),
      last_order: customer.lastOrder && rest.snakeCaseKeys(customer.lastOrder),
    })),
  );
};

/** `GET /customers/{id}`: an account's addresses and orders. */
const customer: rest.Handler = async (context, _caller, req, res) => {
  const found = await customerDetail(context.db, rest.parseId(req));
  if (!found) throw new rest.RestError(404, "rest_user_invalid_id", "Invalid user ID.");
  res.json({ ...rest.snakeCaseKeys(found), orders: found.orders.map(rest.snakeCaseKeys) });
};

export const userRoutes: rest.RestRoute[] = [
  { method: "post", path: "/users/me", needs: "user", handler: updateMe },
  { method: "get", path: "/users", needs: "admin", handler: listAccounts },
  { method: "get", path: "/users/invitations", needs: "admin", handler: invitations },
  { method: "post", path: "/users/invitations", needs: "admin", handler: invite },
  { method: "post", path: "/users/invitations/:id/resend", needs: "admin", handler: resend },
  { method: "delete", path: "/users/invitations/:id", needs: "admin", handler: withdraw },
  { method: "put", path: "/users/:id", needs: "admin", handler: updateAccount },
  { method: "get", path: "/customers", needs: "admin", handler: customers },
  { method: "get", path: "/customers/:id", needs: "admin", handler: customer },
];
