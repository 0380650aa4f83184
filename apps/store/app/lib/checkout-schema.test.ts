import { describe, expect, it } from "vitest";
import { addressSchema, contactSchema, emailPattern, isValidPhone } from "./checkout-schema.ts";

describe("e-mail format", () => {
  it.each([
    ["ada@example.com", true],
    ["ada@example.co.uk", true],
    ["a.b+c@sub.example.museum", true],
    ["ada@example.c", false],
    [`ada@example.${"a".repeat(64)}`, false],
    [`ada@example.${"a".repeat(63)}`, true],
    ["ada@example.c0m", false],
    ["ada@example", false],
    ["ada example@example.com", false],
    ["@example.com", false],
  ])("%s → %s", (email, valid) => {
    expect(emailPattern.test(email)).toBe(valid);
  });
});

describe("phone format", () => {
  it.each([
    ["+44 20 1234 5678", true],
    ["(555) 123-4567", true],
    ["555.123.4567", true],
    ["123456", true],
    ["12345", false],
    ["1234567890123456", false],
    ["+123456789012345", true],
    ["++123456", false],
    ["12 34 56 ab", false],
    ["123+456789", false],
  ])("%s → %s", (phone, valid) => {
    expect(isValidPhone(phone)).toBe(valid);
  });
});

describe("address", () => {
  const base = { first_name: "Ada", last_name: "L", address_1: "1 Main", city: "Madrid", postcode: "28001" };
  it.each([
    [{ ...base, country: "ES", state: "M" }, null],
    [{ ...base, country: "ES", state: "XX" }, "state"],
    [{ ...base, country: "GB", state: "" }, null],
    [{ ...base, country: "GB", state: "M" }, "state"],
    [{ ...base, country: "ZZ", state: "" }, "country"],
    [{ ...base, first_name: "  ", country: "GB" }, "first_name"],
  ])("%o → error on %s", (address, field) => {
    const result = addressSchema.safeParse(address);
    if (field === null) expect(result.success).toBe(true);
    else expect(result.error?.issues[0]?.path[0]).toBe(field);
  });

  it("names the message key of each failure", () => {
    const result = contactSchema.safeParse({ email: "x@y", phone: "12" });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      "checkout.errors.email",
      "checkout.errors.phone",
    ]);
  });
});
