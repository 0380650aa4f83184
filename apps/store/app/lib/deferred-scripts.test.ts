import { describe, expect, it } from "vitest";
import { DEFERRED_MODULE_TYPE, deferScripts } from "./deferred-scripts.ts";

/** A page as React Router's `<Scripts>` and React write it (React hoists the preloads into the head). */
const page = [
  "<!DOCTYPE html><html><head><title>T</title>",
  '<link rel="preload" as="image" href="/media/a.avif"/>',
  '<link rel="modulepreload" href="/assets/entry.client-A.js" nonce="n0=="/>',
  '<link rel="modulepreload" href="/assets/chunk-B.js?v=1&amp;x=2" nonce="n0=="/>',
  "</head><body><main>Shop</main>",
  '<script nonce="n0==">window.__reactRouterContext = {};</script>',
  '<script nonce="n0==" type="module" async="">import "/assets/manifest.js";\nimport * as route0 from "/assets/root.js";\nimport("/assets/entry.client-A.js");</script>',
  "</body></html>",
].join("");

describe("deferScripts", () => {
  const deferred = deferScripts(page);

  it("takes the module preloads out of the head and leaves the other links", () => {
    expect(deferred).not.toContain('<link rel="modulepreload"');
    expect(deferred).toContain('<link rel="preload" as="image" href="/media/a.avif"/>');
  });

  it("keeps the module script in its place, its text whole, with a type the browser does not run", () => {
    expect(deferred).toContain(
      `<script nonce="n0==" type="${DEFERRED_MODULE_TYPE}" async="">import "/assets/manifest.js";\nimport * as route0 from "/assets/root.js";\nimport("/assets/entry.client-A.js");</script>`,
    );
    expect(deferred).not.toMatch(/<script[^>]* type="module"/);
    expect(deferred.indexOf("window.__reactRouterContext")).toBeLessThan(
      deferred.indexOf(DEFERRED_MODULE_TYPE),
    );
  });

  it("follows it with a script, under the page's nonce, that brings the preloads back after the first paint", () => {
    const loader =
      /type="vitrine\/module" async="">[\s\S]*?<\/script><script nonce="n0==">([\s\S]*?)<\/script><\/body>/.exec(
        deferred,
      )?.[1];
    expect(loader).toBeDefined();
    expect(loader).toContain('["/assets/entry.client-A.js","/assets/chunk-B.js?v=1&x=2"]');
    expect(loader).toContain('observe({type:"paint",buffered:true})');
    expect(loader).toContain('visibilityState==="hidden"');
  });

  it("writes a preload address that could close the script as an escape", () => {
    const hostile = page.replace("/assets/chunk-B.js?v=1&amp;x=2", "/assets/&lt;/script&gt;.js");
    expect(deferScripts(hostile)).toContain('"/assets/\\u003c/script>.js"');
  });

  it("leaves a page without exactly one module script as it is", () => {
    const withoutModule = page.replace(/<script nonce="n0==" type="module"[\s\S]*?<\/script>/, "");
    expect(deferScripts(withoutModule)).toBe(withoutModule);
    const twice = page.replace("</body>", '<script type="module">import "/x.js";</script></body>');
    expect(deferScripts(twice)).toBe(twice);
  });
});
