import { Link } from "react-router";
import { PageBuilder } from "../../../features/admin/pages/page-builder.tsx";
import { useTranslation } from "../../../i18n/use-translation.ts";
import type { Route } from "./+types/route";
import { loadPageBuilder } from "./admin-page.server.ts";

export async function loader({ context, request, params }: Route.LoaderArgs) {
  return loadPageBuilder(context, request, params.slug);
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: `Edit page ${data?.page.slug ?? ""}` }, { name: "robots", content: "noindex" }];
}

/** `/admin/pages/{slug}` (`?block={id}` marks a block): the page builder. */
export default function BackOfficePage({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { page, choices, focusBlock, saved, loadedAt } = loaderData;
  const name = page.title[i18n.language === "es" ? "es" : "en"] || page.title.en;
  return (
    <section>
      <p className="mb-2">
        <Link to="/admin/pages" className="text-brand underline">
          {t("backOffice.pages.back")}
        </Link>
      </p>
      <h1 className="mb-6 text-3xl font-semibold">{t("backOffice.pages.editNamed", { name })}</h1>
      {saved && (
        <p role="status" className="mb-4 border-l-4 border-brand bg-emerald-50 px-4 py-2">
          {t("backOffice.pages.saved")}
        </p>
      )}
      <PageBuilder key={loadedAt} page={page} choices={choices} focusBlock={focusBlock} />
    </section>
  );
}
