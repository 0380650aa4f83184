import type { Request, RequestHandler, Response } from "express";
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import { MEDIA_URL_PREFIX } from "../app/services/media/media.server.ts";

/**
 * The route a request went to, as the metrics name it (decision 0083): a bounded set of names,
 * never the path itself (a product's slug, an order's id). A REST route or an API router names
 * itself (`res.locals.route`); a page is its React Router route's id, matched on the build's route
 * table, whether the page cache or a render answered it; the rest by their kind.
 */
export function requestRoutes(build: () => Promise<ServerBuild>): (req: Request, res: Response) => string {
  let pageRoute: ((pathname: string) => string | null) | undefined;
  build()
    .then((loaded) => {
      pageRoute = pageRouteMatcher(loaded);
    })
    .catch(() => {});
  return (req, res) => {
    const named = res.locals.route as string | undefined;
    if (named) return named;
    if (req.path.startsWith("/assets/")) return "/assets";
    if (req.path.startsWith(MEDIA_URL_PREFIX)) return "/media";
    if (req.path.startsWith("/api/")) return "/api (no route)";
    return pageRoute?.(req.path) ?? "other";
  };
}

/** An Express router's requests named `route` in the metrics. */
export function labelled(route: string): RequestHandler {
  return (_req, res, next) => {
    res.locals.route = route;
    next();
  };
}

/** A page's route id for a path (a data request's `.data` path as its page's). */
function pageRouteMatcher(build: ServerBuild): (pathname: string) => string | null {
  const manifest = Object.values(build.routes).flatMap((route) => (route ? [route] : []));
  const childrenOf = (parentId: string | undefined): RouteObject[] =>
    manifest
      .filter((route) => route.parentId === parentId)
      .map((route) =>
        route.index
          ? { id: route.id, index: true, path: route.path }
          : {
              id: route.id,
              path: route.path,
              caseSensitive: route.caseSensitive,
              children: childrenOf(route.id),
            },
      );
  const tree = childrenOf(undefined);
  // matchRoutes flattens and ranks the whole table on every call: a quarter of a cached page's
  // time when it ran per request. A path is matched once and its name kept, for the most recent
  // paths (a crawler's many paths cost a match each, as a render would).
  const named = new Map<string, string | null>();
  return (pathname) => {
    const known = named.get(pathname);
    if (known !== undefined) return known;
    const page = pathname === "/_root.data" ? "/" : pathname.replace(/\.data$/, "");
    const id = matchRoutes(tree, page)?.at(-1)?.route.id ?? null;
    if (named.size >= NAMED_PATHS) named.delete(named.keys().next().value as string);
    named.set(pathname, id);
    return id;
  };
}

/** Paths whose route name is kept. */
const NAMED_PATHS = 5000;
