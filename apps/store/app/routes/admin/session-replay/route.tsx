import { BackOfficePage, backOfficeMeta } from "../../../features/admin/back-office-page.tsx";
import { SessionReplay } from "../../../features/admin/reports/session-replay.tsx";
import { useTranslation } from "../../../i18n/use-translation.ts";
import type { Route } from "./+types/route";
import { loadSessionReplay } from "./admin-session-replay.server.ts";

export const loader = ({ context, request, params }: Route.LoaderArgs) =>
  loadSessionReplay(context, request, params.session);

export const meta = () => backOfficeMeta("Session replay");

/** `/admin/analytics/sessions/:session`: a shopper's session played back (issue 18, decision 0041). */
export default function BackOfficeSessionReplay({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <BackOfficePage title={t("backOffice.sessionReplay.title")}>
      <SessionReplay session={loaderData.session} summary={loaderData.summary} />
    </BackOfficePage>
  );
}
