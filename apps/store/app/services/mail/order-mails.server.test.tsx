import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { type MailKind, mailOutbox, orderLines, orderNotes, orderRefunds, orders } from "@vitrine/db";
import { availableDialects, createTestDatabase, type TestDatabase } from "@vitrine/db/testing";
import { and, eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { insertSimpleProduct, insertVariableProduct } from "../catalogue/catalogue-fixtures.test-helper.ts";
import { insertAccount, placeTestOrder } from "../orders/order-fixtures.test-helper.ts";
import { addOrderNote, changeOrderStatus } from "../orders/orders-admin.server.ts";
import { createRefund } from "../orders/refunds.server.ts";
import { recordingMailer, testConfig, testContext } from "../shared/test-context.test-helper.ts";
import { createMailer } from "./mail.server.ts";
import { deliverNewOrderMails, oweMail } from "./mail-outbox.server.ts";
import { oweCustomerNoteMail, oweRefundMail } from "./owed-mails.server.ts";

/** A mail's text with the no-break spaces the number formats put in (`25,00 €`) as plain spaces. */
const spaced = (text: string) => text.replace(/\u00a0/g, " ");

/** React Email's document type: every mail's HTML part starts with it. */
const REACT_EMAIL_DOCTYPE = '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN"';

describe.each(await availableDialects())("the order mails on %s", (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
  });
  afterAll(() => database.close());
  beforeEach(() => database.reset());

  const look = { name: "Tienda & Co", mails: { colour: "#aa3300", logo: "/media/logo.png" } };
  const context = (mails: Record<string, unknown> = {}) =>
    testContext({ db: database.db, settings: { name: look.name, mails: { ...look.mails, ...mails } } });

  /** An order of 2 mugs at 10.00 and 5.00 shipping (25.00), placed in `locale`, the owner an administrator. */
  async function placed(locale: "en" | "es" = "en") {
    await insertAccount(database.db, "owner@example.com", { role: "administrator" });
    const mug = await insertSimpleProduct(database.db, { slug: "mug", price: 1000, stock: 20 });
    const id = await placeTestOrder(database.db, [{ productId: mug.id, quantity: 2 }]);
    await database.db.update(orders).set({ locale }).where(eq(orders.id, id));
    return id;
  }

  /** Owes the mail of `kind` about the order as its trigger would, then delivers the order's new mails. */
  async function owedAndDelivered(ctx: ReturnType<typeof context>, kind: MailKind, orderId: number) {
    await oweMail(database.db, { kind, orderId, ref: 1 });
    return deliverNewOrderMails(ctx, orderId);
  }

  const outbox = (orderId: number) =>
    database.db
      .select({ kind: mailOutbox.kind, done: mailOutbox.doneAt, lastError: mailOutbox.lastError })
      .from(mailOutbox)
      .where(eq(mailOutbox.orderId, orderId));

  it("a placed order owes the owner's new-order mail beside the shopper's confirmation; both go out, each to its reader", async () => {
    const id = await placed("es");
    const ctx = context();
    expect((await outbox(id)).map((mail) => mail.kind).sort()).toEqual(["new_order", "order_confirmation"]);
    expect(await deliverNewOrderMails(ctx, id)).toEqual(["sent", "sent"]);
    const byTo = Object.fromEntries(ctx.mailer.sent.map((mail) => [mail.to, mail]));
    // The shopper's in the order's language, the owner's in the store's.
    expect(byTo["ada@example.com"]!.html).toMatch(/<html[^>]* lang="es"/);
    const owner = byTo["owner@example.com"]!;
    expect(owner.subject).toBe(`[Tienda & Co]: New order #${id}`);
    expect(owner.html).toMatch(/<html[^>]* lang="en"/);
    expect(owner.text).toContain(`You have received order #${id} from Ada Lovelace:`);
    expect(owner.text).toContain("mug (en) × 2: €20.00");
    expect(owner.text).toContain("Total: €25.00");
    expect(owner.text).toContain("Customer: Ada Lovelace, ada@example.com");
    expect(owner.text).toContain(`https://shop.example/admin/orders/${id}`);
    // The store's look in both: its name, logo (made absolute) and colour.
    for (const mail of ctx.mailer.sent) {
      expect(mail.html.startsWith(REACT_EMAIL_DOCTYPE)).toBe(true);
      expect(mail.html).toContain(">Tienda &amp; Co</p>");
      expect(mail.html).toContain('src="https://shop.example/media/logo.png"');
      expect(mail.html).toContain("#aa3300");
    }
  });

  it("lists a line's meta under it, as WooCommerce's mails do: a variation's values and what was backordered", async () => {
    await insertAccount(database.db, "owner@example.com", { role: "administrator" });
    const mug = await insertSimpleProduct(database.db, { slug: "mug", price: 1000, stock: 20 });
    const shirt = await insertVariableProduct(database.db, "shirt");
    const id = await placeTestOrder(database.db, [
      { productId: mug.id, quantity: 2 },
      { productId: shirt.product.id, variationId: shirt.inStock.id, quantity: 1 },
    ]);
    await database.db
      .update(orderLines)
      .set({ backordered: 1 })
      .where(and(eq(orderLines.orderId, id), eq(orderLines.productId, mug.id)));
    await database.db.update(orders).set({ locale: "es" }).where(eq(orders.id, id));
    const ctx = context();
    await deliverNewOrderMails(ctx, id);
    const byTo = Object.fromEntries(ctx.mailer.sent.map((mail) => [mail.to, mail]));
    const owner = byTo["owner@example.com"]!.text.split("\n");
    const mugAt = owner.indexOf("mug (en) × 2: €20.00");
    expect(owner.slice(mugAt, mugAt + 2)).toEqual(["mug (en) × 2: €20.00", "- Backordered: 1"]);
    const shirtAt = owner.findIndex((line) => line.startsWith("shirt × 1: "));
    expect(owner[shirtAt + 1]).toBe("- Colour: Red");
    const shopper = byTo["ada@example.com"]!;
    expect(shopper.text).toContain("- Reservado: 1");
    expect(shopper.html).toContain("<strong>Reservado:</strong> 1</p>");
    expect(shopper.html).toContain("<strong>Colour:</strong> Red</p>");
  });

  it("sends the owner's mails to the recipients in the settings when there are some", async () => {
    const id = await placed();
    const ctx = context({ recipient: "orders@example.com, boss@example.com" });
    await deliverNewOrderMails(ctx, id);
    expect(ctx.mailer.sent.map((mail) => mail.to)).toContain("orders@example.com, boss@example.com");
  });

  it.each([
    [
      "cancelled_order",
      "[Tienda & Co]: Order #{id} has been cancelled",
      "Order #{id} from Ada Lovelace has been cancelled.",
    ],
    [
      "failed_order",
      "[Tienda & Co]: Order #{id} has failed",
      "The payment for order #{id} from Ada Lovelace has failed.",
    ],
  ] as const)(
    "%s goes to the owner in the store's language, whatever the order's",
    async (kind, subject, intro) => {
      const id = await placed("es");
      const ctx = context();
      await database.db.delete(mailOutbox).where(eq(mailOutbox.orderId, id));
      expect(await owedAndDelivered(ctx, kind, id)).toEqual(["sent"]);
      const [mail] = ctx.mailer.sent;
      expect(mail).toMatchObject({ to: "owner@example.com", subject: subject.replace("{id}", String(id)) });
      expect(mail!.text).toContain(intro.replace("{id}", String(id)));
      expect(mail!.text).toContain("Total: €25.00");
      expect(mail!.html).toContain("€25.00");
    },
  );

  const shopperMails = [
    ["customer_on_hold_order", "en", "Your Tienda & Co order #{id} is on hold", "Hi Ada,"],
    ["customer_on_hold_order", "es", "Tu pedido n.º {id} de Tienda & Co está en espera", "Hola, Ada:"],
    ["customer_processing_order", "en", "Your Tienda & Co order #{id} is being processed", "Hi Ada,"],
    ["customer_processing_order", "es", "Estamos preparando tu pedido n.º {id} de Tienda & Co", "Hola, Ada:"],
    ["customer_completed_order", "en", "Your Tienda & Co order #{id} is complete", "Hi Ada,"],
    ["customer_completed_order", "es", "Tu pedido n.º {id} de Tienda & Co está completado", "Hola, Ada:"],
  ] as const;
  it.each(shopperMails)(
    "%s goes to the shopper in the order's language (%s)",
    async (kind, locale, subject, greeting) => {
      const id = await placed(locale);
      const ctx = context();
      await database.db.delete(mailOutbox).where(eq(mailOutbox.orderId, id));
      expect(await owedAndDelivered(ctx, kind, id)).toEqual(["sent"]);
      const [mail] = ctx.mailer.sent;
      expect(mail).toMatchObject({ to: "ada@example.com", subject: subject.replace("{id}", String(id)) });
      expect(mail!.text.startsWith(greeting)).toBe(true);
      expect(spaced(mail!.text)).toContain(locale === "es" ? "Total: 25,00 €" : "Total: €25.00");
      expect(mail!.text).toContain(`/checkout/order-received/${id}?key=`);
      expect(mail!.html).toMatch(new RegExp(`<html[^>]* lang="${locale}"`));
      expect(mail!.html).toContain("#aa3300");
    },
  );

  it("tells the shopper of a partial refund (the amount, the reason, what is left), then of the full one", async () => {
    const id = await placed("en");
    const ctx = context();
    await deliverNewOrderMails(ctx, id);
    ctx.mailer.sent.length = 0;
    const refund = async (amount: number, reason: string, full: boolean) => {
      const [row] = await database.db
        .insert(orderRefunds)
        .values({ orderId: id, amount, reason })
        .returning();
      await database.db.transaction((tx) => oweRefundMail(tx, { orderId: id, refundId: row!.id, full }));
      return deliverNewOrderMails(ctx, id);
    };
    expect(await refund(400, "Broken handle", false)).toEqual(["sent"]);
    const [partly] = ctx.mailer.sent;
    expect(partly!.subject).toBe(`Your Tienda & Co order #${id} has been partly refunded`);
    expect(partly!.text).toContain(
      "Refunded: €4.00\nReason: Broken handle\nOrder total after refunds: €21.00",
    );
    expect(partly!.html).toContain("Order total after refunds: €21.00");

    // The last refund, in Spanish: what is left counts both.
    await database.db.update(orders).set({ locale: "es" }).where(eq(orders.id, id));
    expect(await refund(2100, "", true)).toEqual(["sent"]);
    const full = ctx.mailer.sent[1]!;
    expect(full.subject).toBe(`Tu pedido n.º ${id} de Tienda & Co se ha reembolsado`);
    expect(spaced(full.text)).toContain("Reembolsado: 21,00 €\nTotal del pedido tras los reembolsos: 0,00 €");
    expect(full.text).not.toContain("Motivo");
  });

  it("mails a note to the customer with the note's text, in the order's language", async () => {
    const id = await placed("es");
    const ctx = context();
    await deliverNewOrderMails(ctx, id);
    ctx.mailer.sent.length = 0;
    const [note] = await database.db
      .insert(orderNotes)
      .values({ orderId: id, body: "Tu paquete ha salido <hoy>.", toCustomer: true })
      .returning();
    await database.db.transaction((tx) => oweCustomerNoteMail(tx, { orderId: id, noteId: note!.id }));
    expect(await deliverNewOrderMails(ctx, id)).toEqual(["sent"]);
    const [mail] = ctx.mailer.sent;
    expect(mail).toMatchObject({
      to: "ada@example.com",
      subject: `Se ha añadido una nota a tu pedido n.º ${id} de Tienda & Co`,
    });
    expect(mail!.text).toContain("Tu paquete ha salido <hoy>.");
    expect(mail!.html).toContain("Tu paquete ha salido &lt;hoy&gt;.");
  });

  it("the owner's work on a Spanish bank-transfer order mails its shopper in Spanish, each mail once, with the order's number", async () => {
    const id = await placed("es");
    // The work each answer leaves to be done after it (the back office's: sending the change's mails).
    const pending: Array<Promise<void>> = [];
    const ctx = { ...context(), afterAnswer: (work: Promise<void>) => void pending.push(work) };
    // What went out after an answer: the checkout's order is placed outside a request here, so its
    // mails are delivered as `orderPlaced` would.
    const sent = async () => {
      await Promise.all(pending.splice(0));
      await deliverNewOrderMails(ctx, id);
      return ctx.mailer.sent.splice(0).map((mail) => [mail.to, mail.subject]);
    };
    expect(await sent()).toEqual([
      ["ada@example.com", `Hemos recibido tu pedido #${id} de Tienda & Co`],
      ["owner@example.com", `[Tienda & Co]: New order #${id}`],
    ]);
    await changeOrderStatus(ctx, id, "processing", null);
    expect(await sent()).toEqual([
      ["ada@example.com", `Estamos preparando tu pedido n.º ${id} de Tienda & Co`],
    ]);
    await changeOrderStatus(ctx, id, "completed", null);
    expect(await sent()).toEqual([["ada@example.com", `Tu pedido n.º ${id} de Tienda & Co está completado`]]);
    const [line] = await database.db.select().from(orderLines).where(eq(orderLines.orderId, id));
    await createRefund(
      ctx,
      id,
      { reason: "Asa rota", lines: [{ lineId: line!.id, quantity: 1, amount: 1000 }], restock: true },
      null,
    );
    expect(await sent()).toEqual([
      ["ada@example.com", `Tu pedido n.º ${id} de Tienda & Co se ha reembolsado en parte`],
    ]);
    await addOrderNote(ctx, id, { note: "Gracias por tu paciencia.", customerNote: true }, null);
    expect(await sent()).toEqual([
      ["ada@example.com", `Se ha añadido una nota a tu pedido n.º ${id} de Tienda & Co`],
    ]);
    // Nothing is owed twice: a later sweep of the order finds nothing new.
    expect(await sent()).toEqual([]);
  });

  it("settles a switched-off mail with nothing sent, and a refund or note that is not there", async () => {
    const id = await placed();
    const ctx = context({ enabled: { new_order: false } });
    await oweMail(database.db, {
      kind: "customer_refunded_order",
      orderId: id,
      ref: 9,
      payload: { refundId: 999 },
    });
    await oweMail(database.db, { kind: "customer_note", orderId: id, ref: 9, payload: { noteId: "x" } });
    expect((await deliverNewOrderMails(ctx, id)).sort()).toEqual([
      "nothing_to_send",
      "nothing_to_send",
      "nothing_to_send",
      "sent",
    ]);
    expect(ctx.mailer.sent.map((mail) => mail.to)).toEqual(["ada@example.com"]);
    const settled = Object.fromEntries((await outbox(id)).map((mail) => [mail.kind, mail.lastError]));
    expect(settled).toEqual({
      order_confirmation: null,
      new_order: "switched_off",
      customer_refunded_order: "unknown_refund",
      customer_note: "unknown_note",
    });
    // Switched on again later: what was settled stays settled.
    expect(await deliverNewOrderMails(context(), id)).toEqual([]);
  });

  it("settles the owner's mail when the store has no one to send it to", async () => {
    const mug = await insertSimpleProduct(database.db, { slug: "mug", price: 1000 });
    const id = await placeTestOrder(database.db, [{ productId: mug.id, quantity: 1 }]);
    await deliverNewOrderMails(context(), id);
    const [owner] = await database.db
      .select({ lastError: mailOutbox.lastError })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.orderId, id), eq(mailOutbox.kind, "new_order")));
    expect(owner).toEqual({ lastError: "no_recipient" });
  });

  /** The new order's two mails as the mailer writes them without a mail server: .eml files. */
  async function newOrderMailFiles(id: number): Promise<string[]> {
    const config = testConfig();
    const mailDir = path.join(config.dataDir, "mail");
    const mailer = createMailer({
      smtpUrl: undefined,
      mailDir,
      from: () => "Tienda <shop@example.com>",
      logger: pino({ level: "silent" }),
    });
    const ctx = testContext({
      db: database.db,
      config,
      mailer: Object.assign(recordingMailer(), { send: mailer.send }),
    });
    expect(await deliverNewOrderMails(ctx, id)).toEqual(["sent", "sent"]);
    const files = readdirSync(mailDir).map((file) => readFileSync(path.join(mailDir, file), "utf8"));
    return files;
  }

  it("writes each mail as an .eml file with its HTML and plain-text parts when there is no mail server", async () => {
    const id = await placed("es");
    const files = await newOrderMailFiles(id);
    expect(files).toHaveLength(2);
    const owner = files.find((file) => file.includes("To: owner@example.com"))!;
    expect(owner).toContain(`Subject: [Vitrine]: New order #${id}`);
    expect(owner).toContain("Content-Type: text/plain");
    expect(owner).toContain("Content-Type: text/html");
    expect(files.find((file) => file.includes("To: ada@example.com"))).toMatch(/lang=3D"es"|lang="es"/);
  });

  it("the owner's order mails answer to the shopper, as WooCommerce's Reply-To does; what the shopper typed cannot add a header", async () => {
    const id = await placed();
    const [order] = await database.db.select().from(orders).where(eq(orders.id, id));
    const billing = { ...order!.billingAddress, first_name: 'Ada "Countess",\r\nBcc: evil@example.com' };
    await database.db.update(orders).set({ billingAddress: billing }).where(eq(orders.id, id));
    const files = await newOrderMailFiles(id);
    const owner = files.find((file) => file.includes("To: owner@example.com"))!;
    const headers = owner.slice(0, owner.indexOf("\n\n")).replace(/\n[ \t]+/g, " ");
    expect(headers).toMatch(/^Reply-To: .*<ada@example\.com>$/m);
    expect(headers).not.toMatch(/^Bcc:/im);
    expect(owner).not.toContain("evil@example.com>");
    // The shopper's own mail answers to the store, as any mail does.
    const shopper = files.find((file) => file.includes("To: ada@example.com"))!;
    expect(shopper).not.toMatch(/^Reply-To:/m);
  });

  it("the owner's order mails show the note the shopper wrote at the checkout, escaped in the HTML", async () => {
    const id = await placed();
    await database.db
      .update(orders)
      .set({ customerNote: 'Leave it at the <b>back door</b> & "ring"\nThanks' })
      .where(eq(orders.id, id));
    const ctx = context();
    await deliverNewOrderMails(ctx, id);
    const owner = ctx.mailer.sent.find((mail) => mail.to === "owner@example.com")!;
    expect(owner.text).toContain('Note: Leave it at the <b>back door</b> & "ring"\nThanks');
    expect(owner.html).toContain("Leave it at the &lt;b&gt;back door&lt;/b&gt; &amp; ");
    expect(owner.html).not.toContain("<b>back door</b>");
  });
});
