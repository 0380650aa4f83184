import { PageBlocks } from "../../features/content/page-blocks.tsx";
import { useTranslation } from "../../i18n/use-translation.ts";
import { useRootData } from "../../root-data.ts";
import type { Route } from "./+types/route";
import { loadContentPage } from "./content-page.server.ts";

export async function loader({ context, params }: Route.LoaderArgs) {
  return loadContentPage(context, params.slug);
}

export function meta({ data }: Route.MetaArgs) {
  if (!data) return [];
  return [
    { title: data.page.title },
    ...(data.description ? [{ name: "description", content: data.description }] : []),
    // A draft is staff's preview: never for search engines.
    ...(data.page.draft ? [{ name: "robots", content: "noindex" }] : []),
  ];
}

export default function ContentPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { page } = loaderData;
  const canEditPages = useRootData()?.staff?.canEditPages ?? false;
  return (
    <article className="space-y-12">
      {page.draft && (
        <p className="draft-notice border-l-4 border-amber-600 bg-amber-50 px-4 py-3 font-medium">
          {t("pages.draftPreview")}
        </p>
      )}
      {/* A hero first has the page's heading in it. */}
      {page.blocks[0]?.type !== "hero" && <h1 className="text-4xl font-bold tracking-tight">{page.title}</h1>}
      <PageBlocks blocks={page.blocks} pageSlug={page.slug} canEditPages={canEditPages} />
    </article>
  );
}
