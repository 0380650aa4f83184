import { renderSitemap } from "../../services/content/sitemap.server.ts";
import type { Route } from "./+types/route";

/** `/sitemap.xml` and, past 50,000 addresses, its parts `/sitemap/N.xml`. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const page =
    params.page === undefined ? null : /^[1-9]\d{0,5}$/.test(params.page) ? Number(params.page) : 0;
  const sitemap = await renderSitemap(context.db, context.config.publicUrl, page);
  return new Response(sitemap.xml, {
    status: sitemap.status,
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
