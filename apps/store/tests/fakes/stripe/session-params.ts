import { invalid, missing, type ParamReader } from "./form-params.ts";
import { formatAmount } from "./hosted-page.ts";
import { nowSeconds, type SessionLine, stripeId } from "./stripe-objects.ts";

/**
 * The parameters of `POST /v1/checkout/sessions` that the fake takes, checked as Stripe checks them
 * (required fields, integer amounts, one currency, `expires_at` between 30 minutes and 24 hours,
 * Stripe's minimum and maximum charge); anything else it refuses as an unknown parameter.
 */

export type SessionInput = {
  created: number;
  expiresAt: number;
  successUrl: string;
  cancelUrl: string | null;
  currency: string;
  lines: SessionLine[];
  shipping: Array<{ displayName: string; amount: number; rate: string }>;
  subtotal: number;
  total: number;
  customerEmail: string | null;
  reference: string | null;
  metadata: Record<string, string>;
  intentMetadata: Record<string, string>;
  intentDescription: string | null;
  locale: (typeof LOCALES)[number] | null;
};

// biome-ignore format: a list, not a structure
const LOCALES = [
  "auto", "bg", "cs", "da", "de", "el", "en", "en-GB", "es", "es-419", "et", "fi", "fil", "fr", "fr-CA",
  "hi-IN", "hr", "hu", "id", "it", "ja", "ko", "lt", "lv", "ms", "mt", "nb", "nl", "pl", "pt", "pt-BR",
  "ro", "ru", "sk", "sl", "sv", "th", "tr", "vi", "zh", "zh-HK", "zh-TW",
] as const;

/** Stripe's minimum charge per currency (docs: "Minimum and maximum charge amounts"); 50 otherwise. */
// biome-ignore format: a table
const MINIMUM_CHARGE: Record<string, number> = {
  usd: 50, eur: 50, gbp: 30, aud: 50, brl: 50, cad: 50, chf: 50, czk: 1500, dkk: 250, hkd: 400,
  huf: 17500, inr: 50, jpy: 50, mxn: 1000, myr: 200, nok: 300, nzd: 50, pln: 200, ron: 200, sek: 300,
  sgd: 50, thb: 1000,
};
const MAXIMUM_CHARGE = 99_999_999;
const MINUTE = 60;
const TAX_BEHAVIOURS = ["exclusive", "inclusive", "unspecified"] as const;

function urlParam(reader: ParamReader, key: string, required: boolean): string | null {
  const value = required ? reader.requiredString(key) : reader.string(key);
  if (value === undefined) return null;
  let protocol = "";
  try {
    protocol = new URL(value).protocol;
  } catch {}
  if (!["http:", "https:"].includes(protocol) || value.length > 5000)
    throw invalid("Not a valid URL", key, "url_invalid");
  return value;
}

export function currencyParam(reader: ParamReader, key: string, name: string): string {
  const value = reader.requiredString(key);
  if (!/^[a-z]{3}$/.test(value)) throw invalid(`Invalid currency: ${value}`, name);
  return value;
}

function readLine(line: ParamReader, at: number): SessionLine {
  const name = `line_items[${at}]`;
  line.only("price", "price_data", "quantity", "metadata");
  if (line.has("price"))
    throw invalid(`No such price: '${line.string("price")}'`, `${name}[price]`, "resource_missing");
  line.metadata();
  const price = line.object("price_data");
  if (!price)
    throw invalid("You must provide either price or price_data for each line item when using prices.", name);
  price.only("currency", "product_data", "unit_amount", "tax_behavior");
  price.oneOf("tax_behavior", TAX_BEHAVIOURS);
  const currency = currencyParam(price, "currency", `${name}[price_data][currency]`);
  const unitAmount = price.requiredInteger("unit_amount", 0);
  const product = price.requiredObject("product_data");
  product.only("name", "description", "metadata", "images");
  const productName = product.requiredString("name");
  product.string("description");
  product.metadata();
  const quantity = line.requiredInteger("quantity", 1);
  return { name: productName, unitAmount, quantity, currency };
}

function readShipping(option: ParamReader, at: number, currency: string) {
  const name = `shipping_options[${at}]`;
  option.only("shipping_rate", "shipping_rate_data");
  if (option.has("shipping_rate")) {
    const rate = option.string("shipping_rate");
    throw invalid(`No such shipping rate: '${rate}'`, `${name}[shipping_rate]`, "resource_missing");
  }
  const rate = option.requiredObject("shipping_rate_data");
  rate.only("display_name", "type", "fixed_amount", "metadata", "tax_behavior");
  rate.oneOf("type", ["fixed_amount"]);
  rate.oneOf("tax_behavior", TAX_BEHAVIOURS);
  rate.metadata();
  const displayName = rate.requiredString("display_name");
  const fixed = rate.requiredObject("fixed_amount");
  fixed.only("amount", "currency");
  const amount = fixed.requiredInteger("amount", 0);
  const currencyName = `${name}[shipping_rate_data][fixed_amount][currency]`;
  const rateCurrency = currencyParam(fixed, "currency", currencyName);
  if (rateCurrency !== currency) {
    throw invalid(
      `The shipping rate's currency (${rateCurrency}) must match the session's (${currency}).`,
      currencyName,
    );
  }
  return { displayName, amount, rate: stripeId("shr") };
}

