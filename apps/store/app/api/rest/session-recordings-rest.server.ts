import { ANALYTICS_SESSION_ID } from "../../lib/analytics.ts";
import { sessionRecordingEvents } from "../../services/analytics/session-recordings.server.ts";
import * as rest from "./rest-route.server.ts";

/**
 * `GET /analytics/sessions/{session}/recording`: a session's recorded rrweb events in time order,
 * `{session, events}`, for administrators (decision 0041); 404 when the session has no recording.
 * The replay page fetches it once its player has loaded, so the events never weigh on a document.
 */
const recording: rest.Handler = async (context, _caller, req, res) => {
  const session = String(req.params.session ?? "");
  const events = ANALYTICS_SESSION_ID.test(session)
    ? await sessionRecordingEvents(context.db, session)
    : null;
  if (!events) throw new rest.RestError(404, "rest_not_found", "This session has no recording.");
  res.json({ session, events });
};

export const sessionRecordingRoutes: rest.RestRoute[] = [
  { method: "get", path: "/analytics/sessions/:session/recording", needs: "admin", handler: recording },
];
