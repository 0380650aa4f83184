/** An address as an order keeps it (CONTRACTS.md field names: `first_name`, `address_1`, …). */
export type OrderAddress = Record<string, string | undefined>;

/** An address as the lines it is printed in: name, company, street, town, state, country, contact. */
export function addressLines(address: OrderAddress): string[] {
  return [
    `${address.first_name ?? ""} ${address.last_name ?? ""}`.trim(),
    address.company,
    address.address_1,
    address.address_2,
    `${address.postcode ?? ""} ${address.city ?? ""}`.trim(),
    address.state,
    address.country,
    address.email,
    address.phone,
  ].filter((line): line is string => Boolean(line));
}

export type OrderLineView = {
  id: number;
  name: string;
  quantity: number;
  total: number;
  /** The chosen attribute values of a variation, by attribute label. */
  attributes: Record<string, string>;
};

/** An order as its shopper sees it: the confirmation page and the account's order page. */
export type OrderView = {
  id: number;
  status: string;
  /** ISO 8601. */
  date: string;
  subtotal: number;
  shippingTotal: number;
  total: number;
  paymentMethod: string;
  billing: OrderAddress;
  shipping: OrderAddress;
  customerNote: string;
  lines: OrderLineView[];
  /** Money given back on the order, oldest first (the order's own figures never change). */
  refunds: OrderRefundView[];
};

/** A refund as the shopper sees it: how much, and why when the store said. */
export type OrderRefundView = { id: number; amount: number; reason: string };

/** One row of the account's order list. */
export type OrderSummary = { id: number; date: string; status: string; total: number };
