import { Column, Heading, Link, Row, Section, Text } from "@react-email/components";
import type { MailKind } from "@vitrine/db";
import type { TFunction } from "i18next";
import { orderLineMeta } from "../../lib/orders.ts";
import {
  lineAmount,
  type TaxFigure,
  type TotalsDisplay,
  type TotalsSummary,
  totalsRows,
} from "../../lib/totals/totals-rows.ts";
import type { MailMessage } from "./mail.server.ts";
import type { MailLook } from "./render-mail.server.tsx";

/**
 * The parts the store's mails share (decision 0062): what a sender answers, the store as a mail
 * shows it, and an order's lines and totals written once for the HTML and once for the text.
 */

/** The store as every mail shows it: its name and look. */
export type MailStore = { name: string; look: MailLook };

/** An owed mail as the outbox hands it to its sender. */
export type OwedMailRow = { kind: MailKind; orderId: number | null; payload: Record<string, unknown> };

/** A mail made, ready for the mailer; or why there is nothing to send (settled, not retried). */
export type MadeMail = { mail: MailMessage } | { unsent: string };

/** A row's id the payload names (a refund's, a note's, a product's); null when it names none. */
export function payloadId(payload: Record<string, unknown>, key: string): number | null {
  const value = payload[key];
  return typeof value === "number" && Number.isInteger(value) && value > 0 && value < 2 ** 31 ? value : null;
}

/** An order's figures as its mails show them: its lines and its stored totals, shown as the store shows totals. */
export type OrderFigures = {
  currency: string;
  total: number;
  lines: Array<{
    name: string;
    quantity: number;
    subtotal: number;
    subtotalTax: number;
    /** A variation's chosen values and a backordered quantity, listed under the line (none in a sample). */
    attributes?: Record<string, string>;
    backordered?: number;
  }>;
  totals: TotalsSummary;
  display: TotalsDisplay;
};

type FigureRow = {
  label: string;
  amount: string;
  total: boolean;
  /** A line's meta (decision 0080), listed under it. */
  meta?: Array<{ label: string; value: string }>;
};

/** Label, amount and whether it is the total: the order's lines, then its totals' rows. */
function figureRows(order: OrderFigures, t: TFunction, money: (cents: number) => string): FigureRow[] {
  const taxLabel = (tax: TaxFigure) => tax.label ?? t("totals.tax");
  const lines = order.lines.map((line) => ({
    label: `${line.name} × ${line.quantity}`,
    amount: money(lineAmount(line, order.display)),
    total: false,
    meta: orderLineMeta(line, t("checkout.received.backordered")),
  }));
  const totals = totalsRows(order.totals, order.display).map((row) => {
    switch (row.kind) {
      case "subtotal":
        return { label: t("cart.subtotal"), amount: money(row.amount), total: false };
      case "coupon":
        return { label: t("totals.coupon", { code: row.code }), amount: money(-row.amount), total: false };
      case "shipping":
        return {
          label: t("totals.shipping"),
          amount: t("totals.via", {
            amount: money(row.amount),
            method: t(`checkout.shipping.${row.label}`, { defaultValue: row.label }),
          }),
          total: false,
        };
      case "tax":
        return { label: taxLabel(row.tax), amount: money(row.tax.amount), total: false };
      default: {
        const included = row.includedTax.map((tax) => `${money(tax.amount)} ${taxLabel(tax)}`).join(", ");
        return {
          label: t("cart.total"),
          amount: included
            ? `${money(row.amount)} ${t("totals.includesTax", { taxes: included })}`
            : money(row.amount),
          total: true,
        };
      }
    }
  });
  return [...lines, ...totals];
}

/** The order's lines and totals, as plain-text lines. */
export function orderFiguresText(
  order: OrderFigures,
  t: TFunction,
  money: (cents: number) => string,
): string[] {
  // WooCommerce's plain-text mails list a line's meta under it, each after "- ".
  return figureRows(order, t, money).flatMap((row) => [
    `${row.label}: ${row.amount}`,
    ...(row.meta ?? []).map((meta) => `- ${meta.label}: ${meta.value}`),
  ]);
}

/** The order's lines and totals, as the HTML part's table. */
export function OrderFiguresTable(props: {
  order: OrderFigures;
  t: TFunction;
  money: (cents: number) => string;
}) {
  return (
    <Section>
      {figureRows(props.order, props.t, props.money).map((row, index) => (
        // An order's lines never move; two may share a name.
        <Row key={index}>
          <Column>
            {row.total ? <strong>{row.label}</strong> : row.label}
            {row.meta?.map((meta) => (
              <Text key={meta.label} style={{ margin: 0, fontSize: "13px" }}>
                <strong>{`${meta.label}:`}</strong>
                {` ${meta.value}`}
              </Text>
            ))}
          </Column>
          <Column align="right">{row.total ? <strong>{row.amount}</strong> : row.amount}</Column>
        </Row>
      ))}
    </Section>
  );
}

/** A mail's heading, in the store's colour. */
export function MailHeading(props: { look: MailLook; children: string }) {
  return (
    <Heading as="h1" style={{ color: props.look.colour, fontSize: "22px" }}>
      {props.children}
    </Heading>
  );
}

/** A link on a line of its own, in the store's colour. */
export function MailLink(props: { look: MailLook; href: string; children: string }) {
  return (
    <Text>
      <Link href={props.href} style={{ color: props.look.colour }}>
        {props.children}
      </Link>
    </Text>
  );
}

/** The figures of an order without tax or coupons (the previews' sample order, the mails' tests). */
export function untaxedFigures(
  lines: Array<{ name: string; quantity: number; total: number }>,
  shipping: { label: string; cost: number },
): Pick<OrderFigures, "lines" | "totals" | "display" | "total"> {
  const subtotal = lines.reduce((sum, line) => sum + line.total, 0);
  const total = subtotal + shipping.cost;
  return {
    total,
    lines: lines.map((line) => ({
      name: line.name,
      quantity: line.quantity,
      subtotal: line.total,
      subtotalTax: 0,
    })),
    totals: {
      subtotal,
      subtotalTax: 0,
      discountTotal: 0,
      discountTax: 0,
      shippingTotal: shipping.cost,
      shippingTax: 0,
      totalTax: 0,
      total,
      shippingLabel: shipping.label,
      coupons: [],
      taxLines: [],
    },
    display: { taxEnabled: false, mode: "excl", itemized: true },
  };
}
