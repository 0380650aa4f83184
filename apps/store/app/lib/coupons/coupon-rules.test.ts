import { describe, expect, it } from "vitest";
import { createI18n } from "../../i18n/i18n.ts";
import {
  type CouponContext,
  type CouponRuleLine,
  type CouponRuleRow,
  couponRefusal,
  couponRefusalNotice,
  emailMatches,
  recheckApplied,
  removedCouponNotice,
  toTotalsCoupon,
} from "./coupon-rules.ts";

const coupon = (over: Partial<CouponRuleRow> = {}): CouponRuleRow => ({
  code: "save10",
  type: "fixed_cart",
  amount: "1000",
  expiresAt: null,
  freeShipping: false,
  minimumAmount: null,
  maximumAmount: null,
  individualUse: false,
  excludeSaleItems: false,
  productIds: [],
  excludedProductIds: [],
  categoryIds: [],
  excludedCategoryIds: [],
  emailRestrictions: [],
  usageLimit: null,
  usageLimitPerUser: null,
  limitUsageToXItems: null,
  usageCount: 0,
  ...over,
});

const mug: CouponRuleLine = {
  productId: 1,
  variationId: null,
  name: "Mug",
  categories: [{ id: 10, name: "Kitchen" }],
  onSale: false,
};
const shirt: CouponRuleLine = {
  productId: 2,
  variationId: 21,
  name: "Shirt",
  categories: [{ id: 20, name: "Clothing" }],
  onSale: true,
};

const ctx = (over: Partial<CouponContext> = {}): CouponContext => ({
  now: new Date("2026-06-01T12:00:00Z"),
  lines: [mug, shirt],
  subtotal: 5000,
  applied: [],
  customerUses: 0,
  email: null,
  accountEmail: null,
  ...over,
});

describe("couponRefusal, in WC_Discounts::is_coupon_valid's order", () => {
  it("accepts a plain coupon", () => {
    expect(couponRefusal("SAVE10", coupon(), ctx())).toBeNull();
  });

  it.each([
    ["an empty code: Please enter a coupon code", "  ", coupon(), ctx(), { code: "coupon_missing" }],
    [
      "no such coupon: does not exist",
      "nope",
      null,
      ctx(),
      { code: "coupon_not_found", params: { code: "nope" } },
    ],
    [
      "the usage limit reached",
      "save10",
      coupon({ usageLimit: 2, usageCount: 2 }),
      ctx(),
      { code: "coupon_usage_limit" },
    ],
    [
      "the customer's own limit reached",
      "save10",
      coupon({ usageLimitPerUser: 1 }),
      ctx({ customerUses: 1 }),
      { code: "coupon_usage_limit" },
    ],
    [
      "expired",
      "save10",
      coupon({ expiresAt: new Date("2026-05-31T23:59:59Z") }),
      ctx(),
      { code: "coupon_expired" },
    ],
    [
      "the minimum spend not met",
      "save10",
      coupon({ minimumAmount: 6000 }),
      ctx(),
      { code: "coupon_minimum_spend", params: { amount: 6000 } },
    ],
    [
      "the maximum spend passed",
      "save10",
      coupon({ maximumAmount: 4999 }),
      ctx(),
      { code: "coupon_maximum_spend", params: { amount: 4999 } },
    ],
    [
      "no listed product in the cart",
      "save10",
      coupon({ productIds: [99] }),
      ctx(),
      { code: "coupon_not_applicable" },
    ],
    [
      "no item of a listed category (a sale item does not count when sale items are excluded)",
      "save10",
      coupon({ categoryIds: [20], excludeSaleItems: true, type: "percent" }),
      ctx(),
      { code: "coupon_not_applicable" },
    ],
    [
      "a product coupon fitting no item",
      "save10",
      coupon({ type: "fixed_product", excludedProductIds: [1, 2] }),
      ctx(),
      { code: "coupon_not_applicable" },
    ],
    [
      "a cart coupon with a sale item in the cart",
      "save10",
      coupon({ excludeSaleItems: true }),
      ctx(),
      { code: "coupon_sale_items" },
    ],
    [
      "a cart coupon with an excluded product (by its variation) in the cart",
      "save10",
      coupon({ excludedProductIds: [21] }),
      ctx(),
      { code: "coupon_excluded_products", params: { names: "Shirt" } },
    ],
    [
      "a cart coupon with an excluded category in the cart",
      "save10",
      coupon({ excludedCategoryIds: [10, 20] }),
      ctx(),
      { code: "coupon_excluded_categories", params: { names: "Kitchen, Clothing" } },
    ],
    [
      "already applied",
      "Save10",
      coupon(),
      ctx({ applied: [{ code: "save10", individualUse: false }] }),
      { code: "coupon_already_applied" },
    ],
    [
      "another coupon for individual use already applied",
      "save10",
      coupon(),
      ctx({ applied: [{ code: "solo", individualUse: true }] }),
      { code: "coupon_individual_use", params: { code: "solo" } },
    ],
    [
      "at checkout, a billing e-mail the coupon does not allow",
      "save10",
      coupon({ emailRestrictions: ["*@example.com"] }),
      ctx({ email: "ada@elsewhere.org" }),
      { code: "coupon_not_yours", params: { code: "save10" } },
    ],
  ])("refuses %s", (_name, code, row, context, expected) => {
    expect(couponRefusal(code, row, context)).toMatchObject(expected);
  });

  it("checks the usage limit before the expiry, as WooCommerce does", () => {
    const row = coupon({ usageLimit: 1, usageCount: 1, expiresAt: new Date("2020-01-01") });
    expect(couponRefusal("save10", row, ctx())?.code).toBe("coupon_usage_limit");
  });

  it("lets a coupon for individual use replace the others, and a product coupon fit one item", () => {
    const solo = coupon({ individualUse: true });
    expect(
      couponRefusal("save10", solo, ctx({ applied: [{ code: "solo", individualUse: true }] })),
    ).toBeNull();
    const percent = coupon({ type: "percent", amount: "10", excludeSaleItems: true });
    expect(couponRefusal("save10", percent, ctx())).toBeNull();
  });

  it("checks allowed e-mails only at checkout, against the billing or the account's e-mail", () => {
    const row = coupon({ emailRestrictions: ["ada@example.com"] });
    expect(couponRefusal("save10", row, ctx())).toBeNull();
    expect(couponRefusal("save10", row, ctx({ email: "ADA@example.com" }))).toBeNull();
    expect(couponRefusal("save10", row, ctx({ email: "x@y.z", accountEmail: "ada@example.com" }))).toBeNull();
  });
});

