import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { configureTracking, setOrderTracking, type TrackingConfig, trackPageView } from "./tracking.ts";

/** Counts every page the shopper sees, the first from the document, the next ones in the app. */
export function useAttributionTracking(config: TrackingConfig | undefined): void {
  const location = useLocation();
  const previous = useRef<string | null>(null);
  const configured = useRef(false);
  if (config && !configured.current && typeof window !== "undefined") {
    configureTracking(config);
    configured.current = true;
  }
  useEffect(() => {
    window.setOrderTracking = setOrderTracking;
  }, []);
  useEffect(() => {
    // The whole address, as the tracking library records it (its entry page keeps the fragment too).
    const url = window.location.href;
    trackPageView(url, previous.current ?? document.referrer);
    previous.current = url;
  }, [location.pathname, location.search]);
}
