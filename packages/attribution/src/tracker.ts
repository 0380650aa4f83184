import { decodeRecord, encodeRecord, NONE } from "./sbjs-format.ts";
import { isExternal, isYandex, organicSource, referralSource } from "./search-engines.ts";

export const COOKIE_NAMES = {
  current: "sbjs_current",
  currentAdd: "sbjs_current_add",
  first: "sbjs_first",
  firstAdd: "sbjs_first_add",
  session: "sbjs_session",
  udata: "sbjs_udata",
  migrations: "sbjs_migrations",
  promo: "sbjs_promo",
} as const;

export const UTM_PARAMETERS = [
  "utm_source",
  "utm_medium",
  "utm_campaign",
  "utm_content",
  "utm_term",
  "utm_id",
  "utm_source_platform",
  "utm_creative_format",
  "utm_marketing_tactic",
] as const;

export type TrackerSettings = {
  /** Cookie lifetime in months; converted as months × 30 × 24 × 60 and truncated to whole minutes. */
  lifetimeMonths: number;
  /** Minutes of inactivity after which the next page starts a new session. */
  sessionMinutes: number;
  promo: { min: number; max: number };
  /** Minutes east of UTC for the fire date; the spec's `0` writes UTC. */
  timezoneOffset: number;
  /** Base64 on top of each cookie value (off in this store). */
  base64: boolean;
};

/** The values this store configures (spec §9), over the tracking script's own defaults. */
export const defaultSettings: TrackerSettings = {
  lifetimeMonths: 0.00001,
  sessionMinutes: 30,
  promo: { min: 100_000, max: 999_999 },
  timezoneOffset: 0,
  base64: false,
};
/** What the script falls back to when a value is not configured. */
export const scriptDefaults = { lifetimeMonths: 6, promo: { min: 100_000, max: 999_999 } };

export type CookieJar = Partial<Record<string, string>>;
/** `minutes: null` is a browser-session cookie; a negative value deletes the cookie. */
export type CookieWrite = { name: string; value: string; minutes: number | null };

export type TrackInput = {
  cookies: CookieJar;
  /** The page being viewed. */
  url: string;
  referrer: string;
  now: Date;
  userAgent: string;
  settings?: Partial<TrackerSettings>;
  random?: () => number;
};

/** Whole minutes of cookie lifetime, or null (session cookies) when that is under one minute. */
export function lifetimeMinutes(months: number): number | null {
  const minutes = Math.trunc(months * 30 * 24 * 60);
  return minutes < 1 ? null : minutes;
}

export function fireDate(now: Date, offsetMinutes = 0): string {
  const shifted = new Date(now.getTime() + offsetMinutes * 60_000);
  return shifted.toISOString().slice(0, 19).replace("T", " ");
}

type Source = {
  typ: string;
  src: string;
  mdm: string;
  cmp: string;
  cnt: string;
  trm: string;
  id: string;
  plt: string;
  fmt: string;
  tct: string;
};

function parseUrl(value: string): URL | null {
  try {
    return value ? new URL(value) : null;
  } catch {
    return null;
  }
}

/**
 * The query as the tracking library reads it: split on `&` and `=`, values left undecoded (they are
 * decoded once when the cookie is read, so `+` stays `+`), a name given twice joined with a comma,
 * a name without `=` present but undefined.
 */
export function rawQuery(search: string): Map<string, string | undefined> {
  const values = new Map<string, Array<string | undefined>>();
  for (const part of search.replace(/^\?/, "").split("&")) {
    const [name = "", value] = part.split("=");
    const seen = values.get(name);
    if (seen?.some((v) => v !== undefined)) seen.push(value);
    else values.set(name, [value]);
  }
  return new Map(
    [...values].map(([name, list]) => [
      name,
      list.length === 1 ? list[0] : list.map((v) => v ?? "").join(","),
    ]),
  );
}

/** The campaign parameters the library recognises (WooCommerce's build adds the extended ones). */
const CAMPAIGN_PARAMETERS = [
  "utm_source",
  "utm_medium",
  "utm_campaign",
  "utm_content",
  "utm_term",
  "gclid",
  "yclid",
];

