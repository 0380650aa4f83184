import type { RestRequest } from "../../../lib/rest-client.ts";
import type { ReviewApiStatus, ReviewUpdateInput } from "../../../lib/review-resource.ts";

/** What a moderator can do to a review, as the queue's buttons and bulk action name it. */
export type ModerationAction = "approve" | "unapprove" | "spam" | "unspam" | "trash" | "untrash" | "delete";

/** The actions each tab offers, as WordPress's comment screen does. */
export const ACTIONS_BY_STATUS: Record<ReviewApiStatus, readonly ModerationAction[]> = {
  hold: ["approve", "spam", "trash"],
  approved: ["unapprove", "spam", "trash"],
  spam: ["unspam", "delete"],
  trash: ["untrash", "spam", "delete"],
};

const STATUS_OF: Record<Exclude<ModerationAction, "delete">, NonNullable<ReviewUpdateInput["status"]>> = {
  approve: "approved",
  unapprove: "hold",
  spam: "spam",
  unspam: "unspam",
  trash: "trash",
  untrash: "untrash",
};

/** The REST request that does `action` to review `id` (decision 0057). */
export function moderationRequest(id: number, action: ModerationAction): RestRequest {
  if (action === "delete") return { path: `/products/reviews/${id}?force=true`, method: "DELETE" };
  return {
    path: `/products/reviews/${id}`,
    method: "PUT",
    data: { status: STATUS_OF[action] } satisfies ReviewUpdateInput,
  };
}
