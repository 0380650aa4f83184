import { ATTRIBUTION_FIELDS, type AttributionField, deviceType, originLabel } from "@vitrine/attribution";
import { orderAttribution, type Transaction } from "@vitrine/db";

export type CleanAttribution = Partial<Record<AttributionField, string>>;

export class AttributionError extends Error {
  override name = "AttributionError";
  constructor(readonly field: string) {
    super(`Invalid attribution field: ${field} must be a string or null.`);
  }
}

const URL_FIELDS: ReadonlySet<string> = new Set(["referrer", "session_entry", "user_agent"]);

/**
 * Checks and cleans the order attribution record as it arrives from the browser: each field a
 * string or null (anything else is refused, naming the field), trimmed, without markup or control
 * characters, capped in length; `(none)` and blanks dropped. Unknown keys are ignored.
 */
export function cleanAttribution(input: unknown): CleanAttribution {
  if (input === undefined || input === null) return {};
  if (typeof input !== "object" || Array.isArray(input))
    throw new AttributionError("woocommerce/order-attribution");
  const clean: CleanAttribution = {};
  for (const field of ATTRIBUTION_FIELDS) {
    const value = (input as Record<string, unknown>)[field];
    if (value === undefined || value === null) continue;
    if (typeof value !== "string") throw new AttributionError(field);
    const text = value
      .replace(/<[^>]*>?/g, "")
      // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point.
      .replace(/[\u0000-\u001f\u007f]/g, "")
      .trim()
      .slice(0, URL_FIELDS.has(field) ? 1000 : 200);
    if (text === "" || text === "(none)") continue;
    clean[field] = text;
  }
  return clean;
}

/** The classic form's hidden inputs (`wc_order_attribution_{field}`) as a record. */
export function attributionFromForm(fields: Record<string, string>): Record<string, string> {
  const record: Record<string, string> = {};
  for (const field of ATTRIBUTION_FIELDS) {
    const value = fields[`wc_order_attribution_${field}`];
    if (value !== undefined) record[field] = value;
  }
  return record;
}

/** Stores the record with its origin label and device type; nothing when every value is empty. */
export async function saveAttribution(
  tx: Transaction,
  orderId: number,
  record: CleanAttribution,
): Promise<void> {
  if (Object.keys(record).length === 0) return;
  await tx
    .insert(orderAttribution)
    .values({
      orderId,
      sourceType: record.source_type ?? null,
      referrer: record.referrer ?? null,
      utmCampaign: record.utm_campaign ?? null,
      utmSource: record.utm_source ?? null,
      utmMedium: record.utm_medium ?? null,
      utmContent: record.utm_content ?? null,
      utmId: record.utm_id ?? null,
      utmTerm: record.utm_term ?? null,
      utmSourcePlatform: record.utm_source_platform ?? null,
      utmCreativeFormat: record.utm_creative_format ?? null,
      utmMarketingTactic: record.utm_marketing_tactic ?? null,
      sessionEntry: record.session_entry ?? null,
      sessionStartTime: record.session_start_time ?? null,
      sessionPages: record.session_pages ?? null,
      sessionCount: record.session_count ?? null,
      userAgent: record.user_agent ?? null,
      deviceType: record.user_agent ? deviceType(record.user_agent) : null,
      origin: originLabel(record.source_type, record.utm_source),
    })
    // An order that already has its attribution keeps it.
    .onConflictDoNothing();
}
