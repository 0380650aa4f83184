import { createHash } from "node:crypto";
import { isDeepStrictEqual } from "node:util";
import { type Database, pages, settings, type Transaction, taxClasses } from "@vitrine/db";
import { eq, inArray } from "drizzle-orm";
import { type InstalledSecrets, maskSecret } from "../../lib/masked-secrets.ts";
import {
  isPlainObject,
  MASKED_SECRET,
  mergedSettings,
  parseStoreSettings,
  refusedSettingsKey,
  type StoreSettings,
} from "../../lib/settings-resource.ts";
import type { LegalPageKind } from "../../lib/store-settings.ts";

/**
 * The store's settings, stored as one JSON value: read with a fallback for each value, changed by a
 * patch that the settings' schema (lib/settings-resource.ts) checks key by key.
 */

export async function loadStoreSettings(db: Database): Promise<StoreSettings> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, "store"));
  return parseStoreSettings(row?.value);
}

export class SettingsError extends Error {
  override name = "SettingsError";
  constructor(
    readonly key: string,
    message = `Invalid value for the store setting ${key}.`,
  ) {
    super(message);
  }
}

/** A patch with each masked secret (settings read, changed and sent back) put back as stored. */
function keepMaskedSecrets(
  patch: Record<string, unknown>,
  stored: StoreSettings,
  installed: InstalledSecrets,
): Record<string, unknown> {
  const feed = patch.photo_feed as { graph?: { token?: unknown } } | undefined;
  const kept =
    feed?.graph?.token === MASKED_SECRET
      ? { ...patch, photo_feed: { ...feed, graph: { ...feed.graph, token: stored.photo_feed.graph.token } } }
      : patch;
  const payments = kept.payments;
  if (!isPlainObject(payments) || !isPlainObject(payments.stripe)) return kept;
  return {
    ...kept,
    payments: { ...payments, stripe: keptStripeSecrets(payments.stripe, stored, installed) },
  };
}

/** Stripe's secrets in a patch, and the variable that sets each instead when the installation does. */
const STRIPE_SECRETS = [
  { field: "secret_key", installed: "secretKey", variable: "STRIPE_SECRET_KEY" },
  { field: "webhook_secret", installed: "webhookSecret", variable: "STRIPE_WEBHOOK_SECRET" },
] as const;

/**
 * Stripe's part of a patch (decision 0073): a key sent back masked, as the resource showed it, is the
 * stored key; "" clears it; a new key replaces it. A key the installation sets cannot be changed
 * here: it may only come back masked, or be left out. What the resource only says (`*_source`) goes.
 */
function keptStripeSecrets(
  given: Record<string, unknown>,
  stored: StoreSettings,
  installed: InstalledSecrets,
): Record<string, unknown> {
  const { secret_key_source: _secretSource, webhook_secret_source: _webhookSource, ...stripe } = given;
  for (const { field, installed: name, variable } of STRIPE_SECRETS) {
    const value = stripe[field];
    if (value === undefined) continue;
    const fromEnvironment = installed[name];
    if (fromEnvironment) {
      if (value !== maskSecret(fromEnvironment))
        throw new SettingsError(
          `payments.stripe.${field}`,
          `The store setting payments.stripe.${field} is set by the installation (${variable}): send it back as answered, or leave it out.`,
        );
      delete stripe[field];
    } else if (value !== "" && value === maskSecret(stored.payments.stripe[field])) {
      stripe[field] = stored.payments.stripe[field];
    }
  }
  return stripe;
}

/**
 * The store notice's id for its text: a new text gets a new id, so shoppers who dismissed the old
 * notice see the new one (spec §4; WooCommerce names it by the text's MD5 too).
 */
export function storeNoticeIdFor(text: { en: string; es: string }): string {
  return createHash("md5").update(`${text.en}\u0000${text.es}`).digest("hex");
}

/** A notice whose text changes without a new id given gets the new text's id. */
function renewNoticeId(change: Record<string, unknown>, before: StoreSettings, after: StoreSettings) {
  const given = isPlainObject(change.store_notice) ? change.store_notice : undefined;
  if (!given || isDeepStrictEqual(before.store_notice.text, after.store_notice.text)) return after;
  if (typeof given.id === "string" && given.id !== before.store_notice.id) return after;
  return { ...after, store_notice: { ...after.store_notice, id: storeNoticeIdFor(after.store_notice.text) } };
}

/**
 * A legal page newly named must be one of the store's pages: the privacy policy may be a draft (it
 * is linked once published), the terms must be published, as the checkout asks for them at once
 * (decision 0064). One named before and deleted or unpublished since does not stop other changes.
 */
async function checkLegalPages(tx: Transaction, before: StoreSettings, after: StoreSettings) {
  const named = new Map<number, LegalPageKind>();
  for (const [kind, id] of Object.entries(after.legal_pages) as Array<[LegalPageKind, number | null]>)
    if (id !== null && id !== before.legal_pages[kind]) named.set(id, kind);
  if (named.size === 0) return;
  const found = await tx
    .select({ id: pages.id, status: pages.status })
    .from(pages)
    .where(inArray(pages.id, [...named.keys()]));
  const usable = found.filter((page) => page.status === "publish" || named.get(page.id) !== "terms");
  if (usable.length < named.size) throw new SettingsError("legal_pages");
}

/** Shipping's tax class, newly named, must be one of the store's (decision 0067). */
async function checkShippingTaxClass(tx: Transaction, before: StoreSettings, after: StoreSettings) {
  const slug = after.taxes.shippingTaxClass;
  if (slug === before.taxes.shippingTaxClass || slug === "inherit" || slug === "") return;
  const [found] = await tx.select({ id: taxClasses.id }).from(taxClasses).where(eq(taxClasses.slug, slug));
  if (!found) throw new SettingsError("taxes");
}

/**
 * Changes some store settings and answers them all. A patch names what it changes at any depth
 * (`{"payments": {"cod": {"enabled": false}}}`). The schema that reads stored settings (with a
 * fallback for each value) checks the change too: a key it does not know, or a value it would not
 * keep as given, is refused with the key's name rather than quietly replaced by a default.
 * `installed`: the secrets the installation sets (`config.stripe`), which the patch may not change.
 */
export async function updateStoreSettings(
  db: Database,
  patch: Record<string, unknown>,
  installed: InstalledSecrets = {},
): Promise<StoreSettings> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ value: settings.value })
      .from(settings)
      .where(eq(settings.key, "store"))
      .for("update");
    const stored = isPlainObject(row?.value) ? row.value : {};
    const before = parseStoreSettings(stored);
    const change = keepMaskedSecrets(patch, before, installed);
    const refused = refusedSettingsKey(before, change);
    if (refused !== null) throw new SettingsError(refused);
    const next = renewNoticeId(change, before, mergedSettings(before, change));
    await checkLegalPages(tx, before, next);
    await checkShippingTaxClass(tx, before, next);
    await tx
      .insert(settings)
      .values({ key: "store", value: next })
      .onConflictDoUpdate({ target: settings.key, set: { value: next, updatedAt: new Date() } });
    return next;
  });
}
