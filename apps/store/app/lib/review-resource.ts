import { z } from "zod";

/**
 * Product reviews as a REST resource for moderators (issue 39), in the shape of WooCommerce's
 * `wc/v3/products/reviews`: a review's status is `hold` (waiting for approval), `approved`, `spam` or
 * `trash`; a change of status also takes `unspam` and `untrash`, which put a review back where it
 * was before.
 */

export const REVIEW_STATUSES = ["hold", "approved", "spam", "trash"] as const;
export type ReviewApiStatus = (typeof REVIEW_STATUSES)[number];

/** What `PUT /products/reviews/{id}` `{status}` may ask. */
export const REVIEW_ACTIONS = ["approved", "hold", "spam", "unspam", "trash", "untrash"] as const;
export type ReviewAction = (typeof REVIEW_ACTIONS)[number];

/** `1,2` or `product[]=1&product[]=2`, as WordPress takes a list of ids. */
const idList = z
  .union([z.string(), z.array(z.string())])
  .transform((value) =>
    (Array.isArray(value) ? value : value.split(","))
      .filter((part) => part.trim() !== "")
      .map((part) => (/^\s*\d{1,10}\s*$/.test(part) ? Number(part) : Number.NaN)),
  )
  .pipe(z.array(z.number().int().min(1).max(2_147_483_647)).max(100));

/** `GET /products/reviews`: `status` (`approved` unless said, `all` for every one), `product`, `search`. */
export const reviewListFilters = z.object({
  status: z.enum(["all", ...REVIEW_STATUSES]).default("approved"),
  product: idList.optional(),
  search: z.string().trim().max(200).optional(),
});
export type ReviewListFilters = z.infer<typeof reviewListFilters>;

/** The longest reply, in characters. */
export const REVIEW_REPLY_MAX = 5000;

/**
 * `PUT /products/reviews/{id}`: a change of status, the store's reply (Vitrine's own field: an empty
 * one takes the reply away), or both.
 */
export const reviewUpdateInput = z
  .object({
    status: z.enum(REVIEW_ACTIONS).optional(),
    reply: z.string().trim().max(REVIEW_REPLY_MAX).optional(),
  })
  .strict()
  .refine((input) => input.status !== undefined || input.reply !== undefined, {
    message: "Send a status or a reply.",
    path: ["status"],
  });
export type ReviewUpdateInput = z.infer<typeof reviewUpdateInput>;

/** `DELETE /products/reviews/{id}?force=true`: for good; without `force`, to the trash. */
export const reviewDeleteQuery = z.object({
  force: z
    .enum(["true", "false", "1", "0"])
    .optional()
    .transform((value) => value === "true" || value === "1"),
});

/** A review as the API answers it. */
export type ReviewRecord = {
  id: number;
  /** ISO 8601, UTC, as WooCommerce's `date_created_gmt` without the zone letter. */
  date_created: string;
  date_created_gmt: string;
  product_id: number;
  product_name: string;
  product_permalink: string;
  status: ReviewApiStatus;
  reviewer: string;
  reviewer_email: string;
  review: string;
  rating: number;
  /** The reviewer bought the product: a paid order of their account or their e-mail holds it. */
  verified: boolean;
  /** The store's reply, shown under the review on the product page (Vitrine's own field). */
  reply: string | null;
};

/** How many reviews each status has, for the moderation queue's tabs. */
export type ReviewCounts = Record<ReviewApiStatus | "all", number>;
