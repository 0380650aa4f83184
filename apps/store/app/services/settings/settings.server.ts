import { createHash } from "node:crypto";
import { isDeepStrictEqual } from "node:util";
import { type Database, pages, settings, type Transaction, taxClasses } from "@vitrine/db";
import { eq, inArray } from "drizzle-orm";
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
  constructor(readonly key: string) {
    super(`Invalid value for the store setting ${key}.`);
  }
}

/** A patch with each masked secret (settings read, changed and sent back) put back as stored. */
function keepMaskedSecrets(patch: Record<string, unknown>, stored: StoreSettings): Record<string, unknown> {
  const feed = patch.photo_feed as { graph?: { token?: unknown } } | undefined;
  if (feed?.graph?.token !== MASKED_SECRET) return patch;
  return {
    ...patch,
    photo_feed: { ...feed, graph: { ...feed.graph, token: stored.photo_feed.graph.token } },
  };
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
 */
export async function updateStoreSettings(
  db: Database,
  patch: Record<string, unknown>,
): Promise<StoreSettings> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ value: settings.value })
      .from(settings)
      .where(eq(settings.key, "store"))
      .for("update");
    const stored = isPlainObject(row?.value) ? row.value : {};
    const before = parseStoreSettings(stored);
    const change = keepMaskedSecrets(patch, before);
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
