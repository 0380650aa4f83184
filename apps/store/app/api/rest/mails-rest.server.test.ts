import { mailKinds, mailOutbox } from "@vitrine/db";
import { availableDialects } from "@vitrine/db/testing";
import { describe, expect, it } from "vitest";
import { STORE_MAIL_KINDS } from "../../lib/store-mails.ts";
import { insertSimpleProduct } from "../../services/catalogue/catalogue-fixtures.test-helper.ts";
import { placeTestOrder } from "../../services/orders/order-fixtures.test-helper.ts";
import { loadStoreSettings } from "../../services/settings/settings.server.ts";
import { restTestServer } from "./rest-server.test-helper.ts";

describe.each(await availableDialects())("the mails' previews and switches on %s", (dialect) => {
  const server = restTestServer(dialect);

  it("previews a mail for administrators only: 401 for nobody, 403 for a customer or an editor", async () => {
    expect((await server.call("/mails/new_order/preview", {})).status).toBe(401);
    for (const role of ["customer", "editor"] as const) {
      const { headers } = await server.session(role);
      expect((await server.call("/mails/new_order/preview", headers)).status, role).toBe(403);
    }
    // The cookie without its nonce is not enough.
    const { headers } = await server.session("administrator");
    expect(await server.call("/mails/new_order/preview", { Cookie: headers.Cookie })).toMatchObject({
      status: 403,
      body: { code: "rest_cookie_invalid_nonce" },
    });
    expect((await server.call("/mails/new_order/preview", headers)).status).toBe(200);
  });

  it("previews every mail in both languages from the latest order, sending and owing nothing", async () => {
    // The back office's list is the outbox's kinds, every one.
    expect(new Set(STORE_MAIL_KINDS)).toEqual(new Set(mailKinds));
    const mug = await insertSimpleProduct(server.db, { slug: "mug", price: 1000 });
    const id = await placeTestOrder(server.db, [{ productId: mug.id, quantity: 2 }]);
    const owedBefore = await server.db.select().from(mailOutbox);
    const { headers } = await server.session("administrator");
    for (const kind of STORE_MAIL_KINDS)
      for (const lang of ["en", "es"]) {
        const answer = await server.call(`/mails/${kind}/preview?lang=${lang}`, headers);
        expect(answer.status, `${kind} ${lang}`).toBe(200);
        expect(answer.body).toMatchObject({ kind, lang, order_id: id });
        expect(answer.body.html).toMatch(new RegExp(`<html[^>]* lang="${lang}"`));
        expect(String(answer.body.text).trim()).not.toBe("");
        expect(String(answer.body.subject)).not.toBe("");
      }
    const confirmation = await server.call("/mails/customer_processing_order/preview?lang=es", headers);
    expect(confirmation.body.subject).toBe(`Estamos preparando tu pedido n.º ${id} de Vitrine`);
    expect(confirmation.body.to).toBe("ada@example.com");
    expect(await server.db.select().from(mailOutbox)).toEqual(owedBefore);
  });

  it("previews from a sample in a store without orders", async () => {
    const { headers } = await server.session("administrator");
    const answer = await server.call("/mails/new_order/preview?lang=en", headers);
    expect(answer.body).toMatchObject({ order_id: null, subject: "[Vitrine]: New order #1234" });
  });

  it("answers an unknown mail or language with 400, never 500", async () => {
    const { headers } = await server.session("administrator");
    for (const path of ["/mails/password_reset/preview", "/mails/new_order/preview?lang=fr"])
      expect((await server.call(path, headers)).body, path).toMatchObject({
        code: "rest_invalid_param",
        data: { status: 400 },
      });
  });

  it("switches a mail off and back, and keeps the recipients, logo and colour as given", async () => {
    const { headers } = await server.session("administrator");
    const change = {
      mails: {
        enabled: { customer_completed_order: false },
        recipient: "orders@example.com, boss@example.com",
        logo: "/media/logo.png",
        colour: "#aa3300",
      },
    };
    expect((await server.call("/settings", headers, "PUT", change)).status).toBe(200);
    const { mails } = await loadStoreSettings(server.db);
    expect(mails).toMatchObject({
      ...change.mails,
      enabled: { customer_completed_order: false, new_order: true },
    });
    for (const refused of [
      { mails: { enabled: { customer_completed_order: "no" } } },
      { mails: { enabled: { password_reset: false } } },
      { mails: { recipient: "not an address" } },
      { mails: { logo: "javascript:alert(1)" } },
      { mails: { colour: "red" } },
    ])
      expect((await server.call("/settings", headers, "PUT", refused)).status, JSON.stringify(refused)).toBe(
        400,
      );
    expect((await loadStoreSettings(server.db)).mails).toEqual(mails);
  });
});
