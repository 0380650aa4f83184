import { useEffect } from "react";
import { useLocation } from "react-router";
import type { TrackingConfig } from "../../lib/analytics.ts";

/**
 * Analytics for the app (decision 0040). Even the consent check (`gate.ts`) loads after the page,
 * only in a store with analytics on; the analytics client and the recorder load only when allowed.
 */
let gate: Promise<typeof import("./gate.ts")> | undefined;

export function useAnalytics(config: TrackingConfig | undefined): void {
  const location = useLocation();
  const serialised = config?.analytics ? JSON.stringify(config) : "";
  useEffect(() => {
    if (!serialised) return;
    let stop: (() => void) | undefined;
    let left = false;
    gate ??= import("./gate.ts");
    void gate.then((module) => {
      if (!left) stop = module.followConsent(JSON.parse(serialised) as TrackingConfig);
    });
    return () => {
      left = true;
      stop?.();
    };
  }, [serialised]);
  useEffect(() => {
    void gate?.then((module) => module.pageChanged());
  }, [location.pathname, location.search]);
}
