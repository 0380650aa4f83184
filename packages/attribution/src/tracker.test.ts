import { describe, expect, it } from "vitest";
import { attributionRecord, deviceType, originLabel } from "./record.ts";
import { decodeRecord, encodeRecord } from "./sbjs-format.ts";
import { cookieDomain } from "./search-engines.ts";
import { type CookieJar, deleteAll, fireDate, lifetimeMinutes, track } from "./tracker.ts";

const now = new Date(Date.UTC(2026, 10, 22, 9, 5, 7));
const site = "https://shop.example.com";
const ua = "Mozilla/5.0 (X11; Linux x86_64)";

function visit(cookies: CookieJar, path: string, referrer = "", at = now) {
  return track({ cookies, url: site + path, referrer, now: at, userAgent: ua, random: () => 0.5 });
}
const current = (jar: CookieJar) => decodeRecord(jar.sbjs_current);

describe("traffic source type, first rule that holds", () => {
  it.each([
    [
      "/?utm_source=news&utm_medium=email&utm_campaign=spring",
      "",
      { typ: "utm", src: "news", mdm: "email", cmp: "spring" },
    ],
    ["/?utm_id=42", "", { typ: "utm", src: "(none)", mdm: "(none)", id: "42" }],
    [
      "/?utm_source_platform=meta&utm_creative_format=video&utm_marketing_tactic=remarketing",
      "",
      { typ: "utm", plt: "meta", fmt: "video", tct: "remarketing" },
    ],
    ["/?gclid=abc", "", { typ: "utm", src: "google", mdm: "cpc", cmp: "google_cpc" }],
    ["/?yclid=abc", "", { typ: "utm", src: "yandex", mdm: "cpc", cmp: "yandex_cpc" }],
    [
      "/?gclid=abc&utm_source=bing&utm_campaign=mine",
      "",
      { typ: "utm", src: "bing", mdm: "cpc", cmp: "mine" },
    ],
    ["/?utm_source=x", "https://www.google.com/search?q=shoes", { typ: "utm", src: "x" }],
    ["/", "https://www.google.com/", { typ: "organic", src: "google", mdm: "organic" }],
    ["/", "https://www.google.co.uk/search?q=mugs", { typ: "organic", src: "google", mdm: "organic" }],
    ["/", "https://yandex.ru/search/?text=mugs", { typ: "organic", src: "yandex", mdm: "organic" }],
    ["/", "https://yandex.ru/", { typ: "referral", src: "yandex.ru", mdm: "referral" }],
    ["/", "https://www.bing.com/search?q=mugs", { typ: "organic", src: "bing" }],
    ["/", "https://search.yahoo.com/search?p=mugs", { typ: "organic", src: "yahoo" }],
    ["/", "https://www.globososo.com/?q=mugs", { typ: "organic", src: "globo" }],
    ["/", "https://go.mail.ru/search?q=mugs", { typ: "organic", src: "go.mail.ru" }],
    ["/", "https://nova.rambler.ru/search?query=mugs", { typ: "organic", src: "rambler" }],
    ["/", "https://search.tut.by/?query=mugs", { typ: "organic", src: "tut.by" }],
    // Google counts as organic on google.<tld> with an optional www. only, as sourcebuster rules.
    ["/", "https://news.google.com/articles/x", { typ: "referral", src: "news.google.com" }],
    ["/", "https://plus.url.google.com/url?q=x", { typ: "referral", src: "plus.google.com" }],
    // The library looks for "q=" anywhere in the query.
    ["/", "https://www.bing.com/search?aq=mugs", { typ: "organic", src: "bing" }],
    // Values are decoded once, as the library reads them: %XX, not "+".
    ["/?utm_source=news&utm_campaign=summer+sale", "", { cmp: "summer+sale" }],
    ["/?utm_source=news&utm_campaign=summer%20sale", "", { cmp: "summer sale" }],
    ["/?utm_source=a&utm_source=b", "", { src: "a,b" }],
    ["/?utm_source=&utm_medium=email", "", { typ: "utm", src: "", mdm: "email" }],
    ["/?utm_medium", "", { typ: "typein" }],
    // A campaign without its own term takes Yandex's search words.
    ["/?utm_source=ads", "https://yandex.ru/search/?text=red%20mugs", { typ: "utm", trm: "red mugs" }],
    ["/?utm_source=ads&utm_term=own", "https://yandex.ru/search/?text=red", { trm: "own" }],
    ["/?utm_source=ads", "https://www.google.com/search?q=red", { trm: "(none)" }],
    ["/", "https://www.bing.com/", { typ: "referral", src: "bing.com" }],
    [
      "/",
      "https://blog.example.org/posts/best-mugs",
      { typ: "referral", src: "blog.example.org", mdm: "referral", cnt: "/posts/best-mugs" },
    ],
    ["/", "https://t.co/abc", { typ: "referral", src: "twitter.com" }],
    ["/", "https://www.example.com/", { typ: "referral", src: "example.com" }],
    ["/", "https://shop.example.com/shop", { typ: "typein", src: "(direct)", mdm: "(none)" }],
    ["/", "https://blog.shop.example.com/", { typ: "typein", src: "(direct)" }],
    ["/", "", { typ: "typein", src: "(direct)", mdm: "(none)", cmp: "(none)" }],
  ])("%s from %s", (path, referrer, expected) => {
    const jar: CookieJar = {};
    visit(jar, path, referrer);
    expect(current(jar)).toMatchObject(expected);
  });

  it("keeps the current record on a plain visit, and a referral only starts outside a session", () => {
    const jar: CookieJar = {};
    visit(jar, "/?utm_source=news");
    visit(jar, "/shop", "https://blog.example.org/");
    expect(current(jar)).toMatchObject({ typ: "utm", src: "news" });
    delete jar.sbjs_session;
    visit(jar, "/shop", "https://blog.example.org/");
    expect(current(jar)).toMatchObject({ typ: "referral", src: "blog.example.org" });
    visit(jar, "/cart");
    expect(current(jar)).toMatchObject({ typ: "referral" });
  });
});

