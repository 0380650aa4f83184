import type { Route } from "./+types/route";
import { answerDownload } from "./download.server.ts";

/** `GET /download/{order}/{permission}/{signature}`: a bought file, by its signed link (decision 0075). */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  return answerDownload(context, request, params);
}
