import { z } from "zod";
import { locales } from "../i18n/i18n.ts";
import type { OrderStatus } from "./order-status.ts";
import type { OrderAddress } from "./orders.ts";

/**
 * People as REST resources (issue 17 "People", decision 0038): the accounts and their roles, the
 * invitations, the customers and the API tokens. One schema for each input the REST routes take
 * (the back office's forms send exactly these), and what the back office's people pages show.
 */

export const PEOPLE_ROLES = ["customer", "editor", "administrator"] as const;
export type PeopleRole = (typeof PEOPLE_ROLES)[number];

const email = z.string().trim().toLowerCase().email().max(254);
const search = z.string().trim().max(254).optional();

/** `POST /users/me`: the caller's own WooCommerce meta (the block editor's preferences). */
export const ownMetaInput = z
  .object({
    woocommerce_meta: z.record(z.string().regex(/^[a-z_]{1,64}$/), z.string().max(1000)).optional(),
  })
  .strict();

/** `GET /users?search=…&role=…`. */
export const userListFilters = z.object({ search, role: z.enum(PEOPLE_ROLES).optional() });

/** `PUT /users/{id}`: the account's new role. */
export const roleInput = z.object({ role: z.enum(PEOPLE_ROLES) }).strict();
export type RoleInput = z.infer<typeof roleInput>;

/** `POST /users/invitations`: who is invited, as what, and the language of the mail and the account. */
export const invitationInput = z
  .object({ email, role: z.enum(PEOPLE_ROLES), locale: z.enum(locales).optional() })
  .strict();
export type InvitationInput = z.infer<typeof invitationInput>;

/** `GET /customers?search=…` and `GET /auth/tokens?search=…`: part of an e-mail address. */
export const peopleSearch = z.object({ search });

/** `POST /auth/token`: the account's sign-in. */
export const tokenCredentials = z.object({
  email: z.string().email().max(254),
  password: z.string().min(1).max(200),
});

/** An invitation's state: its link open, past its end, or used. */
export type InvitationState = "sent" | "accepted" | "expired";

export type InvitationRow = {
  userId: number;
  email: string;
  role: PeopleRole;
  state: InvitationState;
  sentAt: string | null;
  expiresAt: string | null;
  acceptedAt: string | null;
};

export type StaffRow = { id: number; email: string; role: PeopleRole; invitationPending: boolean };

export type LastOrder = { id: number; date: string; status: OrderStatus; total: number; currency: string };

export type CustomerRow = {
  id: number;
  email: string;
  dateCreated: string;
  ordersCount: number;
  lastOrder: LastOrder | null;
};

export type CustomerDetail = {
  id: number;
  email: string;
  role: PeopleRole;
  locale: string;
  dateCreated: string;
  billing: OrderAddress | null;
  shipping: OrderAddress | null;
  orders: LastOrder[];
};

export type TokenRow = {
  id: number;
  userId: number;
  email: string;
  role: PeopleRole;
  createdAt: string;
  lastUsedAt: string | null;
};
