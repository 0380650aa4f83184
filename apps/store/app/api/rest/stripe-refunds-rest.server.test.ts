import { orderPayments, orders } from "@vitrine/db";
import { availableDialects } from "@vitrine/db/testing";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createI18n } from "../../i18n/i18n.ts";
import { RestClientError } from "../../lib/rest-client.ts";
import { insertSimpleProduct } from "../../services/catalogue/catalogue-fixtures.test-helper.ts";
import { placeTestOrder } from "../../services/orders/order-fixtures.test-helper.ts";
import { restTestServer } from "./rest-server.test-helper.ts";

/**
 * A refund of an order paid through Stripe, over REST as the back office's order page sends it
 * (issue 42): when Stripe cannot be reached the owner reads so in their language, a 502 and not a
 * 500, and nothing is recorded. (The refund that reaches Stripe: services/payments/gateway-refunds.)
 */
describe.each(await availableDialects())("a Stripe order's refund over REST on %s", (dialect) => {
  const server = restTestServer(
    dialect,
    { settings: { payments: { stripe: { enabled: true, secret_key: "sk_test_nobody_answers" } } } },
    // Nothing listens there: every call to Stripe fails to connect.
    { STRIPE_API_URL: "http://127.0.0.1:9" },
  );

  it("Stripe unreachable: refused with the reason in English and Spanish, nothing refunded, nothing restocked", async () => {
    const mug = await insertSimpleProduct(server.db, { slug: "mug", price: 1000, stock: 10 });
    const id = await placeTestOrder(server.db, [{ productId: mug.id, quantity: 2 }]);
    await server.db
      .update(orders)
      .set({ status: "processing", paymentMethod: "stripe" })
      .where(eq(orders.id, id));
    await server.db.insert(orderPayments).values({
      orderId: id,
      gateway: "stripe",
      reference: "cs_test_paid",
      paymentId: "pi_test_paid",
      amount: 2500,
      currency: "eur",
      status: "paid",
      settledAt: new Date(),
    });
    const client = await server.pageClient("administrator");

    const refused = await client
      .request({ path: `/orders/${id}/refunds`, method: "POST", data: { amount: 500, reason: "Late" } })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(RestClientError);
    expect(refused).toMatchObject({ status: 502, code: "vitrine_refund_gateway_unreachable" });
    const error = refused as RestClientError;
    expect(error.translated(createI18n("en").t)).toBe(
      "Stripe could not be reached, so nothing was refunded. Try again in a moment.",
    );
    expect(error.translated(createI18n("es").t)).toBe(
      "No se ha podido contactar con Stripe, así que no se ha reembolsado nada. Vuelve a intentarlo en un momento.",
    );
    expect(await client.request({ path: `/orders/${id}/refunds` })).toEqual([]);

    // A status set to refunded by hand would send the money back the same way: refused alike.
    const { headers } = await server.session("administrator");
    const moved = await server.call(`/orders/${id}`, headers, "PUT", { status: "refunded" });
    expect(moved).toMatchObject({ status: 502, body: { code: "vitrine_refund_gateway_unreachable" } });
    const [order] = await server.db.select().from(orders).where(eq(orders.id, id));
    expect(order!.status).toBe("processing");
  });
});
