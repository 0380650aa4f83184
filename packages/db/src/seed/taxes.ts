import type { Transaction } from "../client.ts";
import { taxRates } from "../schema/index.ts";

/**
 * The demo store's tax rates (issue 41, decision 0067): it charges tax from its first start, in
 * US dollars as before, with one rate for every address: a standard 10 % and a reduced 5 % (the
 * "reduced-rate" class, which migration 0022 gives every store) that the demo's T-shirts are in.
 * Both also tax shipping, as WooCommerce's rates do by default.
 */
export const DEMO_REDUCED_CATEGORY = "t-shirts";

export async function insertDemoTaxRates(tx: Transaction): Promise<void> {
  await tx.insert(taxRates).values([
    { taxClass: "", rate: "10.0000", name: "Sales tax", priority: 1, shipping: true, order: 0 },
    {
      taxClass: "reduced-rate",
      rate: "5.0000",
      name: "Reduced sales tax",
      priority: 1,
      shipping: true,
      order: 0,
    },
  ]);
}
