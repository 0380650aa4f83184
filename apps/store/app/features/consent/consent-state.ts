/** The categories the store's banner asks about (the WP Consent API's names); "necessary" is always on. */
export const CONSENT_CATEGORIES = ["statistics", "marketing"] as const;
export type ConsentCategory = (typeof CONSENT_CATEGORIES)[number];

declare global {
  interface Window {
    wp_consent_type?: string;
    wp_has_consent?: (category: string) => boolean;
    wp_set_consent?: (category: string, value: "allow" | "deny") => void;
  }
  interface DocumentEventMap {
    wp_listen_for_consent_change: CustomEvent<Record<string, "allow" | "deny">>;
    wp_consent_type_defined: Event;
  }
}

/** The WP Consent API's answer; without the API on the page (never on ours), everything is allowed. */
export function hasConsent(category: string): boolean {
  return window.wp_has_consent ? window.wp_has_consent(category) : true;
}

export function setConsent(category: ConsentCategory, allow: boolean): void {
  window.wp_set_consent?.(category, allow ? "allow" : "deny");
}

/** Whether the shopper has answered the banner (a choice cookie for one of its categories). */
export function consentChosen(): boolean {
  return CONSENT_CATEGORIES.some((category) =>
    new RegExp(`(?:^|; )wp_consent_${category}=(?:allow|deny)(?:;|$)`).test(document.cookie),
  );
}

/** Calls `listener` with each change the WP Consent API announces; returns the unsubscribe. */
export function onConsentChange(listener: (changed: Record<string, "allow" | "deny">) => void): () => void {
  const handle = (event: CustomEvent<Record<string, "allow" | "deny">>) => listener({ ...event.detail });
  document.addEventListener("wp_listen_for_consent_change", handle);
  return () => document.removeEventListener("wp_listen_for_consent_change", handle);
}
