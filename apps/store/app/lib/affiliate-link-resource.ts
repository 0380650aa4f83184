import { z } from "zod";

/**
 * The affiliate link as a REST resource (`/api/vitrine/v2/affiliate-links`, decision 0035): what a
 * save sends. Kept apart from `affiliate-links.ts`, which every page loads, so no page carries Zod
 * for it. The REST route parses with it and the service takes its type.
 */

/** A target is an absolute http(s) address of another site: the owner's partner. */
export const affiliateTarget = z
  .string()
  .trim()
  .max(2000)
  .refine((value) => {
    try {
      return ["http:", "https:"].includes(new URL(value).protocol);
    } catch {
      return false;
    }
  }, "An affiliate link leads to an http(s) address.");

/** `POST /affiliate-links`: a new link. */
export const affiliateLinkInput = z
  .object({ slug: z.string().max(200), target_url: affiliateTarget })
  .strict();
/** `PUT /affiliate-links/{slug}`: a new target (the slug is the address's). */
export const affiliateLinkChange = affiliateLinkInput.omit({ slug: true }).strict();

export type AffiliateLinkInput = z.infer<typeof affiliateLinkInput>;
export type AffiliateLinkChange = z.infer<typeof affiliateLinkChange>;
