import { type Database, selectRows } from "@vitrine/db";
import { sql } from "drizzle-orm";
import { HOME_PAGE_SLUG } from "../../lib/edit-links.ts";
import { RESERVED_PAGE_SLUGS } from "../../lib/page-blocks.ts";

/** The sitemap protocol's limit of addresses per file; past it `/sitemap.xml` becomes an index. */
export const SITEMAP_URL_LIMIT = 50_000;

export type SitemapEntry = { path: string; lastmod: string | null };
export type SitemapFile = { status: 200 | 404; xml: string };

/**
 * Every address worth indexing, in a stable order: the home page, the shop, each published content
 * page (decision 0034), each category, each published product not hidden from the catalogue
 * (decision 0079), each tag that has one (decision 0076). The home page, the shop, the categories
 * and the tags carry the newest product change as their `lastmod`; content pages and products their
 * own change.
 */
const tagsInUse = sql`from tags where exists (select 1 from product_tags pt join products p on p.id = pt.product_id
  where pt.tag_id = tags.id and p.status = 'publish' and p.catalog_visibility <> 'hidden')`;
const contentPages = sql`from pages where status = 'publish' and position('/' in slug) = 0 and slug not in (${sql.join(
  [HOME_PAGE_SLUG, ...RESERVED_PAGE_SLUGS].map((slug) => sql`${slug}`),
  sql`, `,
)})`;

async function countEntries(db: Database): Promise<number> {
  const [row] = await selectRows<{ total: string | number }>(
    db,
    sql`select 2 + (select count(*) ${contentPages}) + (select count(*) from categories) + (select count(*) from products where status = 'publish' and catalog_visibility <> 'hidden') + (select count(*) ${tagsInUse}) as total`,
  );
  return Number(row?.total ?? 2);
}

async function loadEntries(db: Database, offset: number, limit: number): Promise<SitemapEntry[]> {
  const rows = await selectRows<{ path: string; lastmod: Date | string | null }>(
    db,
    sql`with newest as (select max(updated_at) as at from products where status = 'publish' and catalog_visibility <> 'hidden')
      select path, lastmod from (
        select 0 as kind, 0 as id, '/' as path, (select at from newest) as lastmod
        union all select 1, 0, '/shop', (select at from newest)
        union all select 2, id, '/' || slug, updated_at ${contentPages}
        union all select 3, id, '/product-category/' || slug, (select at from newest) from categories
        union all select 4, id, '/product/' || slug, updated_at from products where status = 'publish' and catalog_visibility <> 'hidden'
        union all select 5, id, '/product-tag/' || slug, (select at from newest) ${tagsInUse}
      ) entries
      order by kind, id
      limit ${limit} offset ${offset}`,
  );
  return rows.map((row) => ({
    path: row.path.split("/").map(encodeURIComponent).join("/"),
    lastmod: row.lastmod === null ? null : new Date(row.lastmod).toISOString(),
  }));
}

const escapeXml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/**
 * `/sitemap.xml` (`page` null) and its parts (`page` 1…N). Up to `pageSize` addresses it is one
 * `urlset`; past that it is a `sitemapindex` of `/sitemap/N.xml` files.
 */
export async function renderSitemap(
  db: Database,
  origin: string,
  page: number | null,
  pageSize = SITEMAP_URL_LIMIT,
): Promise<SitemapFile> {
  const total = await countEntries(db);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  if (page === null && pageCount > 1) {
    const parts = Array.from(
      { length: pageCount },
      (_, index) => `<sitemap><loc>${escapeXml(`${origin}/sitemap/${index + 1}.xml`)}</loc></sitemap>`,
    );
    return {
      status: 200,
      xml: `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${parts.join("\n")}\n</sitemapindex>\n`,
    };
  }
  const index = page ?? 1;
  if (index < 1 || index > pageCount || (page !== null && pageCount === 1)) return { status: 404, xml: "" };
  const entries = await loadEntries(db, (index - 1) * pageSize, pageSize);
  const urls = entries.map(
    (entry) =>
      `<url><loc>${escapeXml(origin + entry.path)}</loc>${entry.lastmod ? `<lastmod>${entry.lastmod}</lastmod>` : ""}</url>`,
  );
  return {
    status: 200,
    xml: `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`,
  };
}

/** Pages that hold a shopper's own state, or endless search variations, stay out of search engines. */
export function robotsTxt(origin: string): string {
  return [
    "User-agent: *",
    "Disallow: /cart",
    "Disallow: /checkout",
    "Disallow: /my-account",
    "Disallow: /search",
    "Disallow: /ajax",
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
}
