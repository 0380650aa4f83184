import { affiliateLinkChange, affiliateLinkInput } from "../../lib/affiliate-link-resource.ts";
import {
  createAffiliateLink,
  deleteAffiliateLink,
  listAffiliateLinks,
  updateAffiliateLink,
} from "../../services/content/affiliate-links.server.ts";
import * as rest from "./rest-route.server.ts";

/**
 * Affiliate links for administrators (decision 0035): `GET|POST /affiliate-links`,
 * `PUT|DELETE /affiliate-links/{slug}`. Records are `{slug, target_url, clicks, created_at}`.
 */

const notFound = () =>
  new rest.RestError(404, "vitrine_affiliate_not_found", "There is no such affiliate link.");
const slugParam = (req: Parameters<rest.Handler>[2]) => String(req.params.slug ?? "");

const list: rest.Handler = async (context, _caller, _req, res) => {
  res.set("Cache-Control", "no-store").json((await listAffiliateLinks(context.db)).map(rest.snakeCaseKeys));
};

const create: rest.Handler = async (context, _caller, req, res) => {
  const body = rest.parsed(affiliateLinkInput, req.body, "body");
  const link = await rest.refusing(() => createAffiliateLink(context.db, body));
  res.status(201).json(rest.snakeCaseKeys(link));
};

const update: rest.Handler = async (context, _caller, req, res) => {
  const body = rest.parsed(affiliateLinkChange, req.body, "body");
  const link = await updateAffiliateLink(context.db, slugParam(req), body);
  if (!link) throw notFound();
  res.json(rest.snakeCaseKeys(link));
};

const remove: rest.Handler = async (context, _caller, req, res) => {
  const slug = slugParam(req);
  if (!(await deleteAffiliateLink(context.db, slug))) throw notFound();
  res.json({ slug, deleted: true });
};

export const affiliateLinkRoutes: rest.RestRoute[] = [
  { method: "get", path: "/affiliate-links", needs: "admin", handler: list },
  { method: "post", path: "/affiliate-links", needs: "admin", handler: create },
  { method: "put", path: "/affiliate-links/:slug", needs: "admin", handler: update },
  { method: "delete", path: "/affiliate-links/:slug", needs: "admin", handler: remove },
];
