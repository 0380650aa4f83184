import type { AppContext } from "../../context.server.ts";
import { HOME_PAGE_SLUG } from "../../lib/edit-links.ts";
import type { PageBlock } from "../../lib/page-blocks.ts";
import { buildPageBlocks } from "../../services/content/page-blocks.server.ts";
import { PageTags } from "../../services/shared/page-tags.server.ts";

/**
 * The home page's data: the published `home` page's blocks (none when it is missing or a draft),
 * with the names of what it shows for the page cache.
 */
export async function loadHome(context: AppContext): Promise<{ blocks: PageBlock[] }> {
  context.pageTags.add(PageTags.home);
  const page = await buildPageBlocks(context, HOME_PAGE_SLUG, { drafts: false });
  return { blocks: page?.blocks ?? [] };
}