function utmSource(search: string, referrer: URL | null): Source | null {
  const params = rawQuery(search);
  const present = (name: string) => params.get(name) !== undefined;
  if (![...CAMPAIGN_PARAMETERS, ...UTM_PARAMETERS].some(present)) return null;
  const paid = present("gclid") ? "google" : present("yclid") ? "yandex" : null;
  const given = (name: string, fallback: string) => (present(name) ? params.get(name)! : fallback);
  const filled = (name: string) => params.get(name) || NONE;
  // Without a term of its own, a campaign from Yandex's results takes the search words (`text`).
  const searchWords = referrer && isYandex(referrer) ? rawQuery(referrer.search).get("text") : undefined;
  return {
    typ: "utm",
    src: given("utm_source", paid ?? NONE),
    mdm: given("utm_medium", paid ? "cpc" : NONE),
    cmp: given("utm_campaign", paid ? `${paid}_cpc` : NONE),
    cnt: filled("utm_content"),
    trm: params.get("utm_term") || searchWords || NONE,
    id: filled("utm_id"),
    plt: filled("utm_source_platform"),
    fmt: filled("utm_creative_format"),
    tct: filled("utm_marketing_tactic"),
  };
}

const blank = { cmp: NONE, cnt: NONE, trm: NONE, id: NONE, plt: NONE, fmt: NONE, tct: NONE };

/**
 * One page view: decides the traffic source (first rule that holds: utm, organic, referral, else the
 * current record stays or, with none, typein), keeps first-touch records once, counts visits and
 * pages, and returns every cookie to write.
 */
export function track(input: TrackInput): { writes: CookieWrite[]; cookies: CookieJar } {
  const settings = { ...defaultSettings, ...input.settings };
  const lifetime = lifetimeMinutes(settings.lifetimeMonths);
  const page = parseUrl(input.url);
  const referrer = parseUrl(input.referrer);
  const jar = input.cookies;
  const read = (name: string) => decodeRecord(jar[name], settings.base64);
  const encode = (record: Record<string, string | number | undefined>) =>
    encodeRecord(record, settings.base64);
  const sessionOpen = Boolean(read(COOKIE_NAMES.session));
  const current = read(COOKIE_NAMES.current);

  let source: Source | null = page ? utmSource(page.search, referrer) : null;
  if (!source && referrer && page) {
    const engine = organicSource(referrer, page.hostname);
    if (engine) source = { typ: "organic", src: engine, mdm: "organic", ...blank };
  }
  if (!source && referrer && !sessionOpen && page && isExternal(referrer, page.hostname)) {
    source = {
      typ: "referral",
      src: referralSource(referrer),
      mdm: "referral",
      ...blank,
      cnt: referrer.pathname,
    };
  }
  if (!source && !current) source = { typ: "typein", src: "(direct)", mdm: NONE, ...blank };

  const writes: CookieWrite[] = [];
  const write = (name: string, value: string, minutes: number | null) => {
    writes.push({ name, value, minutes });
    jar[name] = value;
  };

  if (!jar[COOKIE_NAMES.migrations] && !jar[COOKIE_NAMES.first])
    write(COOKIE_NAMES.migrations, encode({ "1418474375998": 1 }), lifetime);
  if (source) {
    const extra = encode({
      fd: fireDate(input.now, settings.timezoneOffset),
      ep: input.url,
      rf: input.referrer || NONE,
    });
    write(COOKIE_NAMES.current, encode(source), lifetime);
    write(COOKIE_NAMES.currentAdd, extra, lifetime);
    if (!jar[COOKIE_NAMES.first]) {
      write(COOKIE_NAMES.first, encode(source), lifetime);
      write(COOKIE_NAMES.firstAdd, extra, lifetime);
    }
  }

  const udata = read(COOKIE_NAMES.udata);
  const visits = udata ? (Number.parseInt(udata.vst ?? "0", 10) || 0) + (sessionOpen ? 0 : 1) : 1;
  write(COOKIE_NAMES.udata, encode({ vst: visits, uip: NONE, uag: input.userAgent }), lifetime);

  const session = read(COOKIE_NAMES.session);
  const pages = session ? (Number.parseInt(session.pgs ?? "0", 10) || 0) + 1 : 1;
  // The session slides: each page extends it by the session length.
  write(COOKIE_NAMES.session, encode({ pgs: pages, cpg: input.url }), settings.sessionMinutes);

  if (!jar[COOKIE_NAMES.promo]) {
    const { min, max } = settings.promo;
    const code = min + Math.floor((input.random ?? Math.random)() * (max - min + 1));
    write(COOKIE_NAMES.promo, encode({ code }), lifetime);
  }
  return { writes, cookies: jar };
}

/** Turning tracking off deletes all eight cookies. */
export function deleteAll(): CookieWrite[] {
  return Object.values(COOKIE_NAMES).map((name) => ({ name, value: "", minutes: -1 }));
}
