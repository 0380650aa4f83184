import { describe, expect, it } from "vitest";
import { classesIn, markupIn, parseStylesheet, usedCss, variablesIn, withoutHidden } from "./used-css.ts";

const sheet = parseStylesheet(
  [
    "@layer theme,base,utilities;",
    "@layer base{html{line-height:1.5}*,:before{box-sizing:border-box}}",
    '@layer utilities{.flex{display:flex}.hidden{display:none}.md\\:grid{x:1}.\\32 xl\\:p-4{padding:1rem}.w-1\\/2{width:50%}.\\[\\&_a\\]\\:underline a{text-decoration:underline}.before\\:content-\\[\\"\\{\\"\\]:before{content:"{"}',
    ".space-y-2>:not(:last-child){margin-block-end:.5rem}.peer:not(.open)~.x{color:red}.a,.b{color:blue}",
    ".group:hover .group-hover\\:flex{display:flex}",
    "@media (min-width:48rem){.md\\:grid{display:grid}.hidden{opacity:0}}}",
    "@property --tw-x{syntax:'*';inherits:false}",
    "@keyframes spin{to{transform:rotate(360deg)}}",
    "[data-open]{display:block}",
  ].join(""),
);

describe("usedCss", () => {
  it("keeps the rules whose classes the markup has, and every rule that names no class, in order (unused registrations go)", () => {
    const html =
      '<div class="flex md:grid 2xl:p-4 w-1/2 [&amp;_a]:underline space-y-2 a"><p class="group"><i class="group-hover:flex before:content-[&quot;{&quot;]"></i></p></div>';
    expect(usedCss(sheet, { classes: classesIn(html) })).toBe(
      [
        "@layer theme,base,utilities;",
        "@layer base{html{line-height:1.5}*,:before{box-sizing:border-box}}",
        '@layer utilities{.flex{display:flex}.md\\:grid{x:1}.\\32 xl\\:p-4{padding:1rem}.w-1\\/2{width:50%}.\\[\\&_a\\]\\:underline a{text-decoration:underline}.before\\:content-\\[\\"\\{\\"\\]:before{content:"{"}',
        ".space-y-2>:not(:last-child){margin-block-end:.5rem}.a,.b{color:blue}",
        ".group:hover .group-hover\\:flex{display:flex}",
        "@media (min-width:48rem){.md\\:grid{display:grid}}}",

        "@keyframes spin{to{transform:rotate(360deg)}}",
        "[data-open]{display:block}",
      ].join(""),
    );
  });

  it("counts a class under :not() as not needed, and drops a block left empty", () => {
    const used = usedCss(sheet, { classes: classesIn('<b class="peer x hidden"></b>') });
    expect(used).toContain(".peer:not(.open)~.x{color:red}");
    expect(used).toContain(".hidden{display:none}");
    expect(used).toContain("@media (min-width:48rem){.hidden{opacity:0}}");
    expect(usedCss(sheet, { classes: new Set() })).not.toContain("@media");
  });

  it("keeps the custom properties the kept rules and the markup's styles use, and those they refer to", () => {
    const themed = parseStylesheet(
      [
        "@layer theme{:root,:host{--color-a:red;--shadow:0 0 var(--color-b);--color-b:blue;--color-c:green;--gap:4px;--unused:1}}",
        "@property --tw-shadow{syntax:'*';inherits:false}@property --tw-unused{syntax:'*';inherits:false}",
        "@layer properties{*,:before{--tw-shadow:0 0 #0000;--tw-unused:0}}",
        ".card{box-shadow:var(--shadow);--tw-shadow:1}.other{color:var(--color-c)}",
        "html{color:var(--color-a)}",
      ].join(""),
    );
    const html = '<div class="card" style="gap:var(--gap)"></div>';
    expect(usedCss(themed, { classes: classesIn(html), variables: variablesIn(html) })).toBe(
      [
        "@layer theme{:root,:host{--color-a:red;--shadow:0 0 var(--color-b);--color-b:blue;--gap:4px}}",
        "@property --tw-shadow{syntax:'*';inherits:false}",
        "@layer properties{*,:before{--tw-shadow:0 0 #0000}}",
        ".card{box-shadow:var(--shadow);--tw-shadow:1}",
        "html{color:var(--color-a)}",
      ].join(""),
    );
  });

  it("keeps a rule that names element types only where the markup has one of them, looking into no parentheses", () => {
    const base = parseStylesheet(
      [
        "@layer base{*,::after{margin:0}html,:host{line-height:1.5}b,strong{font-weight:bolder}",
        "table{border-collapse:collapse}abbr:where([title]){text-decoration:underline dotted}",
        "input::placeholder{opacity:1}::backdrop{font:inherit}:is(h1,h2) small{font-size:80%}}",
        ".prose p{margin:1em 0}.prose>ul li{list-style:disc}#top{x:1}",
      ].join(""),
    );
    const used = usedCss(
      base,
      markupIn('<html><body><p class="prose"><strong>x</strong><small></small><input></p></body></html>'),
    );
    expect(used).toBe(
      [
        "@layer base{*,::after{margin:0}html,:host{line-height:1.5}b,strong{font-weight:bolder}",
        "input::placeholder{opacity:1}::backdrop{font:inherit}:is(h1,h2) small{font-size:80%}}",
        ".prose p{margin:1em 0}#top{x:1}",
      ].join(""),
    );
  });

  it("counts nothing under a hidden element: only the scripts show it, after the whole stylesheet", () => {
    const html = [
      '<main class="a"><section hidden="" class="b"><section class="c"></section><img class="d"/><table></table></section>',
      '<p class="e" title="a hidden gem">x</p><input hidden="" class="f"/><script>"<div class=\\"g\\">"</script>',
      '<div hidden="until-found" class="h"></div></main>',
    ].join("");
    expect(withoutHidden(html)).toBe(
      '<main class="a"><p class="e" title="a hidden gem">x</p><script>"<div class=\\"g\\">"</script><div hidden="until-found" class="h"></div></main>',
    );
    const markup = markupIn(html);
    expect([...markup.classes].sort()).toEqual(["a", "e", "h"]);
    expect(markup.types?.has("table")).toBe(false);
    // An element left open hides what follows it, as a browser would.
    expect(withoutHidden('<div class="a"></div><div hidden=""><div></div>')).toBe('<div class="a"></div>');
  });

  it("keeps the rules for an input's own pseudo-elements only where the page has that kind of input", () => {
    const base = parseStylesheet(
      [
        "::placeholder{opacity:1}::-webkit-datetime-edit{display:inline-flex}::-webkit-date-and-time-value{min-height:1lh}",
        "::file-selector-button{font:inherit}.file\\:mr-4::file-selector-button{margin-right:1rem}",
        "::-webkit-search-decoration{-webkit-appearance:none}::-webkit-inner-spin-button{height:auto}",
      ].join(""),
    );
    const numberOnly = usedCss(base, markupIn('<form><input type="number"/><input/></form>'));
    expect(numberOnly).toBe("::placeholder{opacity:1}::-webkit-inner-spin-button{height:auto}");
    const every = usedCss(
      base,
      markupIn('<input type="DATETIME-LOCAL"/><input class="file:mr-4" type="file"/><input type="search"/>'),
    );
    expect(every).toBe(
      base.nodes.map((node) => (node.kind === "rule" || node.kind === "text" ? node.text : "")).join(""),
    );
  });
});
