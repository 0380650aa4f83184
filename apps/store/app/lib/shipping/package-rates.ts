import type { ShippingChoice } from "../totals/totals-types.ts";
import { decimalFraction, evaluateCost } from "./cost-expression.ts";
import {
  type FlatRateSettings,
  type FreeShippingSettings,
  METHOD_NAMES,
  type ShippingMethodInstance,
  type ShippingMethodType,
} from "./shipping-methods.ts";

/** A line that needs shipping, as the zone's methods price it. */
export type PackageLine = {
  quantity: number;
  /** The product's (or its variation's) shipping class id, or null. */
  shippingClassId: number | null;
  /** The line's cost in minor units, after coupons and without tax (what `[cost]` adds up). */
  lineTotal: number;
};

/** What free shipping asks of the cart besides its items. */
export type RatesContext = {
  /** A valid coupon that grants free shipping is applied. */
  freeShippingCoupon: boolean;
  /** The cart's subtotal as the shopper sees it (with or without tax as the cart shows prices), minor units. */
  subtotal: number;
  /** The coupons' discount as the shopper sees it, minor units; taken off unless `ignore_discounts`. */
  discount: number;
};

/** The flat rate's cost, WooCommerce's way; null when it has no cost at all (then it is not offered). */
export function flatRateCost(settings: FlatRateSettings, lines: readonly PackageLine[]): number | null {
  let hasCosts = false;
  let cost = 0;
  const sum = (of: readonly PackageLine[]) => ({
    qty: of.reduce((total, line) => total + line.quantity, 0),
    cost: of.reduce((total, line) => total + line.lineTotal, 0),
  });
  if (settings.cost !== "") {
    hasCosts = true;
    cost = evaluateCost(settings.cost, sum(lines));
  }
  const byClass = new Map<number | null, PackageLine[]>();
  for (const line of lines)
    byClass.set(line.shippingClassId, [...(byClass.get(line.shippingClassId) ?? []), line]);
  let highest = 0;
  for (const [classId, classLines] of byClass) {
    const expression =
      classId === null ? settings.no_class_cost : (settings.class_costs[String(classId)] ?? "");
    if (expression === "") continue;
    hasCosts = true;
    const classCost = evaluateCost(expression, sum(classLines));
    if (settings.type === "class") cost += classCost;
    else highest = Math.max(highest, classCost);
  }
  return hasCosts ? cost + highest : null;
}

/** Whether free shipping is offered, by its `requires` rule (WooCommerce's `is_available`). */
export function freeShippingAvailable(settings: FreeShippingSettings, context: RatesContext): boolean {
  const minimum = decimalFraction(settings.min_amount);
  const minimumCents = minimum ? Number((minimum.n * 100n + minimum.d / 2n) / minimum.d) : 0;
  const total = settings.ignore_discounts ? context.subtotal : context.subtotal - context.discount;
  const metMinimum = total >= minimumCents;
  switch (settings.requires) {
    case "coupon":
      return context.freeShippingCoupon;
    case "min_amount":
      return metMinimum;
    case "either":
      return metMinimum || context.freeShippingCoupon;
    case "both":
      return metMinimum && context.freeShippingCoupon;
    default:
      return true;
  }
}

/** A plain amount in cents ("" is 0). */
function amountCents(text: string): number {
  return text === "" ? 0 : evaluateCost(text, { qty: 0, cost: 0 });
}

/**
 * The rates a zone's enabled methods offer for a package, in the methods' order. A flat rate whose
 * expression cannot be read is left out rather than priced wrongly (the back office refuses such
 * expressions; this guards what was stored before).
 */
export function packageRates(
  methods: readonly ShippingMethodInstance[],
  lines: readonly PackageLine[],
  context: RatesContext,
  /** The methods' names in the shopper's language, for methods the owner gave no title. */
  names: Record<ShippingMethodType, string> = METHOD_NAMES,
): ShippingChoice[] {
  const choices: ShippingChoice[] = [];
  const ordered = [...methods]
    .filter((method) => method.enabled)
    .sort((a, b) => a.order - b.order || a.instanceId - b.instanceId);
  for (const method of ordered) {
    const id = `${method.methodId}:${method.instanceId}`;
    const label = method.settings.title || names[method.methodId];
    if (method.methodId === "flat_rate") {
      let cost: number | null;
      try {
        cost = flatRateCost(method.settings, lines);
      } catch {
        cost = null;
      }
      if (cost === null) continue;
      choices.push({
        id,
        label,
        cost: Math.max(0, cost),
        taxable: method.settings.tax_status === "taxable",
      });
    } else if (method.methodId === "free_shipping") {
      if (freeShippingAvailable(method.settings, context))
        choices.push({ id, label, cost: 0, taxable: false });
    } else {
      choices.push({
        id,
        label,
        cost: amountCents(method.settings.cost),
        taxable: method.settings.tax_status === "taxable",
      });
    }
  }
  return choices;
}
