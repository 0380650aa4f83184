import { SessionReplay } from "../../../features/admin/reports/session-replay.tsx";
import { useTranslation } from "../../../i18n/use-translation.ts";
import type { Route } from "./+types/route";
import { loadSessionReplay } from "./admin-session-replay.server.ts";

export async function loader({ context, request, params }: Route.LoaderArgs) {
  return loadSessionReplay(context, request, params.session);
}

export function meta() {
  return [{ title: "Session replay" }, { name: "robots", content: "noindex" }];
}

/** `/admin/analytics/sessions/:session`: a shopper's session played back (issue 18, decision 0041). */
export default function BackOfficeSessionReplay({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <section>
      <h1 className="mb-4 text-3xl font-semibold">{t("backOffice.sessionReplay.title")}</h1>
      <SessionReplay session={loaderData.session} summary={loaderData.summary} />
    </section>
  );
}
