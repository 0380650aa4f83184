import type { AppLoadContext } from "react-router";
import { data, redirect } from "react-router";
import { HOME_PAGE_SLUG } from "../../lib/edit-links.ts";
import { pageDescription, RESERVED_PAGE_SLUGS } from "../../lib/page-blocks.ts";
import { buildPageBlocks } from "../../services/content/page-blocks.server.ts";
import { canPreviewDrafts } from "../../services/people/staff.server.ts";
import { movedTo } from "../../services/shared/redirects.server.ts";

/**
 * `/{slug}`: a content page (decision 0034). Published pages for everyone; a draft for staff who can
 * edit pages only, as a preview; everyone else, and any slug without a page, gets the not-found page.
 */
export async function loadContentPage(context: AppLoadContext, slug: string) {
  if (slug === HOME_PAGE_SLUG) throw redirect("/", 301);
  if ((RESERVED_PAGE_SLUGS as readonly string[]).includes(slug)) throw data(null, { status: 404 });
  const page = await buildPageBlocks(context, slug, { drafts: await canPreviewDrafts(context) });
  if (!page) {
    // A page whose address changed answers at its new one (decision 0034).
    const moved = await movedTo(context.db, `/${slug}`);
    throw moved ? redirect(moved, 301) : data(null, { status: 404 });
  }
  return { page, description: pageDescription(page.blocks) };
}
