import { unescapeHtml } from "./escape-html.ts";

/**
 * The page's scripts start after its first paint (issue 45, decision 0087). React Router's
 * `<Scripts>` writes a `<link rel="modulepreload">` per module into the head and an inline module
 * script that imports the route modules; the browser fetches all of them while it parses the page,
 * so they share the connection with the page's first picture and count against its first paint.
 *
 * `deferScripts` rewrites the finished document: the preload links leave the head, the module
 * script gets a type the browser does not run, and a small classic script after it, once the first
 * frame is painted (or at once in a hidden tab, where no frame comes), adds the same preload links
 * and puts a runnable copy of the module script in the inert one's place. By the time the modules
 * hydrate, the document is what `<Scripts>` rendered: the module script is where React expects it
 * (its hydration warnings are suppressed by React Router), and the preload links are in the head.
 *
 * Anything that does not look like React Router's output (no module script, or more than one) is
 * left as it is: the page then loads its scripts as before, and the test on a built page fails.
 */

/** The type the deferred module script carries until it runs: the browser ignores it. */
export const DEFERRED_MODULE_TYPE = "vitrine/module";

const LOADER_PRELOADS = /\}\)\(document,(\[[^\]]*\])\)<\/script>/g;
const PRELOAD_LINK = /<link rel="modulepreload" href="([^"]*)"[^>]*\/>/g;
const MODULE_SCRIPT = /<script([^>]*?) type="module"([^>]*)>([\s\S]*?)<\/script>/g;
const NONCE = / nonce="([^"]*)"/;

/**
 * Runs after the inert module script (`document.currentScript.previousElementSibling`), once the
 * browser reports the page's first paint (a `paint` performance entry, delivered after the frame is
 * on screen). A browser without paint entries runs it a task after the first frame's callback. A tab
 * that is hidden, or hidden before its first paint, paints nothing: there the scripts start at once.
 * No timer is involved, so a page whose timers are held (a test's paused clock) still hydrates.
 */
function loaderSource(hrefs: readonly string[]): string {
  const list = JSON.stringify(hrefs).replace(/</g, "\\u003c");
  return (
    `(function(d,h){var m=d.currentScript.previousElementSibling,done=0,P=window.PerformanceObserver;function run(){if(done)return;done=1;` +
    `for(var i=0;i<h.length;i++){var l=d.createElement("link");l.rel="modulepreload";l.href=h[i];d.head.appendChild(l)}` +
    `var s=d.createElement("script");s.type="module";s.async=true;s.nonce=m.nonce;s.textContent=m.textContent;m.replaceWith(s)}` +
    `if(d.visibilityState==="hidden")run();else{d.addEventListener("visibilitychange",run);` +
    `if(P&&P.supportedEntryTypes&&P.supportedEntryTypes.indexOf("paint")>=0)new P(function(e,o){o.disconnect();run()}).observe({type:"paint",buffered:true});` +
    `else requestAnimationFrame(function(){setTimeout(run,0)})}` +
    `})(document,${list})`
  );
}

export function deferScripts(html: string): string {
  const modules = [...html.matchAll(MODULE_SCRIPT)];
  if (modules.length !== 1) return html;
  const [script] = modules as [RegExpExecArray];
  const [whole, before = "", after = "", text = ""] = script;
  const hrefs: string[] = [];
  // The preload links are in the head, before the script.
  const head = html.slice(0, script.index).replace(PRELOAD_LINK, (_link, href: string) => {
    hrefs.push(unescapeHtml(href));
    return "";
  });
  const nonce = NONCE.exec(before + after)?.[1];
  const inert = `<script${before} type="${DEFERRED_MODULE_TYPE}"${after}>${text}</script>`;
  const loader = `<script${nonce === undefined ? "" : ` nonce="${nonce}"`}>${loaderSource(hrefs)}</script>`;
  return head + inert + loader + html.slice(script.index + whole.length);
}

/** The modules a deferred page's loader preloads after its first paint, as `deferScripts` wrote them. */
export function deferredPreloads(html: string): string[] {
  return [...html.matchAll(LOADER_PRELOADS)].flatMap((match) => JSON.parse(match[1]!) as string[]);
}
