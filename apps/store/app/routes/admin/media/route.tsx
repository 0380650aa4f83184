import { PageLinks } from "../../../components/ui/pagination.tsx";
import { MediaLibrary } from "../../../features/admin/media/media-library.tsx";
import { useTranslation } from "../../../i18n/use-translation.ts";
import type { Route } from "./+types/route";
import { loadMediaLibrary } from "./admin-media.server.ts";

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadMediaLibrary(context, request);
}

export function meta() {
  return [{ title: "Media library" }, { name: "robots", content: "noindex" }];
}

const pageHref = (page: number) => (page > 1 ? `/admin/media?page=${page}` : "/admin/media");

export default function BackOfficeMedia({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { items, page, pages } = loaderData;
  return (
    <section>
      <h1 className="mb-6 text-3xl font-semibold">{t("backOffice.media.title")}</h1>
      {/* Another page is another list: uploads and edits in progress belong to the one they began on. */}
      <MediaLibrary key={page} initial={items} />
      <PageLinks label={t("backOffice.media.pages")} page={page} pages={pages} href={pageHref} />
    </section>
  );
}
