import { z } from "zod";
import { slugOfText } from "./slugs.ts";
import type { TaxRate } from "./totals/totals-types.ts";

/**
 * Tax classes and rates as REST resources, in the shape of WooCommerce's `wc/v3/taxes` and
 * `wc/v3/taxes/classes` (issue 41, decision 0067): what a save may send and what a read answers.
 * The standard class is slug "" in the store and "standard" in the API, as in WooCommerce.
 */

/** ISO 3166-1 alpha-2 codes (and Kosovo's XK, which WooCommerce lists). */
const ISO_COUNTRIES = new Set(
  (
    "AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS " +
    "BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE " +
    "EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM " +
    "HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC " +
    "LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA " +
    "NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW " +
    "SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO " +
    "TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS XK YE YT ZA ZM ZW"
  ).split(" "),
);

export const STANDARD_CLASS_SLUG = "standard";

/** A class's slug as the API names it: "standard" for the store's "". */
export const apiClassSlug = (slug: string) => (slug === "" ? STANDARD_CLASS_SLUG : slug);
/** A class's slug as the store keeps it: "" for the API's "standard". */
export const storedClassSlug = (slug: string) => (slug === STANDARD_CLASS_SLUG ? "" : slug);

/** A class's slug: lowercase letters, digits and single hyphens, as WordPress's sanitize_title makes them. */
export const taxClassSlug = z
  .string()
  .trim()
  .max(40)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);

/** A country code, upper-cased; "" (or WooCommerce's "*") is every country. */
export const taxCountry = z
  .string()
  .trim()
  .toUpperCase()
  .transform((code) => (code === "*" ? "" : code))
  .refine((code) => code === "" || ISO_COUNTRIES.has(code));

/** A state code, upper-cased; "" (or "*") is every state. */
export const taxState = z
  .string()
  .trim()
  .toUpperCase()
  .max(30)
  .transform((code) => (code === "*" ? "" : code))
  .refine((code) => /^[A-Z0-9-]*$/.test(code));

/** A postcode: exact, with a trailing "*" wildcard, or a numeric range "1000...1999" (WooCommerce's forms). */
export const taxPostcode = z
  .string()
  .trim()
  .toUpperCase()
  .max(40)
  .refine((code) => {
    const range = /^(\d+)\.\.\.(\d+)$/.exec(code);
    if (range) return Number(range[1]) <= Number(range[2]);
    return /^[A-Z0-9][A-Z0-9 -]*\*?$/.test(code);
  });

export const taxCity = z.string().trim().toUpperCase().min(1).max(100);

/**
 * A rate in percent between 0 and 100 with up to four decimals, as a string or a number (WooCommerce
 * answers "21.0000" and takes either), kept as four decimals: "21" → "21.0000". Never a float's sum.
 */
export const taxRatePercent = z
  .union([z.string().trim(), z.number().finite().nonnegative()])
  .transform((value) => (typeof value === "number" ? String(value) : value))
  .refine((text) => /^\d{1,3}(\.\d{1,4})?$/.test(text))
  .transform((text) => {
    const [whole = "0", fraction = ""] = text.split(".");
    return `${Number(whole)}.${fraction.padEnd(4, "0")}`;
  })
  .refine((text) => Number(text.split(".")[0]) < 100 || text === "100.0000");

/** A list given as WooCommerce's deprecated single field: values separated by ";". */
export const splitList = (text: string) =>
  text
    .split(";")
    .map((part) => part.trim())
    .filter((part) => part !== "" && part !== "*");

const rateFields = {
  country: taxCountry,
  state: taxState,
  postcodes: z.array(taxPostcode).max(1000),
  cities: z.array(taxCity).max(1000),
  rate: taxRatePercent,
  name: z.string().trim().max(200),
  priority: z.number().int().min(0).max(1000),
  compound: z.boolean(),
  shipping: z.boolean(),
  order: z.number().int().min(0).max(1_000_000),
  class: z.union([z.literal(STANDARD_CLASS_SLUG), taxClassSlug]),
  /** Deprecated by WooCommerce 5.3 for `postcodes` and `cities`; still taken, ";"-separated. */
  postcode: z.string().max(10_000),
  city: z.string().max(10_000),
};

