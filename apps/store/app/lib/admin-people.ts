import type { OrderStatus } from "./order-status.ts";
import type { OrderAddress } from "./orders.ts";

/**
 * What the back office's people pages show (issue 17 "People", decision 0038): the staff, the
 * customers with their orders, and the API tokens in force. Shared by the loaders and the views.
 */

export const PEOPLE_ROLES = ["customer", "editor", "administrator"] as const;
export type PeopleRole = (typeof PEOPLE_ROLES)[number];

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
