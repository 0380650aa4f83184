import { describe, expect, it } from "vitest";
import { flatRateCost, freeShippingAvailable, packageRates, type RatesContext } from "./package-rates.ts";
import {
  flatRateSettings,
  freeShippingSettings,
  localPickupSettings,
  type ShippingMethodInstance,
} from "./shipping-methods.ts";

const lines = [
  { quantity: 2, shippingClassId: 7, lineTotal: 3000 },
  { quantity: 1, shippingClassId: 8, lineTotal: 1000 },
  { quantity: 3, shippingClassId: null, lineTotal: 600 },
];
const flat = (settings: object) => flatRateSettings.parse(settings);
const context: RatesContext = { freeShippingCoupon: false, subtotal: 4600, discount: 0 };

describe("flatRateCost", () => {
  it("charges per order", () => {
    expect(flatRateCost(flat({ cost: "5" }), lines)).toBe(500);
  });
  it("charges per item with [qty], only the package's items", () => {
    expect(flatRateCost(flat({ cost: "1 + 2 * [qty]" }), lines)).toBe(1300);
  });
  it("adds every class's cost when calculated per class", () => {
    const settings = flat({
      cost: "5",
      class_costs: { "7": "2 * [qty]", "8": "3" },
      no_class_cost: "1",
      type: "class",
    });
    expect(flatRateCost(settings, lines)).toBe(500 + 400 + 300 + 100);
  });
  it("adds only the dearest class's cost when calculated per order", () => {
    const settings = flat({
      cost: "5",
      class_costs: { "7": "2 * [qty]", "8": "3" },
      no_class_cost: "1",
      type: "order",
    });
    expect(flatRateCost(settings, lines)).toBe(500 + 400);
  });
  it("prices a class's [cost] from its own lines", () => {
    expect(flatRateCost(flat({ class_costs: { "7": '[fee percent="10"]' } }), lines)).toBe(300);
  });
  it("offers nothing when no cost applies at all", () => {
    expect(flatRateCost(flat({ class_costs: { "99": "4" } }), lines)).toBeNull();
    expect(flatRateCost(flat({ cost: "0" }), lines)).toBe(0);
  });
});

describe("freeShippingAvailable", () => {
  const free = (settings: object) => freeShippingSettings.parse(settings);
  const minimum = { min_amount: "50.00" };
  const cases: Array<[string, boolean, number, boolean]> = [
    // requires, coupon, subtotal, offered
    ["", false, 100, true],
    ["coupon", false, 9000, false],
    ["coupon", true, 100, true],
    ["min_amount", false, 4999, false],
    ["min_amount", false, 5000, true],
    ["either", true, 100, true],
    ["either", false, 5000, true],
    ["either", false, 4999, false],
    ["both", true, 4999, false],
    ["both", false, 5000, false],
    ["both", true, 5000, true],
  ];
  it.each(cases)("requires %j, coupon %s, subtotal %i: %s", (requires, coupon, subtotal, offered) => {
    expect(
      freeShippingAvailable(free({ requires, ...minimum }), {
        freeShippingCoupon: coupon,
        subtotal,
        discount: 0,
      }),
    ).toBe(offered);
  });
  it("takes the discount off the subtotal unless told to ignore discounts", () => {
    const at = { freeShippingCoupon: false, subtotal: 5500, discount: 1000 };
    expect(freeShippingAvailable(free({ requires: "min_amount", ...minimum }), at)).toBe(false);
    expect(
      freeShippingAvailable(free({ requires: "min_amount", ignore_discounts: true, ...minimum }), at),
    ).toBe(true);
  });
});

describe("packageRates", () => {
  const methods: ShippingMethodInstance[] = [
    {
      instanceId: 4,
      order: 2,
      enabled: true,
      methodId: "local_pickup",
      settings: localPickupSettings.parse({ cost: "1.50" }),
    },
    {
      instanceId: 2,
      order: 1,
      enabled: true,
      methodId: "flat_rate",
      settings: flat({ title: "Courier", cost: "5" }),
    },
    {
      instanceId: 3,
      order: 3,
      enabled: true,
      methodId: "free_shipping",
      settings: freeShippingSettings.parse({ requires: "min_amount", min_amount: "40" }),
    },
    { instanceId: 6, order: 4, enabled: false, methodId: "flat_rate", settings: flat({ cost: "1" }) },
    { instanceId: 7, order: 5, enabled: true, methodId: "flat_rate", settings: flat({}) },
  ];
  it("prices the enabled methods in order, with WooCommerce's rate ids", () => {
    expect(packageRates(methods, lines, context)).toEqual([
      { id: "flat_rate:2", label: "Courier", cost: 500, taxable: true },
      { id: "local_pickup:4", label: "Local pickup", cost: 150, taxable: true },
      { id: "free_shipping:3", label: "Free shipping", cost: 0, taxable: false },
    ]);
  });
  it("leaves free shipping out under its minimum", () => {
    expect(packageRates(methods, lines, { ...context, subtotal: 3999 }).map((rate) => rate.id)).toEqual([
      "flat_rate:2",
      "local_pickup:4",
    ]);
  });
  it("marks a method not taxable when its tax status is none", () => {
    const pickup = {
      ...methods[0]!,
      settings: localPickupSettings.parse({ tax_status: "none" }),
    } as ShippingMethodInstance;
    expect(packageRates([pickup], lines, context)).toEqual([
      { id: "local_pickup:4", label: "Local pickup", cost: 0, taxable: false },
    ]);
  });
});
