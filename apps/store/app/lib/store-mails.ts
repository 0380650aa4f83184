import { z } from "zod";

/**
 * The mails the store sends (issue 40, decision 0062), WooCommerce's set, each with whom it goes to:
 * the owner (the recipients in the settings) or the order's shopper. The order of the list is the
 * back office's order. The server checks this list against the outbox's kinds (`mailKinds`).
 */
export const STORE_MAILS = [
  { kind: "new_order", to: "owner" },
  { kind: "cancelled_order", to: "owner" },
  { kind: "failed_order", to: "owner" },
  { kind: "low_stock", to: "owner" },
  { kind: "no_stock", to: "owner" },
  { kind: "backorder", to: "owner" },
  { kind: "payment_dispute", to: "owner" },
  { kind: "order_confirmation", to: "shopper" },
  { kind: "customer_on_hold_order", to: "shopper" },
  { kind: "customer_processing_order", to: "shopper" },
  { kind: "customer_completed_order", to: "shopper" },
  { kind: "customer_refunded_order", to: "shopper" },
  { kind: "customer_note", to: "shopper" },
  { kind: "customer_new_account", to: "shopper" },
] as const;

export type StoreMailKind = (typeof STORE_MAILS)[number]["kind"];
export const STORE_MAIL_KINDS = STORE_MAILS.map((mail) => mail.kind) as StoreMailKind[];

export function isStoreMailKind(value: string): value is StoreMailKind {
  return (STORE_MAIL_KINDS as string[]).includes(value);
}

/** The brand colour of a fresh store's mails: the storefront's own (`--color-brand`). */
export const DEFAULT_MAIL_COLOUR = "#0f5c4d";

/** One address, or several separated by commas (WooCommerce's "Recipient(s)"). */
export function isRecipientListOrEmpty(value: string): boolean {
  if (value === "") return true;
  const addresses = value.split(",").map((address) => address.trim());
  return (
    addresses.length <= 10 &&
    addresses.every((address) => /^[^<>\s@",]+@[^<>\s@",]+\.[^<>\s@",]+$/.test(address))
  );
}

/** A picture's address the mails can show: https (or http), or a path on the store itself. */
function isImageAddressOrEmpty(value: string): boolean {
  if (value === "" || /^\/(?!\/)[^\s"<>]*$/.test(value)) return true;
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:";
  } catch {
    return false;
  }
}

const allOn = Object.fromEntries(STORE_MAIL_KINDS.map((kind) => [kind, true])) as Record<
  StoreMailKind,
  boolean
>;

/**
 * The mails' settings: which are sent (all, as in a fresh WooCommerce), who gets the owner's
 * (empty: the first administrator's address), and the look of every mail (a logo above the store's
 * name, and the colour of its band, headings and links). The sender stays `mail_from`.
 */
export const mailSettingsSchema = z
  .object({
    enabled: z
      .object(
        Object.fromEntries(STORE_MAIL_KINDS.map((kind) => [kind, z.boolean().catch(true)])) as Record<
          StoreMailKind,
          z.ZodCatch<z.ZodBoolean>
        >,
      )
      .catch(allOn),
    recipient: z.string().trim().max(500).refine(isRecipientListOrEmpty).catch(""),
    logo: z.string().trim().max(500).refine(isImageAddressOrEmpty).catch(""),
    colour: z
      .string()
      .regex(/^#[0-9a-fA-F]{6}$/)
      .catch(DEFAULT_MAIL_COLOUR),
  })
  .catch({ enabled: allOn, recipient: "", logo: "", colour: DEFAULT_MAIL_COLOUR });
export type MailSettings = z.infer<typeof mailSettingsSchema>;
