import { Link } from "react-router";
import { useTranslation } from "../../i18n/use-translation.ts";
import { pagesAround } from "../../lib/paging.ts";

const LINK = "block rounded border px-3 py-1";

/**
 * Numbered page links with "previous" and "next"; the current page is marked, not linked, and a gap
 * between two pages shown (a window of a long list) is an ellipsis that screen readers skip.
 */
export function Pagination({
  label,
  current,
  pages,
  previous,
  next,
}: {
  label: string;
  current: number;
  pages: Array<{ page: number; href: string }>;
  previous?: string | null;
  next?: string | null;
}) {
  const { t } = useTranslation();
  return (
    <nav aria-label={label} className="mt-10">
      <ul className="flex flex-wrap justify-center gap-2">
        {previous && (
          <li>
            <Link to={previous} rel="prev" className={LINK}>
              {t("catalogue.previous")}
            </Link>
          </li>
        )}
        {pages.map(({ page, href }, index) => [
          index > 0 && page > pages[index - 1]!.page + 1 && (
            <li key={`gap-${page}`} aria-hidden="true" className="px-1 py-1 text-stone-600">
              …
            </li>
          ),
          <li key={page}>
            {page === current ? (
              <span
                aria-current="page"
                className="block rounded border border-brand bg-brand px-3 py-1 text-white"
              >
                <span className="sr-only">{t("catalogue.pageN", { page })}</span>
                <span aria-hidden="true">{page}</span>
              </span>
            ) : (
              <Link to={href} className={LINK} aria-label={t("catalogue.pageN", { page })}>
                {page}
              </Link>
            )}
          </li>,
        ])}
        {next && (
          <li>
            <Link to={next} rel="next" className={LINK}>
              {t("catalogue.next")}
            </Link>
          </li>
        )}
      </ul>
    </nav>
  );
}

/**
 * A list's page links: the pages `pagesAround` the current one, with "previous" and "next"; nothing
 * when the list has one page.
 */
export function PageLinks({
  label,
  page,
  pages,
  href,
  either,
}: {
  label: string;
  page: number;
  pages: number;
  href: (page: number) => string;
  either?: number;
}) {
  if (pages <= 1) return null;
  return (
    <Pagination
      label={label}
      current={page}
      pages={pagesAround(page, pages, either).map((n) => ({ page: n, href: href(n) }))}
      previous={page > 1 ? href(page - 1) : null}
      next={page < pages ? href(page + 1) : null}
    />
  );
}
