import { robotsTxt } from "../../services/sitemap.server.ts";
import type { Route } from "./+types/route";

export function loader({ request }: Route.LoaderArgs) {
  return new Response(robotsTxt(new URL(request.url).origin), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
