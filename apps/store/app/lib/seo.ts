export type AlternateLink = { hrefLang: string; href: string };
export type SeoLinks = { canonical: string; alternates: AlternateLink[] };
