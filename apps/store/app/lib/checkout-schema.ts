import { z } from "zod";

/**
 * The checkout's one schema, used by the server and by the browser. Messages are translation keys
 * (`checkout.errors.*`) so each side shows them in the shopper's language.
 */

/** Spec §5: a top-level domain of 2–63 letters. */
export const emailPattern = /^[^\s@]+@[^\s@]+\.[A-Za-z]{2,63}$/;

/** Spec §5: 6–15 digits with an optional leading +, after removing - . ( ) and spaces. */
export function isValidPhone(value: string): boolean {
  return /^\+?\d{6,15}$/.test(value.replace(/[-.()\s]/g, ""));
}

/** Countries offered at checkout, with the states the address form asks for where a country has them. */
export const countries = {
  US: ["AL", "AK", "AZ", "CA", "CO", "FL", "GA", "IL", "MA", "NY", "OR", "TX", "WA"],
  ES: ["A", "B", "M", "MA", "SE", "V", "Z"],
  MX: ["AGU", "BCN", "CMX", "JAL", "NLE", "PUE", "YUC"],
  GB: [],
  FR: [],
  DE: [],
} as const satisfies Record<string, readonly string[]>;
export type Country = keyof typeof countries;

const text = (max: number) => z.string().trim().max(max, "checkout.errors.too_long");
const required = (max: number) => text(max).min(1, "checkout.errors.required");

export const addressSchema = z
  .object({
    first_name: required(100),
    last_name: required(100),
    company: text(100).default(""),
    address_1: required(200),
    address_2: text(200).default(""),
    city: required(100),
    state: text(50).default(""),
    postcode: required(20),
    country: z.enum(Object.keys(countries) as [Country, ...Country[]], {
      message: "checkout.errors.country",
    }),
  })
  .superRefine((address, context) => {
    const states: readonly string[] = Object.hasOwn(countries, address.country)
      ? countries[address.country]
      : [];
    if (states.length > 0 && !states.includes(address.state)) {
      context.addIssue({ code: "custom", path: ["state"], message: "checkout.errors.state" });
    }
    if (states.length === 0 && address.state !== "") {
      context.addIssue({ code: "custom", path: ["state"], message: "checkout.errors.state" });
    }
  });

export const contactSchema = z.object({
  email: required(254).regex(emailPattern, "checkout.errors.email"),
  phone: required(40).refine(isValidPhone, "checkout.errors.phone"),
});
