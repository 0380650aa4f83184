import type { TrackingConfig } from "../../lib/analytics.ts";
import { hasConsent, onConsentChange } from "../consent/index.ts";

/**
 * The gate (spec §4 "Analytics consent", decision 0040): the analytics client, and the recorder
 * after it, load only once the shopper allows `statistics`: at once where the store asks no consent,
 * and later as soon as consent changes to allow; a change to deny stops them.
 */
let client: Promise<typeof import("./client.ts")> | undefined;

/** Starts the client when allowed and follows consent changes; returns the unsubscribe. */
export function followConsent(config: TrackingConfig): () => void {
  const follow = () => {
    if (hasConsent("statistics")) {
      client ??= import("./client.ts");
      void client.then((module) => module.startAnalytics(config));
    } else void client?.then((module) => module.stopAnalytics());
  };
  follow();
  return onConsentChange((changed) => {
    if ("statistics" in changed) follow();
  });
}

/** A page of the app is shown: a page view, if the client runs. */
export function pageChanged(): void {
  void client?.then((module) => module.pageChanged());
}
