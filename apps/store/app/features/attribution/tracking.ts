import {
  type AttributionRecord,
  attributionRecord,
  blankRecord,
  deleteAll,
  FIELD_PREFIX,
  track,
} from "@vitrine/attribution";
import { hasConsent, onConsentChange } from "../consent/consent-state.ts";
import { readCookies, writeCookie } from "./browser-cookies.ts";

const MARKETING = "marketing";

const ATTRIBUTION_FORMS = "form.checkout, form.woocommerce-form-register";
const BLANK = blankRecord();
export type TrackingConfig = {
  allowTracking: boolean;
  lifetimeMonths: number;
  sessionMinutes: number;
  base64: boolean;
  timezoneOffset: number;
};
let allowed = true;
let settings: Omit<TrackingConfig, "allowTracking"> = {
  lifetimeMonths: 0.00001,
  sessionMinutes: 30,
  base64: false,
  timezoneOffset: 0,
};

/**
 * The store's tracking settings, from the page's configuration; called before the first page view.
 * Tracking also follows consent to marketing, as WooCommerce's WP Consent API integration has it:
 * without it no cookie is written, and a change of mind switches tracking on or off. Answers the
 * unsubscribe from consent changes.
 */
export function configureTracking({ allowTracking, ...rest }: TrackingConfig): void {
  allowed = allowTracking && hasConsent(MARKETING);
  settings = rest;
  // One subscription, whatever the number of calls: the latest settings' own.
  stopFollowingConsent();
  stopFollowingConsent = onConsentChange((changed) => {
    if (allowTracking && changed[MARKETING]) setOrderTracking(changed[MARKETING] === "allow");
  });
}
let stopFollowingConsent = () => {};
let record: AttributionRecord = BLANK;
const listeners = new Set<() => void>();

/** Records one page view in the tracking cookies (when tracking is allowed) and fills the forms. */
export function trackPageView(url: string, referrer: string): void {
  if (allowed) {
    const now = new Date();
    const { writes } = track({
      cookies: readCookies(),
      url,
      referrer,
      now,
      userAgent: navigator.userAgent,
      settings,
    });
    for (const write of writes) writeCookie(write);
  }
  fillAttributionInputs();
}

/** Publishes the current record to the forms' hidden inputs; warns about a form that has none. */
export function fillAttributionInputs(): void {
  record = allowed ? attributionRecord(readCookies(), settings) : BLANK;
  for (const listener of listeners) listener();
  for (const form of document.querySelectorAll<HTMLFormElement>(ATTRIBUTION_FORMS)) {
    if (!form.querySelector(`input[name^="${FIELD_PREFIX}"]`)) {
      console.warn("Order attribution: the hidden wc_order_attribution_* inputs are missing.", form);
    }
  }
}

/** The record the hidden inputs show, as an external store for `useSyncExternalStore`. */
export const attributionStore = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
  snapshot: (): AttributionRecord => record,
  serverSnapshot: (): AttributionRecord => BLANK,
};

export function currentRecord(): AttributionRecord {
  return allowed ? attributionRecord(readCookies(), settings) : BLANK;
}

/**
 * The switch a consent tool calls (`window.setOrderTracking(false)`): off deletes all eight tracking
 * cookies and blanks the values; on starts tracking again from this page.
 */
export function setOrderTracking(enabled: boolean): void {
  allowed = enabled;
  if (!enabled) {
    for (const write of deleteAll()) writeCookie(write);
    fillAttributionInputs();
    return;
  }
  trackPageView(window.location.href, document.referrer);
}

declare global {
  interface Window {
    setOrderTracking?: (enabled: boolean) => void;
  }
}
