import type { SeoLinks as Links } from "../../lib/seo.ts";

/** `<link rel="canonical">` and one `rel="alternate"` per language, for the document head. */
export function SeoLinks({ links }: { links: Links }) {
  return (
    <>
      <link rel="canonical" href={links.canonical} />
      {links.alternates.map((alternate) => (
        <link key={alternate.hrefLang} rel="alternate" hrefLang={alternate.hrefLang} href={alternate.href} />
      ))}
    </>
  );
}
