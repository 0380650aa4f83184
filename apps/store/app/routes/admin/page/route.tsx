import { BackOfficePage, backOfficeMeta } from "../../../features/admin/back-office-page.tsx";
import { PageBuilder } from "../../../features/admin/pages/page-builder.tsx";
import { useTranslation } from "../../../i18n/use-translation.ts";
import type { Route } from "./+types/route";
import { loadPageBuilder } from "./admin-page.server.ts";

export const loader = ({ context, request, params }: Route.LoaderArgs) =>
  loadPageBuilder(context, request, params.slug);

export const meta = ({ data }: Route.MetaArgs) => backOfficeMeta(`Edit page ${data?.page.slug ?? ""}`);

/** `/admin/pages/{slug}` (`?block={id}` marks a block): the page builder. */
export default function BackOfficePageBuilder({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { page, choices, focusBlock, saved, loadedAt } = loaderData;
  const name = page.title[i18n.language === "es" ? "es" : "en"] || page.title.en;
  return (
    <BackOfficePage
      title={t("backOffice.pages.editNamed", { name })}
      back={{ to: "/admin/pages", label: t("backOffice.pages.back") }}
      notice={saved && t("backOffice.pages.saved")}
    >
      <PageBuilder key={loadedAt} page={page} choices={choices} focusBlock={focusBlock} />
    </BackOfficePage>
  );
}
