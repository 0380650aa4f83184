import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Text } from "@react-email/components";
import { describe, expect, it } from "vitest";
import { parseStoreSettings } from "../../lib/settings-resource.ts";
import { customerNoteMail, type OrderForMail, orderConfirmation } from "../orders/order-mail.server.tsx";
import { invitationMail, passwordResetMail } from "../people/people-mail.server.tsx";
import type { MailMessage } from "./mail.server.ts";
import { untaxedFigures } from "./mail-parts.server.tsx";
import { renderMail } from "./render-mail.server.tsx";

/** React Email's document type: a mail rendered by anything else does not start with it. */
const REACT_EMAIL_DOCTYPE = '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN"';

const store = parseStoreSettings({ name: "Tienda & Co" });
const hostile = `<img src=x onerror="alert(1)">`;
const order: OrderForMail = {
  id: 7,
  locale: "en",
  currency: "EUR",
  email: "ada@example.com",
  name: hostile,
  paymentMethod: "cod",
  ...untaxedFigures([{ name: "<b>Mug</b>", quantity: 1, total: 1000 }], { label: "local_pickup", cost: 0 }),
  receiptUrl: "https://shop.example/checkout/order-received/7?key=wc_order_x",
};

/** Every mail the store sends, as it sends them. */
const mails: Array<[string, () => Promise<MailMessage>]> = [
  ["the order confirmation", () => orderConfirmation(order, store)],
  ["a note to the customer", () => customerNoteMail(order, `Soon ${hostile}`, store.name)],
  [
    "an invitation",
    () =>
      invitationMail(
        { email: "eve@example.com", role: "editor", locale: "es" },
        "https://shop.example/my-account/invitation?key=k&login=3",
        store.name,
        7,
      ),
  ],
  [
    "a password reset",
    () =>
      passwordResetMail(
        "ada@example.com",
        "https://shop.example/my-account/lost-password?key=k&login=3",
        store.name,
        "en",
      ),
  ],
];

describe("every mail", () => {
  it.each(mails)("%s has an HTML part from the one layout and a plain-text part", async (_name, make) => {
    const mail = await make();
    expect(mail.html.startsWith(REACT_EMAIL_DOCTYPE)).toBe(true);
    // The layout's header: the store's name, escaped, above the body.
    expect(mail.html).toContain(">Tienda &amp; Co</p>");
    expect(mail.text.trim()).not.toBe("");
    expect(mail.text).not.toMatch(/<\/?(p|a|table|html)\b/);
  });

  it("escapes what a shopper or the staff wrote in the HTML, and keeps it as written in the text", async () => {
    for (const mail of [await orderConfirmation(order, store), await customerNoteMail(order, hostile, "S")]) {
      expect(mail.html).not.toContain("<img");
      expect(mail.html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;");
      expect(mail.text).toContain(hostile);
    }
    const confirmation = await orderConfirmation(order, store);
    expect(confirmation.html).not.toContain("<b>Mug</b>");
    expect(confirmation.html).toContain("&lt;b&gt;Mug&lt;/b&gt;");
  });

  it("keeps a link whole in both parts", async () => {
    const reset = await passwordResetMail(
      "ada@example.com",
      "https://shop.example/r?key=a&login=1",
      "S",
      "en",
    );
    expect(reset.html).toContain('href="https://shop.example/r?key=a&amp;login=1"');
    expect(reset.text).toContain("\nhttps://shop.example/r?key=a&login=1\n");
  });

  it("renders any body in the layout, in the mail's language", async () => {
    const mail = await renderMail({
      to: "a@example.com",
      subject: "S",
      locale: "es",
      storeName: "Tienda",
      body: <Text>Hola</Text>,
      text: "Hola",
    });
    expect(mail).toMatchObject({ to: "a@example.com", subject: "S", text: "Hola" });
    expect(mail.html).toMatch(/<html[^>]* lang="es"/);
    expect(mail.html).toContain(">Hola</p>");
  });
});

describe("the one mail renderer", () => {
  const app = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
  const sources = (readdirSync(app, { recursive: true }) as string[])
    .filter((file) => /\.tsx?$/.test(file) && !/\.test(-helper)?\.tsx?$/.test(file))
    .map((file) => ({ file, text: readFileSync(path.join(app, file), "utf8") }));

  it("is the only module that writes a mail's HTML", () => {
    // A module that deals in mail and writes HTML by hand or with React DOM's own renderer.
    const writers = sources.filter(
      ({ text }) => /MailMessage|mailer\./.test(text) && /\bhtml:\s*[`"'<]|renderToStaticMarkup/.test(text),
    );
    expect(writers.map(({ file }) => file)).toEqual([]);
  });

  it("makes every mail a module hands to the mailer", () => {
    const senders = sources.filter(({ text }) => text.includes("mailer.send("));
    expect(senders.length).toBeGreaterThan(0);
    for (const { file, text } of senders) {
      expect(text, file).toMatch(/from "[^"]*(render-mail|-mail)\.server\.tsx"/);
    }
  });
});