describe("e-mail patterns", () => {
  it.each([
    ["*@example.com", "ada@example.com", true],
    ["*@example.com", "ada@example.com.evil", false],
    ["ada*@example.com", "ada.lovelace@example.com", true],
    ["ada@example.com", "bob@example.com", false],
    ["a.b@example.com", "axb@example.com", false],
  ])("%s against %s: %s", (pattern, email, expected) => {
    expect(emailMatches(pattern, email)).toBe(expected);
  });
});

describe("messages", () => {
  it("says WooCommerce's words in English and in Spanish, with the amount in the store's money", () => {
    const refused = couponRefusal("save10", coupon({ minimumAmount: 6000 }), ctx())!;
    const notice = couponRefusalNotice(refused, "EUR", "en");
    expect(createI18n("en").t(notice.message, notice.params)).toBe(
      "The minimum spend for this coupon is €60.00.",
    );
    const es = couponRefusalNotice(refused, "EUR", "es");
    expect(createI18n("es").t(es.message, es.params)).toBe(
      "El gasto mínimo para este cupón es 60,00\u00a0€.",
    );
    const missing = couponRefusalNotice(couponRefusal("nope", null, ctx())!, "EUR", "en");
    expect(createI18n("en").t(missing.message, missing.params)).toBe('Coupon "nope" does not exist!');
  });

  it("has every refusal's message in both languages", () => {
    const codes = ["coupon_missing", "coupon_expired", "coupon_already_applied", "coupon_usage_limit"];
    for (const locale of ["en", "es"] as const)
      for (const code of codes) expect(createI18n(locale).exists(`coupons.errors.${code}`)).toBe(true);
  });
});

describe("recheckApplied (WooCommerce's check_cart_coupons)", () => {
  const cart = () => {
    const { applied: _applied, customerUses: _uses, ...rest } = ctx();
    return rest;
  };
  it("keeps what still holds, in order, and takes off what no longer fits the cart, with why", () => {
    const rows = [
      coupon({ code: "a" }),
      coupon({ code: "big", minimumAmount: 9000 }),
      coupon({ code: "staff", emailRestrictions: ["*@vitrine.test"] }),
      coupon({ code: "solo", individualUse: true }),
      coupon({ code: "late" }),
    ];
    const { kept, dropped } = recheckApplied(rows, { ...cart(), email: "ada@example.com" });
    expect(kept.map((row) => row.code)).toEqual(["a", "solo"]);
    expect(dropped.map(({ row, refusal }) => [row.code, refusal.code])).toEqual([
      ["big", "coupon_minimum_spend"],
      ["staff", "coupon_not_yours"],
      ["late", "coupon_individual_use"],
    ]);
    const once = recheckApplied([coupon({ code: "x", usageLimitPerUser: 1 })], {
      ...ctx(),
      customerUses: () => 1,
    });
    expect(once.dropped[0]?.refusal.code).toBe("coupon_usage_limit");
    expect(createI18n("en").t(removedCouponNotice("big").message, removedCouponNotice("big").params)).toBe(
      'Sorry, it seems the coupon "big" is invalid - it has now been removed from your order.',
    );
  });
});

describe("toTotalsCoupon", () => {
  it("hands the engine the coupon's discount rules", () => {
    const row = coupon({
      type: "percent",
      amount: "12.5",
      productIds: [1],
      limitUsageToXItems: 2,
      freeShipping: true,
    });
    expect(toTotalsCoupon(row)).toEqual({
      code: "save10",
      type: "percent",
      amount: "12.5",
      freeShipping: true,
      productIds: [1],
      excludedProductIds: [],
      categoryIds: [],
      excludedCategoryIds: [],
      excludeSaleItems: false,
      limitUsageToItems: 2,
    });
  });
});
