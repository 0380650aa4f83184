import type { AppContext } from "../../context.server.ts";
import { HOME_PAGE_SLUG } from "../../lib/edit-links.ts";
import { pageInput } from "../../lib/page-resource.ts";
import { isLegalPage } from "../../services/content/legal-pages.server.ts";
import {
  createPage,
  deletePage,
  listPagesForAdmin,
  pageForBuilder,
  pageRecord,
  savePage,
} from "../../services/content/pages-admin.server.ts";
import { PageTags } from "../../services/shared/page-tags.server.ts";
import * as rest from "./rest-route.server.ts";

/**
 * The page builder's calls, for editors and administrators (decision 0034): `GET|POST /pages`,
 * `GET|PUT|DELETE /pages/{id}`. A save sends the page whole: its blocks in order, each with its id
 * when it exists already.
 */

const notFound = () => new rest.RestError(404, "rest_post_invalid_id", "Invalid post ID.");

/**
 * A page's own cached copies, and the home page's when it is the home page. A legal page is linked
 * from every page (the consent banner's privacy link, decision 0051): a change to it drops every
 * cached page and the site cache that holds the links.
 */
function pageChanged(context: AppContext, pageId: number, slugs: string[]) {
  if (isLegalPage(context.settings, pageId)) return context.invalidatePages();
  context.invalidatePages([
    PageTags.page(pageId),
    ...(slugs.includes(HOME_PAGE_SLUG) ? [PageTags.home] : []),
  ]);
}

async function sendPage(context: AppContext, res: Parameters<rest.Handler>[3], pageId: number) {
  const page = await pageForBuilder(context.db, { id: pageId });
  if (!page) throw notFound();
  res.json(pageRecord(page));
}

const listPages: rest.Handler = async (context, _caller, _req, res) => {
  res.json((await listPagesForAdmin(context.db)).map(rest.snakeCaseKeys));
};

const getPage: rest.Handler = async (context, _caller, req, res) => {
  await sendPage(context, res, rest.parseId(req));
};

const postPage: rest.Handler = async (context, _caller, req, res) => {
  const body = rest.parsed(pageInput, req.body, "body");
  const pageId = await rest.refusing(() => createPage(context.db, body));
  res.status(201);
  await sendPage(context, res, pageId);
};

const putPage: rest.Handler = async (context, _caller, req, res) => {
  const pageId = rest.parseId(req);
  const body = rest.parsed(pageInput, req.body, "body");
  const saved = await rest.refusing(() => savePage(context.db, pageId, body));
  if (!saved) throw notFound();
  pageChanged(context, pageId, [saved.slug, saved.previousSlug]);
  await sendPage(context, res, pageId);
};

const deleteOnePage: rest.Handler = async (context, _caller, req, res) => {
  const pageId = rest.parseId(req);
  const deleted = await rest.refusing(() => deletePage(context.db, pageId));
  if (!deleted) throw notFound();
  pageChanged(context, pageId, [deleted.slug]);
  res.json({ id: pageId, deleted: true });
};

export const pageRoutes: rest.RestRoute[] = [
  { method: "get", path: "/pages", needs: "staff", handler: listPages },
  { method: "post", path: "/pages", needs: "staff", handler: postPage },
  { method: "get", path: "/pages/:id", needs: "staff", handler: getPage },
  { method: "put", path: "/pages/:id", needs: "staff", handler: putPage },
  { method: "delete", path: "/pages/:id", needs: "staff", handler: deleteOnePage },
];
