import { type AppLoadContext, data } from "react-router";
import { mediaListFilters } from "../../../lib/media-resource.ts";
import { listPage } from "../../../lib/paging.ts";
import { staffRequest } from "../../../services/people/staff-access.server.ts";

/** Pictures a page of the media library lists, newest first: as many as a page of the picker dialog. */
export const MEDIA_PER_PAGE = 40;

/**
 * A page of the media library (`?page=`; past the last, the last), narrowed by `?search=` to the
 * pictures whose file name or alt text has it, as the picker dialog's search. The page's REST client
 * carries uploads, alt text and deletions.
 */
export async function loadMediaLibrary(context: AppLoadContext, request: Request) {
  const { query } = await staffRequest(context, request, "staff");
  const filters = mediaListFilters.safeParse({ search: query.get("search") ?? undefined });
  if (!filters.success) throw data(null, { status: 400 });
  const search = filters.data.search ?? "";
  const asked = listPage(query, MEDIA_PER_PAGE);
  const list = (page: number) =>
    context.mediaLibrary.list({
      limit: MEDIA_PER_PAGE,
      offset: (page - 1) * MEDIA_PER_PAGE,
      search: search || undefined,
    });
  let found = await list(asked.page);
  const pages = asked.pages(found.total);
  const page = Math.min(asked.page, pages);
  if (page < asked.page) found = await list(page);
  return { ...found, page, pages, search };
}
