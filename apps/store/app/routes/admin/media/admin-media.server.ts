import type { AppLoadContext } from "react-router";
import { pageCount, pageNumber } from "../../../lib/paging.ts";
import { requireStaff } from "../../../services/people/staff-access.server.ts";

/** Pictures a page of the media library lists, newest first. */
export const MEDIA_PER_PAGE = 100;

/**
 * A page of the media library (`?page=`; past the last, the last). The page's REST client carries
 * uploads, alt text and deletions.
 */
export async function loadMediaLibrary(context: AppLoadContext, request: Request) {
  await requireStaff(context, request);
  const list = (page: number) =>
    context.mediaLibrary.list({ limit: MEDIA_PER_PAGE, offset: (page - 1) * MEDIA_PER_PAGE });
  const asked = pageNumber(new URL(request.url).searchParams.get("page"));
  let found = await list(asked);
  const pages = pageCount(found.total, MEDIA_PER_PAGE);
  const page = Math.min(asked, pages);
  if (page < asked) found = await list(page);
  return { ...found, page, pages };
}
