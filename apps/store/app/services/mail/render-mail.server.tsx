import { Body, Container, Head, Html, Img, Preview, render, Section, Text } from "@react-email/components";
import type { ReactNode } from "react";
import type { MailMessage } from "./mail.server.ts";

/**
 * Every mail the store sends is made here (decision 0055): its body, written with React Email's
 * parts, goes into the one layout (the store's name above it), and React Email renders the HTML,
 * escaping every text it is given. The plain-text part is written by each mail beside its body:
 * addresses stay bare on a line of their own (a reader copies them whole) and the order's figures
 * keep their layout, which text made from the HTML would not.
 */

export type MailContent = {
  to: string;
  subject: string;
  /** The language the mail is written in, for `<html lang>`. */
  locale: string;
  /** The store's name, shown at the top of every mail. */
  storeName: string;
  /** The store's look from its settings (decision 0062): a logo's absolute address and a colour. */
  look?: MailLook;
  /** The line a mail client shows after the subject in its list. */
  preview?: string;
  /** The mail's body, in React Email parts (`Text`, `Link`, `Section`, `Row`, `Column` …). */
  body: ReactNode;
  /** The same message as plain text. */
  text: string;
  /** Where a reply goes, when not to the sender. */
  replyTo?: MailMessage["replyTo"];
};

const page = {
  backgroundColor: "#ffffff",
  color: "#1c1917",
  fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif",
};
const storeNameStyle = {
  color: "#57534e",
  fontSize: "13px",
  letterSpacing: "0.1em",
  textTransform: "uppercase" as const,
};

/** The store's look in its mails: its logo (none: the name alone) and its brand colour. */
export type MailLook = { logoUrl: string | null; colour: string };

/** The frame of every mail: a band in the store's colour, its logo and name, then the body. */
export function MailLayout(props: {
  locale: string;
  storeName: string;
  look?: MailLook;
  preview?: string;
  children: ReactNode;
}) {
  const colour = props.look?.colour;
  return (
    <Html lang={props.locale}>
      <Head />
      {props.preview ? <Preview>{props.preview}</Preview> : null}
      <Body style={page}>
        <Container style={{ padding: "24px 16px", ...(colour ? { borderTop: `4px solid ${colour}` } : {}) }}>
          <Section>
            {props.look?.logoUrl ? (
              <Img src={props.look.logoUrl} alt="" height="48" style={{ height: "48px", width: "auto" }} />
            ) : null}
            <Text style={storeNameStyle}>{props.storeName}</Text>
          </Section>
          {props.children}
        </Container>
      </Body>
    </Html>
  );
}

/** A mail ready for the mailer: the body rendered in the layout as HTML, with its plain text. */
export async function renderMail(mail: MailContent): Promise<MailMessage> {
  const html = await render(
    <MailLayout locale={mail.locale} storeName={mail.storeName} look={mail.look} preview={mail.preview}>
      {mail.body}
    </MailLayout>,
  );
  return {
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html,
    ...(mail.replyTo && { replyTo: mail.replyTo }),
  };
}
