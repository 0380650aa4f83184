import { type AppLoadContext, data } from "react-router";
import { ANALYTICS_SESSION_ID } from "../../../lib/analytics.ts";
import { sessionRecordingSummary } from "../../../services/analytics/session-recordings.server.ts";
import { requireAdmin } from "../../../services/people/staff-access.server.ts";

/**
 * `/admin/analytics/sessions/:session` (decision 0041): what the replay page says about a session, for
 * administrators; null when it has no recording. The events themselves are fetched by the page from
 * `GET /analytics/sessions/{session}/recording` once its player has loaded, so they never weigh on
 * the document.
 */
export async function loadSessionReplay(
  context: AppLoadContext,
  request: Request,
  session: string | undefined,
) {
  await requireAdmin(context, request);
  if (!session || !ANALYTICS_SESSION_ID.test(session)) throw data(null, { status: 404 });
  return { session, summary: await sessionRecordingSummary(context.db, session) };
}
