import { MediaLibrary } from "../../features/back-office/index.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import type { Route } from "./+types/route";
import { loadMediaLibrary } from "./media.server.ts";

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadMediaLibrary(context, request);
}

export function meta() {
  return [{ title: "Media library" }, { name: "robots", content: "noindex" }];
}

export default function BackOfficeMedia({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <section>
      <h1 className="mb-6 text-3xl font-semibold">{t("backOffice.media.title")}</h1>
      <MediaLibrary initial={loaderData.items} />
    </section>
  );
}
