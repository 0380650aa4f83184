import { describe, expect, it } from "vitest";
import { type ModerationOutcome, moderateReview, type ReviewSubmission } from "./review-moderation.server.ts";

const guest: ReviewSubmission = {
  authorName: "Ana",
  authorEmail: "ana@example.com",
  body: "Soft and warm, fits well.",
  userId: null,
  verifiedBuyer: false,
};
const customer: ReviewSubmission = { ...guest, userId: 7 };
const buyer: ReviewSubmission = { ...customer, verifiedBuyer: true };
const open = { guestReviews: true };
const closed = { guestReviews: false };

describe("moderateReview", () => {
  it.each<[string, ReviewSubmission, { guestReviews: boolean }, boolean, ModerationOutcome]>([
    ["a guest waits for a moderator", guest, open, false, { accepted: true, status: "pending" }],
    [
      "a guest is refused when guest reviews are off",
      guest,
      closed,
      false,
      { accepted: false, reason: "guests_not_allowed" },
    ],
    [
      "a customer who has not bought it waits",
      customer,
      closed,
      false,
      { accepted: true, status: "pending" },
    ],
    ["a verified buyer is published at once", buyer, closed, false, { accepted: true, status: "approved" }],
    [
      "a second review from the same e-mail is refused",
      buyer,
      open,
      true,
      { accepted: false, reason: "duplicate" },
    ],
    [
      "a link in the text is spam",
      { ...buyer, body: "Great! see https://cheap.example" },
      open,
      false,
      { accepted: true, status: "spam" },
    ],
    [
      "a bare domain is spam",
      { ...guest, body: "buy at bestdeals.com today" },
      open,
      false,
      { accepted: true, status: "spam" },
    ],
    [
      "www. is spam",
      { ...guest, body: "visit www.example for more" },
      open,
      false,
      { accepted: true, status: "spam" },
    ],
    [
      "a spam word in the text is spam",
      { ...guest, body: "Best CASINO bonus" },
      open,
      false,
      { accepted: true, status: "spam" },
    ],
    [
      "a spam word in the name is spam",
      { ...guest, authorName: "Payday loans" },
      open,
      false,
      { accepted: true, status: "spam" },
    ],
    [
      "an ordinary sentence with a full stop is not spam",
      { ...guest, body: "Nice mug. Holds a lot." },
      open,
      false,
      { accepted: true, status: "pending" },
    ],
  ])("%s", (_name, submission, settings, alreadyReviewed, expected) => {
    expect(moderateReview(submission, { settings, alreadyReviewed })).toEqual(expected);
  });
});
