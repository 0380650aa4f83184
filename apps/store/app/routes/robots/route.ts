import { robotsTxt } from "../../services/content/sitemap.server.ts";
import type { Route } from "./+types/route";

export function loader({ context }: Route.LoaderArgs) {
  return new Response(robotsTxt(context.config.publicUrl), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
