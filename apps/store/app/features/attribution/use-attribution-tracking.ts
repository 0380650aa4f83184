import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { setOrderTracking, trackPageView } from "./tracking.ts";

/** Counts every page the shopper sees, the first from the document, the next ones in the app. */
export function useAttributionTracking(): void {
  const location = useLocation();
  const previous = useRef<string | null>(null);
  useEffect(() => {
    window.setOrderTracking = setOrderTracking;
  }, []);
  useEffect(() => {
    const url = window.location.origin + location.pathname + location.search;
    trackPageView(url, previous.current ?? document.referrer);
    previous.current = url;
  }, [location.pathname, location.search]);
}
