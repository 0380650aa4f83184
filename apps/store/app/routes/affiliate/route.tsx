import { data } from "react-router";
import { followAffiliateLink } from "../../services/content/affiliate-links.server.ts";
import type { Route } from "./+types/route";

/**
 * `/go/{slug}` and `/recommend/{slug}` (spec §2, decision 0035): a redirect to the affiliate link's
 * target, the click counted. Never cached (each follow counts) nor indexed. An unknown slug is the
 * store's not-found page in the shopper's language (the root's error boundary), which is why this is
 * a page route and not a resource route: a resource route would answer the thrown 404 as it is.
 */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const target = await followAffiliateLink(context.db, params.slug, request.method === "GET");
  if (!target) throw data(null, { status: 404 });
  return new Response(null, {
    status: 302,
    headers: { Location: target, "Cache-Control": "no-store", "X-Robots-Tag": "noindex, nofollow" },
  });
}

export default function AffiliateRedirect() {
  return null;
}
