/**
 * A cookie scripts can read that says who is signed in, set and cleared with the session's sign-in.
 * Catalogue pages are one shared HTML for every shopper who is not staff, so the parts that differ
 * for a signed-in customer (the account menu, the review form) follow this hint in the browser. The
 * server trusts it for one thing only: `staff` skips the shared page cache, so editors see their own
 * render; a forged hint gains nothing but uncached pages.
 */
export const ACCOUNT_HINT_COOKIE = "vitrine_account";

export type AccountHint = "customer" | "staff";

/** The hint in a `Cookie` header or `document.cookie`; null when absent or not one of the two. */
export function accountHintOf(cookieString: string | null | undefined): AccountHint | null {
  for (const part of (cookieString ?? "").split(";")) {
    const [name, value] = part.trim().split("=");
    if (name === ACCOUNT_HINT_COOKIE && (value === "customer" || value === "staff")) return value;
  }
  return null;
}

/** Staff are every role that is not a customer's (editors and administrators). */
export function accountHintForRole(role: string): AccountHint {
  return role === "customer" ? "customer" : "staff";
}
