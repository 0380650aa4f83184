import {
  type AnalyticsBatch,
  linkKind,
  OUTBOUND_WAIT_MS,
  type TrackingConfig,
  withoutQuery,
} from "../../lib/analytics.ts";
import { analyticsSession, forgetAnalyticsSession } from "./session.ts";

/**
 * The analytics client (spec §7, §9; decision 0040), loaded only when statistics are allowed. It
 * sends to the store's own endpoint, and to Google Analytics 4 through gtag when the store has a
 * measurement id:
 * - a page view for each page and each client-side navigation (hash changes are not tracked);
 * - clicks on downloads, outbound links and affiliate links (`/go/`, `/recommend/`).
 * An outbound or affiliate click waits for its event at most 1 s before navigating; with
 * `sendBeacon` it waits for nothing.
 */
export const COLLECT_URL = "/api/vitrine/v2/analytics/events";
const LANDED_KEY = "vitrine_analytics_landed";

type Event = AnalyticsBatch["events"][number];
let config: TrackingConfig | null = null;
let lastPage = "";
let recorder: Promise<typeof import("./recorder.ts")> | undefined;

export function startAnalytics(settings: TrackingConfig): void {
  if (config) return;
  config = settings;
  document.addEventListener("click", onClick, true);
  // Says that clicks are now counted (for tests, and tag managers that wait for it).
  document.documentElement.dataset.analytics = "on";
  if (settings.ga4) startGtag(settings.ga4);
  lastPage = "";
  pageChanged();
  if (settings.recording > 0) {
    recorder ??= import("./recorder.ts");
    void recorder.then((module) => module.startRecording({ sampleRate: settings.recording }));
  }
}

/** Consent withdrawn: nothing more is sent, the recorder stops and the session is forgotten. */
export function stopAnalytics(): void {
  if (!config) return;
  if (config.ga4) (window as unknown as Record<string, boolean>)[`ga-disable-${config.ga4}`] = true;
  config = null;
  document.removeEventListener("click", onClick, true);
  delete document.documentElement.dataset.analytics;
  void recorder?.then((module) => module.stopRecording());
  forgetAnalyticsSession();
}

/** A page of the app is shown (the first, or a navigation that changed the path or the query). */
export function pageChanged(): void {
  if (!config) return;
  const page = `${location.pathname}${location.search}`;
  if (page === lastPage) return;
  lastPage = page;
  const event: Event = { kind: "page_view", path: location.pathname };
  if (!landed()) event.landing = { url: location.href, referrer: document.referrer };
  send(event);
  gtagEvent("page_view", { page_location: location.href, page_title: document.title });
}

function landed(): boolean {
  try {
    if (sessionStorage.getItem(LANDED_KEY) === analyticsSession()) return true;
    sessionStorage.setItem(LANDED_KEY, analyticsSession());
  } catch {
    // Without storage each page counts as a landing.
  }
  return false;
}

function onClick(event: MouseEvent): void {
  if (!config || event.button !== 0) return;
  const link = (event.target as Element | null)?.closest?.("a[href]");
  if (!(link instanceof HTMLAnchorElement)) return;
  const kind = linkKind(link.href, location.origin);
  if (!kind) return;
  const target = withoutQuery(link.href, location.origin);
  gtagEvent(...gtagClick(kind, link.href));
  const sent = send({ kind, path: location.pathname, target });
  // Downloads, new tabs, modified clicks and links something else handles navigate on their own.
  const sameTab = !link.target || link.target === "_self";
  const modified = event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;
  if (kind === "download" || !sameTab || modified || event.defaultPrevented || link.hasAttribute("download"))
    return;
  if (sent === "queued") return;
  event.preventDefault();
  const href = link.href;
  let gone = false;
  const go = () => {
    if (gone) return;
    gone = true;
    window.location.assign(href);
  };
  setTimeout(go, OUTBOUND_WAIT_MS);
  void sent.finally(go);
}

/** Sends one event: "queued" when the browser took it as a beacon, else the request's promise. */
function send(event: Event): "queued" | Promise<unknown> {
  const lang = document.documentElement.lang === "es" ? "es" : "en";
  const batch: AnalyticsBatch = { session: analyticsSession(), language: lang, events: [event] };
  const body = JSON.stringify(batch);
  if (navigator.sendBeacon?.(COLLECT_URL, body)) return "queued";
  return fetch(COLLECT_URL, {
    method: "POST",
    body,
    keepalive: true,
    headers: { "Content-Type": "text/plain;charset=UTF-8" },
  }).catch(() => undefined);
}

type GtagParams = Record<string, string | boolean>;

function gtagClick(kind: "download" | "outbound" | "affiliate", href: string): [string, GtagParams] {
  const url = new URL(href, location.origin);
  if (kind === "download")
    return [
      "file_download",
      { link_url: href, file_extension: url.pathname.split(".").pop() ?? "", link_domain: url.hostname },
    ];
  if (kind === "outbound") return ["click", { link_url: href, link_domain: url.hostname, outbound: true }];
  return ["affiliate", { link_url: href, label: "affiliate" }];
}

declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: (...args: unknown[]) => void;
  }
}

/** Google's tag, with page views sent by us (so that client-side navigations count too). */
function startGtag(measurementId: string): void {
  (window as unknown as Record<string, boolean>)[`ga-disable-${measurementId}`] = false;
  if (window.gtag) return;
  window.dataLayer = window.dataLayer ?? [];
  window.gtag = function gtag() {
    // gtag reads its calls as `arguments` objects.
    // biome-ignore lint/complexity/noArguments: gtag's queue takes the arguments object itself.
    window.dataLayer?.push(arguments);
  };
  window.gtag("js", new Date());
  window.gtag("config", measurementId, { send_page_view: false });
  const script = document.createElement("script");
  script.async = true;
  script.src = `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(measurementId)}`;
  document.head.append(script);
}

function gtagEvent(name: string, params: GtagParams): void {
  if (config?.ga4) window.gtag?.("event", name, { ...params, transport_type: "beacon" });
}