describe("counters and first touch", () => {
  it("writes the first-touch records once, counts pages per session and visits per new session", () => {
    const jar: CookieJar = {};
    visit(jar, "/?utm_source=first");
    visit(jar, "/shop");
    visit(jar, "/product/mug");
    expect(decodeRecord(jar.sbjs_session)).toEqual({ pgs: "3", cpg: `${site}/product/mug` });
    expect(decodeRecord(jar.sbjs_udata)).toMatchObject({ vst: "1", uag: ua });
    delete jar.sbjs_session; // 30 minutes pass: the session cookie expires.
    visit(jar, "/?utm_source=second", "", new Date(now.getTime() + 31 * 60_000));
    expect(decodeRecord(jar.sbjs_udata)).toMatchObject({ vst: "2" });
    expect(decodeRecord(jar.sbjs_session)).toMatchObject({ pgs: "1" });
    expect(decodeRecord(jar.sbjs_first)).toMatchObject({ src: "first" });
    expect(current(jar)).toMatchObject({ src: "second" });
    expect(decodeRecord(jar.sbjs_first_add)).toMatchObject({
      fd: "2026-11-22 09:05:07",
      ep: `${site}/?utm_source=first`,
    });
  });

  it("writes every cookie with the lifetimes of the settings", () => {
    const { writes } = visit({}, "/", "https://blog.example.org/x");
    const byName = Object.fromEntries(writes.map((w) => [w.name, w]));
    expect(Object.keys(byName).sort()).toEqual(
      [
        "sbjs_current",
        "sbjs_current_add",
        "sbjs_first",
        "sbjs_first_add",
        "sbjs_migrations",
        "sbjs_promo",
        "sbjs_session",
        "sbjs_udata",
      ].sort(),
    );
    expect(byName.sbjs_migrations!.value).toBe("1418474375998%3D1");
    expect(byName.sbjs_session!.minutes).toBe(30);
    expect(byName.sbjs_current!.minutes).toBeNull();
    expect(decodeRecord(byName.sbjs_promo!.value)!.code).toBe("550000");
    expect(byName.sbjs_current_add!.value).toBe(
      encodeURIComponent(
        "fd=2026-11-22 09:05:07|||ep=https://shop.example.com/|||rf=https://blog.example.org/x",
      ),
    );
    expect(
      track({
        cookies: {},
        url: `${site}/`,
        referrer: "",
        now,
        userAgent: ua,
        settings: { lifetimeMonths: 6 },
      }).writes[0]!.minutes,
    ).toBe(259_200);
  });

  it.each([
    [0.00001, null],
    [0.0001, 4],
    [6, 259_200],
    [0.0000232, 1],
  ])("lifetime %s months → %s minutes", (months, minutes) => {
    expect(lifetimeMinutes(months)).toBe(minutes);
  });

  it("writes the fire date in UTC as YYYY-MM-DD HH:MM:SS", () => {
    expect(fireDate(now)).toBe("2026-11-22 09:05:07");
    expect(fireDate(now, 60)).toBe("2026-11-22 10:05:07");
  });

  it("turning tracking off deletes all eight cookies", () => {
    expect(deleteAll().map((w) => [w.name, w.minutes])).toHaveLength(8);
    expect(deleteAll().every((w) => w.minutes! < 0 && w.value === "")).toBe(true);
  });
});

