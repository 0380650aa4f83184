import type { AppLoadContext } from "react-router";
import { requireStaff } from "../admin/admin.server.ts";

/** Pictures a page of the media library lists, newest first. */
export const MEDIA_PER_PAGE = 100;

/**
 * A page of the media library (`?page=`, from 1; past the last, the last). The page's REST client
 * carries uploads, alt text and deletions.
 */
export async function loadMediaLibrary(context: AppLoadContext, request: Request) {
  await requireStaff(context, request);
  const asked = Number.parseInt(new URL(request.url).searchParams.get("page") ?? "1", 10);
  let page = Number.isSafeInteger(asked) && asked > 1 ? asked : 1;
  let { total, items } = await context.mediaLibrary.list({
    limit: MEDIA_PER_PAGE,
    offset: (page - 1) * MEDIA_PER_PAGE,
  });
  const pages = Math.max(1, Math.ceil(total / MEDIA_PER_PAGE));
  if (page > pages) {
    page = pages;
    ({ total, items } = await context.mediaLibrary.list({
      limit: MEDIA_PER_PAGE,
      offset: (page - 1) * MEDIA_PER_PAGE,
    }));
  }
  return { total, items, page, pages };
}
