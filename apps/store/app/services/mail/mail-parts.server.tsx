import { Column, Heading, Link, Row, Section, Text } from "@react-email/components";
import type { MailKind } from "@vitrine/db";
import type { TFunction } from "i18next";
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

/** An order's figures as its mails show them. */
export type OrderFigures = {
  currency: string;
  subtotal: number;
  shippingTotal: number;
  total: number;
  lines: Array<{ name: string; quantity: number; total: number }>;
};

/** The order's lines and totals, as plain-text lines. */
export function orderFiguresText(
  order: OrderFigures,
  t: TFunction,
  money: (cents: number) => string,
): string[] {
  return [
    ...order.lines.map((line) => `${line.name} × ${line.quantity}: ${money(line.total)}`),
    `${t("cart.subtotal")}: ${money(order.subtotal)}`,
    `${t("checkout.shippingMethod")}: ${money(order.shippingTotal)}`,
    `${t("cart.total")}: ${money(order.total)}`,
  ];
}

/** The order's lines and totals, as the HTML part's table. */
export function OrderFiguresTable(props: {
  order: OrderFigures;
  t: TFunction;
  money: (cents: number) => string;
}) {
  const { order, t, money } = props;
  const totals: Array<[string, number]> = [
    [t("cart.subtotal"), order.subtotal],
    [t("checkout.shippingMethod"), order.shippingTotal],
  ];
  return (
    <Section>
      {order.lines.map((line, index) => (
        // An order's lines never move; two may share a name.
        <Row key={index}>
          <Column>
            {line.name} × {line.quantity}
          </Column>
          <Column align="right">{money(line.total)}</Column>
        </Row>
      ))}
      {totals.map(([label, cents]) => (
        <Row key={label}>
          <Column>{label}</Column>
          <Column align="right">{money(cents)}</Column>
        </Row>
      ))}
      <Row>
        <Column>
          <strong>{t("cart.total")}</strong>
        </Column>
        <Column align="right">
          <strong>{money(order.total)}</strong>
        </Column>
      </Row>
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
