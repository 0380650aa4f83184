import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import type { TrackingConfig } from "./tracking.ts";

/**
 * The tracking code (the visitor-tracking rules, about 3 KB) loads once the page is interactive,
 * apart from the page's own scripts: nothing on the page waits for it, and page views are recorded
 * in the order they happen.
 */
let tracking: Promise<typeof import("./tracking.ts")> | undefined;
const loadTracking = () => {
  tracking ??= import("./tracking.ts");
  return tracking;
};

/** Counts every page the shopper sees, the first from the document, the next ones in the app. */
export function useAttributionTracking(config: TrackingConfig | undefined): void {
  const location = useLocation();
  const previous = useRef<string | null>(null);
  const serialisedConfig = config ? JSON.stringify(config) : "";
  useEffect(() => {
    // Callers (consent tools) may call it before the code has arrived: the call waits for it.
    window.setOrderTracking = (allow: boolean) =>
      void loadTracking().then((module) => module.setOrderTracking(allow));
  }, []);
  useEffect(() => {
    if (serialisedConfig)
      void loadTracking().then((module) =>
        module.configureTracking(JSON.parse(serialisedConfig) as TrackingConfig),
      );
  }, [serialisedConfig]);
  useEffect(() => {
    // The whole address, as the tracking library records it (its entry page keeps the fragment too).
    const url = window.location.href;
    const referrer = previous.current ?? document.referrer;
    previous.current = url;
    void loadTracking().then((module) => module.trackPageView(url, referrer));
  }, [location.pathname, location.search]);
}
