import { useEffect } from "react";
import { useLocation } from "react-router";
import type { TrackingConfig } from "../../lib/analytics.ts";
import { hasConsent, onConsentChange } from "../consent/consent-state.ts";

/**
 * The gate (spec §4 "Analytics consent", decision 0040), itself loaded after the page and only in a
 * store with analytics on, so the page's first script holds none of it: the analytics client, and
 * the recorder after it, load only once the shopper allows `statistics`: at once where the store
 * asks no consent, and later as soon as consent changes to allow; a change to deny stops them.
 */
let client: Promise<typeof import("./client.ts")> | undefined;

/** Starts the client when allowed and follows consent changes; returns the unsubscribe. */
function followConsent(config: TrackingConfig): () => void {
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

/** Rendered (lazily, by the root) where analytics are on: follows consent, and each page the app shows. */
export default function AnalyticsGate({ config }: { config: TrackingConfig }) {
  const location = useLocation();
  const serialised = JSON.stringify(config);
  useEffect(() => followConsent(JSON.parse(serialised) as TrackingConfig), [serialised]);
  useEffect(() => {
    // A page of the app is shown: a page view, if the client runs.
    void client?.then((module) => module.pageChanged());
  }, [location.pathname, location.search]);
  return null;
}
