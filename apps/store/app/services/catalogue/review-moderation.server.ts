/**
 * What happens to a new review (docs/decisions/0004-reviews.md): pure, so the rules read as a table
 * and are tested as one.
 */
export type ReviewStatus = "pending" | "approved" | "spam";

export type ReviewSubmission = {
  authorName: string;
  authorEmail: string;
  body: string;
  /** The signed-in customer, or null for a guest. */
  userId: number | null;
  /** The signed-in customer has a paid (processing or completed) order with this product. */
  verifiedBuyer: boolean;
};

export type ModerationOutcome =
  | { accepted: true; status: ReviewStatus }
  | { accepted: false; reason: "guests_not_allowed" | "duplicate" };

export type ReviewSettings = {
  /** Guests (name + e-mail, no account) may review. On by default, like most shops. */
  guestReviews: boolean;
};

const linkPattern = /(https?:\/\/|www\.|<\s*a\s|\[url|\b[a-z0-9-]+\.(com|net|org|ru|xyz|info|biz|top)\b)/i;
/** Words that only ever show up in review spam here; a short list beats a clever one. */
const spamWords = [
  "viagra",
  "cialis",
  "casino",
  "crypto",
  "bitcoin",
  "forex",
  "payday",
  "loan",
  "porn",
  "escort",
  "seo service",
  "click here",
  "free money",
  "backlink",
];

export function looksLikeSpam(text: string): boolean {
  if (linkPattern.test(text)) return true;
  const lower = text.toLowerCase();
  return spamWords.some((word) => lower.includes(word));
}

/**
 * Links or spam words → spam (kept for review, never shown). A verified buyer is published at
 * once; every other review waits for a moderator. Guests are refused when the setting is off, and
 * an e-mail address reviews a product only once.
 */
export function moderateReview(
  submission: ReviewSubmission,
  context: { settings: ReviewSettings; alreadyReviewed: boolean },
): ModerationOutcome {
  if (submission.userId === null && !context.settings.guestReviews) {
    return { accepted: false, reason: "guests_not_allowed" };
  }
  if (context.alreadyReviewed) return { accepted: false, reason: "duplicate" };
  if (looksLikeSpam(`${submission.authorName}\n${submission.body}`))
    return { accepted: true, status: "spam" };
  if (submission.userId !== null && submission.verifiedBuyer) return { accepted: true, status: "approved" };
  return { accepted: true, status: "pending" };
}