/**
 * `POST /taxes`, `PUT /taxes/{id}`: every field optional (a creation takes WooCommerce's defaults:
 * every place, priority 1, shipping taxed, the standard class). `postcode`/`city` stand for
 * `postcodes`/`cities` when those are not given.
 */
export const taxRateInput = z
  .object(rateFields)
  .partial()
  .strict()
  .superRefine((input, context) => {
    for (const [list, single, item] of [
      ["postcodes", "postcode", taxPostcode],
      ["cities", "city", taxCity],
    ] as const) {
      if (input[list] !== undefined || input[single] === undefined) continue;
      const values = splitList(input[single]);
      if (!values.every((value) => item.safeParse(value).success))
        context.addIssue({ code: "custom", path: [single], message: `Invalid parameter: ${single}` });
    }
  })
  .transform(({ postcode, city, ...input }) => ({
    ...input,
    postcodes: input.postcodes ?? (postcode === undefined ? undefined : splitList(postcode).map(upper)),
    cities: input.cities ?? (city === undefined ? undefined : splitList(city).map(upper)),
    class: input.class === undefined ? undefined : storedClassSlug(input.class),
  }));
export type TaxRateInput = z.infer<typeof taxRateInput>;

function upper(text: string): string {
  return text.toUpperCase();
}

/** The fields a rate has once created: every one set. */
export type TaxRateFields = Omit<TaxRate, "id">;

export const TAX_RATE_DEFAULTS: TaxRateFields = {
  class: "",
  country: "",
  state: "",
  postcodes: [],
  cities: [],
  rate: "0.0000",
  name: "",
  priority: 1,
  compound: false,
  shipping: true,
  order: 0,
};

/** `POST /taxes/batch`: WooCommerce's batch, at most 100 changes in all. */
export const taxBatchInput = z
  .object({
    create: z.array(z.unknown()).max(100).default([]),
    update: z
      .array(z.object({ id: z.number().int().min(1) }).passthrough())
      .max(100)
      .default([]),
    delete: z.array(z.number().int().min(1)).max(100).default([]),
  })
  .strict()
  .refine((batch) => batch.create.length + batch.update.length + batch.delete.length <= 100);

/** `GET /taxes`: WooCommerce's filters besides the page. */
export const taxListQuery = z.object({
  class: z.union([z.literal(STANDARD_CLASS_SLUG), taxClassSlug]).optional(),
  orderby: z.enum(["id", "order", "priority"]).default("order"),
  order: z.enum(["asc", "desc"]).default("asc"),
});

/**
 * A rate as `GET /taxes` answers it (WooCommerce's `wc/v3` shape): the engine's rate, with the
 * class named as the API names it and WooCommerce's deprecated single postcode and city.
 */
export type TaxRateRecord = Omit<TaxRate, "class"> & {
  /** Deprecated by WooCommerce for `postcodes`: its last postcode, or "". */
  postcode: string;
  /** Deprecated by WooCommerce for `cities`: its last city, or "". */
  city: string;
  /** "standard" for the standard class. */
  class: string;
};

export function taxRateRecord(rate: TaxRate): TaxRateRecord {
  return {
    id: rate.id,
    country: rate.country,
    state: rate.state,
    postcode: rate.postcodes.at(-1) ?? "",
    city: rate.cities.at(-1) ?? "",
    postcodes: rate.postcodes,
    cities: rate.cities,
    rate: rate.rate,
    name: rate.name,
    priority: rate.priority,
    compound: rate.compound,
    shipping: rate.shipping,
    order: rate.order,
    class: apiClassSlug(rate.class),
  };
}

/** `POST /taxes/classes`: a name, and a slug made from it when none is given. */
export const taxClassInput = z
  .object({ name: z.string().trim().min(1).max(100), slug: taxClassSlug.optional() })
  .strict();
export type TaxClassInput = z.infer<typeof taxClassInput>;

/** A class as `GET /taxes/classes` answers it; the standard class comes first, slug "standard". */
export type TaxClassRecord = { slug: string; name: string };

/** A name as a tax class's slug (at most 40 characters): "Reduced rate" → "reduced-rate". */
export function slugFromName(name: string): string {
  return slugOfText(name, 40);
}