describe("the cookie format", () => {
  it("with base64 on, writes and reads Base64 values", () => {
    const jar: CookieJar = {};
    track({
      cookies: jar,
      url: `${site}/?utm_source=b64`,
      referrer: "",
      now,
      userAgent: ua,
      settings: { base64: true },
    });
    expect(atob(jar.sbjs_current!)).toBe(
      "typ=utm|||src=b64|||mdm=(none)|||cmp=(none)|||cnt=(none)|||trm=(none)|||id=(none)|||plt=(none)|||fmt=(none)|||tct=(none)",
    );
    expect(decodeRecord(jar.sbjs_current)?.typ).not.toBe("utm");
    track({
      cookies: jar,
      url: `${site}/shop`,
      referrer: "",
      now,
      userAgent: ua,
      settings: { base64: true },
    });
    expect(attributionRecord(jar, { base64: true })).toMatchObject({
      source_type: "utm",
      utm_source: "b64",
      session_pages: "2",
    });
  });

  it("encodes the whole value as sourcebuster does, and reads it and this store's older format", () => {
    const raw = encodeRecord({ typ: "utm", cnt: "a=b|c d", trm: undefined });
    expect(raw).toBe("typ%3Dutm%7C%7C%7Ccnt%3Da%3Db%7Cc%20d%7C%7C%7Ctrm%3D%28none%29");
    expect(decodeRecord(raw)).toEqual({ typ: "utm", cnt: "a=b|c d", trm: "(none)" });
    expect(decodeRecord("typ=utm|||cnt=a%3Db%7Cc%20d")).toEqual({ typ: "utm", cnt: "a=b|c d" });
    expect(decodeRecord("garbage")).toBeNull();
    // Malformed percent-encoding falls back to unescape, like the library.
    expect(decodeRecord("typ=%E0%A4%A|||x")).toEqual({ typ: unescape("%E0%A4%A") });
  });

  it.each([
    ["www.shop.example", "shop.example"],
    ["shop.example", "shop.example"],
    ["blog.shop.example", "blog.shop.example"],
    ["127.0.0.1", null],
    ["[::1]", null],
    ["localhost", null],
  ])("writes the cookies of %s on the domain %s", (host, domain) => {
    expect(cookieDomain(host)).toBe(domain);
  });
});

describe("the order attribution record", () => {
  it("reads the cookies into the record, blank for (none)", () => {
    const jar: CookieJar = {};
    visit(jar, "/?utm_source=news&utm_medium=email", "https://mail.example.net/");
    visit(jar, "/shop");
    expect(attributionRecord(jar)).toEqual({
      source_type: "utm",
      referrer: "https://mail.example.net/",
      utm_campaign: "",
      utm_source: "news",
      utm_medium: "email",
      utm_content: "",
      utm_id: "",
      utm_term: "",
      utm_source_platform: "",
      utm_creative_format: "",
      utm_marketing_tactic: "",
      session_entry: `${site}/?utm_source=news&utm_medium=email`,
      session_start_time: "2026-11-22 09:05:07",
      session_pages: "2",
      session_count: "1",
      user_agent: ua,
    });
    expect(attributionRecord({}).source_type).toBe("");
  });

  it.each([
    ["utm", "google", "Source: Google"],
    ["organic", "bing", "Organic: Bing"],
    ["referral", "blog.example.org", "Referral: Blog.example.org"],
    ["typein", "(direct)", "Direct"],
    ["admin", "", "Web admin"],
    ["mobile_app", "", "Mobile app"],
    ["utm", "(none)", "Source: None"],
    ["", "", "Unknown"],
    [null, null, "Unknown"],
    ["weird", "x", "Unknown"],
  ])("origin of %s / %s is %s", (type, source, label) => {
    expect(originLabel(type, source)).toBe(label);
  });

  it.each([
    ["Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148", "Mobile"],
    ["Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit Chrome Mobile Safari", "Mobile"],
    ["Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X)", "Tablet"],
    ["Mozilla/5.0 (Linux; Android 13; SM-X200) AppleWebKit Chrome Safari", "Tablet"],
    ["Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/120", "Desktop"],
    ["", "Desktop"],
  ])("%s is %s", (agent, device) => {
    expect(deviceType(agent)).toBe(device);
  });
});
