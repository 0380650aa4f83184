// Lighthouse's mobile audit (its default: a mid-range phone on a slow 4G link, simulated) of a few
// pages, driving the machine's Chromium headless; it never downloads a browser. Figures only.
import { accessSync, constants } from "node:fs";

export const CHROME_PATH = process.env.CHROME_PATH || process.env.CHROMIUM_PATH || "/usr/bin/chromium";

/** The browser of a run still going, so an interrupted bench closes it. */
let open;
let closed = false;

/** Closes the browser of a run still going, and launches no more (an interrupted bench). */
export function closeBrowser() {
  closed = true;
  try {
    open?.kill();
  } catch {
    // Already gone.
  }
  open = undefined;
}

/**
 * Performance and SEO scores (0–100), first and largest contentful paint, total blocking time and
 * the longest task after the first paint (ms) and cumulative layout shift per page, or the reason a page (or the whole run) could not be audited,
 * in `error`.
 */
export async function lighthouseScores(base, pages) {
  let chrome;
  let lighthouse;
  try {
    if (closed) throw new Error("the bench is stopping");
    // chrome-launcher throws a missing browser from an event handler, past any catch: look first.
    accessSync(CHROME_PATH, constants.X_OK);
    // Loaded here, so a missing package is one row's reason rather than the whole bench's failure.
    ({ default: lighthouse } = await import("lighthouse"));
    const { launch } = await import("chrome-launcher");
    chrome = await launch({
      chromePath: CHROME_PATH,
      chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
      handleSIGINT: false,
      logLevel: "silent",
    });
    open = chrome;
    if (closed) closeBrowser();
  } catch (error) {
    const reason = `Lighthouse could not run (Chromium at ${CHROME_PATH}): ${firstLine(error)}`;
    return pages.map(([name, pagePath]) => ({ name, path: pagePath, error: reason }));
  }
  const figures = [];
  try {
    for (const [name, pagePath] of pages) {
      try {
        const result = await lighthouse(base + pagePath, {
          port: chrome.port,
          onlyCategories: ["performance", "seo"],
          output: "json",
          logLevel: "error",
        });
        const lhr = result?.lhr;
        if (!lhr) throw new Error("Lighthouse returned no report");
        if (lhr.runtimeError) throw new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
        const score = (id) => {
          const value = lhr.categories[id]?.score;
          return value === null || value === undefined ? "n/a" : Math.round(value * 100);
        };
        const ms = (id) => lhr.audits[id]?.numericValue;
        figures.push({
          name,
          path: pagePath,
          performance: score("performance"),
          seo: score("seo"),
          fcp: ms("first-contentful-paint"),
          lcp: ms("largest-contentful-paint"),
          tbt: ms("total-blocking-time"),
          longestTask: ms("max-potential-fid"),
          cls: ms("cumulative-layout-shift"),
          warnings: lhr.runWarnings ?? [],
        });
      } catch (error) {
        figures.push({ name, path: pagePath, error: `Lighthouse failed: ${firstLine(error)}` });
      }
    }
  } finally {
    try {
      chrome.kill();
    } catch {
      // Already gone.
    }
    open = undefined;
  }
  return figures;
}

function firstLine(error) {
  return String(error?.message ?? error).split("\n")[0];
}

export function printLighthouse(figures, where) {
  console.log(`\nLighthouse ${where}, mobile (simulated slow 4G, 4× CPU slowdown), Chromium headless:`);
  console.log(
    [
      "page",
      "performance",
      "SEO",
      "first paint",
      "largest paint",
      "blocking time",
      "longest task",
      "layout shift",
    ]
      .map(pad)
      .join("  "),
  );
  for (const f of figures) {
    if (f.error) {
      console.log(`${pad(f.name)}  ${f.error}`);
      continue;
    }
    const seconds = (ms) => (typeof ms === "number" ? `${(ms / 1000).toFixed(2)} s` : "n/a");
    const milliseconds = (ms) => (typeof ms === "number" ? `${Math.round(ms)} ms` : "n/a");
    const shift = typeof f.cls === "number" ? f.cls.toFixed(3) : "n/a";
    console.log(
      [
        f.name,
        f.performance,
        f.seo,
        seconds(f.fcp),
        seconds(f.lcp),
        milliseconds(f.tbt),
        milliseconds(f.longestTask),
        shift,
      ]
        .map(pad)
        .join("  "),
    );
    for (const warning of f.warnings) console.log(`${pad("")}  (${warning})`);
  }
}

function pad(cell) {
  return String(cell).padEnd(14);
}
