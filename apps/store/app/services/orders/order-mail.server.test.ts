import { describe, expect, it } from "vitest";
import { parseStoreSettings } from "../../lib/settings-resource.ts";
import { untaxedFigures } from "../mail/mail-parts.server.tsx";
import { type OrderForMail, orderConfirmation } from "./order-mail.server.tsx";

const order: OrderForMail = {
  id: 42,
  locale: "es",
  currency: "EUR",
  email: "ada@example.com",
  name: "Ada",
  paymentMethod: "bacs",
  ...untaxedFigures([{ name: "Taza", quantity: 2, total: 3000 }], { label: "flat_rate", cost: 500 }),
  receiptUrl: "https://shop.example/checkout/order-received/42?key=wc_order_x",
};

const store = parseStoreSettings({
  name: "Tienda",
  address: { line1: "Calle Mayor 1", city: "Madrid", postcode: "28013", country: "ES" },
  payments: { bacs: { details: { account_name: "Tienda SL", iban: "ES91 2100 0418 4502 0005 1332" } } },
});

describe("the order confirmation mail", () => {
  it("tells a bank-transfer customer where to pay, in their language, and ends with the store's address", async () => {
    const mail = await orderConfirmation(order, store);
    expect(mail.text).toContain("Nuestros datos bancarios\nTitular de la cuenta: Tienda SL\nIBAN: ES91 2100");
    expect(mail.text).not.toContain("Banco:");
    expect(mail.text.endsWith("--\nTienda\nCalle Mayor 1\n28013 Madrid\nES")).toBe(true);
    expect(mail.html).toContain("ES91 2100 0418 4502 0005 1332");
  });

  it("shows the note the shopper wrote at the checkout, as WooCommerce's order details do, escaped in the HTML", async () => {
    const mail = await orderConfirmation({ ...order, customerNote: "Por la <b>puerta</b> de atrás" }, store);
    expect(mail.text).toContain("Nota: Por la <b>puerta</b> de atrás");
    expect(mail.html).toContain("Nota: Por la &lt;b&gt;puerta&lt;/b&gt; de atrás");
    const none = await orderConfirmation(order, store);
    expect(none.text).not.toContain("Nota:");
  });

  it("leaves the bank details out of other payment methods' mails", async () => {
    const mail = await orderConfirmation({ ...order, paymentMethod: "cod" }, store);
    expect(mail.text).not.toContain("IBAN");
    expect(mail.html).not.toContain("IBAN");
  });
});
