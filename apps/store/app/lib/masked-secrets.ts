/**
 * How the settings resource shows a secret it keeps (issue 42, decision 0073): never whole. A Stripe
 * key keeps its kind ("sk_test_", "whsec_") and its last four characters, as Stripe's dashboard shows
 * it, so the owner can tell which key is set without anyone reading it: "sk_test_…4242". A masked
 * value holds "…", which no key does, so it can never be saved in a key's place.
 */

/** The part of a Stripe key that says its kind and mode. */
const KEY_KIND = /^(?:(?:sk|rk|pk)_(?:test|live)_|whsec_)/;

/** Characters a key must have after its kind before its last four are shown (twelve stay hidden). */
const SHOWN_FROM_LENGTH = 16;

export function maskSecret(secret: string): string {
  if (secret === "") return "";
  const kind = KEY_KIND.exec(secret)?.[0] ?? "";
  const rest = secret.slice(kind.length);
  return `${kind}…${rest.length >= SHOWN_FROM_LENGTH ? rest.slice(-4) : ""}`;
}

/** Where a secret the resource shows comes from: the settings, or the installation's environment. */
export type SecretSource = "settings" | "environment";

/**
 * The secrets the installation sets (`STRIPE_SECRET_KEY`, `STRIPE_WEBHOOK_SECRET`: the config's
 * `stripe`), which win over the settings page's.
 */
export type InstalledSecrets = { secretKey?: string | undefined; webhookSecret?: string | undefined };