export function readSessionParams(params: ParamReader): SessionInput {
  params.only(
    ...["cancel_url", "client_reference_id", "currency", "customer_email", "expand", "expires_at"],
    ...["line_items", "locale", "metadata", "mode", "payment_intent_data", "payment_method_types"],
    ...["shipping_options", "success_url", "ui_mode"],
  );
  params.expand([]);
  const mode = params.oneOf("mode", ["payment", "setup", "subscription"]);
  if (mode === undefined) throw missing("mode");
  if (mode !== "payment") throw invalid(`The Stripe fake takes mode=payment only, not ${mode}.`, "mode");
  params.oneOf("ui_mode", ["hosted_page"]);
  const successUrl = urlParam(params, "success_url", true)!;
  const cancelUrl = urlParam(params, "cancel_url", false);
  if (params.strings("payment_method_types")?.some((method) => method !== "card")) {
    throw invalid(
      "The Stripe fake takes cards only: payment_method_types may hold card alone.",
      "payment_method_types",
    );
  }

  const lineParams = params.list("line_items");
  if (!lineParams || lineParams.length === 0) throw missing("line_items");
  if (lineParams.length > 100) throw invalid("You can have at most 100 line items.", "line_items");
  const lines = lineParams.map(readLine);
  const currency = params.has("currency")
    ? currencyParam(params, "currency", "currency")
    : lines[0]!.currency;
  lines.forEach((line, at) => {
    if (line.currency !== currency) {
      throw invalid(
        `All line items must use the same currency: line_items[${at}] is in ${line.currency}, the session in ${currency}.`,
        `line_items[${at}][price_data][currency]`,
      );
    }
  });
  const shippingParams = params.list("shipping_options") ?? [];
  if (shippingParams.length > 5)
    throw invalid("You can have at most 5 shipping options.", "shipping_options");
  const shipping = shippingParams.map((option, at) => readShipping(option, at, currency));
  // The shopper's page starts on the first shipping option, and so does the total.
  const subtotal = lines.reduce((sum, line) => sum + line.unitAmount * line.quantity, 0);
  const total = subtotal + (shipping[0]?.amount ?? 0);
  const minimum = MINIMUM_CHARGE[currency] ?? 50;
  if (total < minimum) {
    throw invalid(
      `The Checkout Session's total amount due must add up to at least ${formatAmount(minimum, currency, "en")} ${currency}`,
      undefined,
      "amount_too_small",
    );
  }
  if (total > MAXIMUM_CHARGE) {
    throw invalid(
      `Amount must be no more than ${formatAmount(MAXIMUM_CHARGE, currency, "en")}`,
      undefined,
      "amount_too_large",
    );
  }

  const customerEmail = params.string("customer_email") ?? null;
  if (customerEmail !== null && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(customerEmail)) {
    throw invalid(`Invalid email address: ${customerEmail}`, "customer_email", "email_invalid");
  }
  const reference = params.string("client_reference_id") ?? null;
  if (reference !== null && reference.length > 200) {
    throw invalid("client_reference_id can be at most 200 characters long.", "client_reference_id");
  }
  const intentData = params.object("payment_intent_data");
  intentData?.only("metadata", "description");
  const created = nowSeconds();
  const expiresAt = params.integer("expires_at") ?? created + 24 * 60 * MINUTE;
  if (expiresAt < created + 30 * MINUTE) {
    throw invalid(
      "The `expires_at` timestamp must be at least 30 minutes from Checkout Session creation.",
      "expires_at",
    );
  }
  if (expiresAt > created + 24 * 60 * MINUTE) {
    throw invalid(
      "The `expires_at` timestamp must be less than 24 hours from Checkout Session creation.",
      "expires_at",
    );
  }
  return {
    created,
    expiresAt,
    successUrl,
    cancelUrl,
    currency,
    lines,
    shipping,
    subtotal,
    total,
    customerEmail,
    reference,
    metadata: params.metadata(),
    intentMetadata: intentData?.metadata() ?? {},
    intentDescription: intentData?.string("description") ?? null,
    locale: params.oneOf("locale", LOCALES) ?? null,
  };
}
