import { Form } from "react-router";
import { ADMIN_BUTTON } from "../../../components/ui/back-office-classes.ts";
import { InputField } from "../../../components/ui/back-office-fields.tsx";
import { PageLinks } from "../../../components/ui/pagination.tsx";
import { BackOfficePage, backOfficeMeta } from "../../../features/admin/back-office-page.tsx";
import { MediaLibrary } from "../../../features/admin/media/media-library.tsx";
import { useTranslation } from "../../../i18n/use-translation.ts";
import type { Route } from "./+types/route";
import { loadMediaLibrary } from "./admin-media.server.ts";

export const loader = ({ context, request }: Route.LoaderArgs) => loadMediaLibrary(context, request);

export const meta = () => backOfficeMeta("Media library");

/** The address of a page of the list, keeping the search. */
function mediaPageHref(page: number, search: string): string {
  const params = new URLSearchParams();
  if (search) params.set("search", search);
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `/admin/media?${query}` : "/admin/media";
}

export default function BackOfficeMedia({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { items, page, pages, search, total } = loaderData;
  return (
    <BackOfficePage title={t("backOffice.media.title")}>
      {/* A GET form: the search and the page are the address, with or without JavaScript. */}
      <Form method="get" role="search" className="mb-6 max-w-xl space-y-2">
        <InputField
          key={search}
          label={t("backOffice.media.search")}
          hint={t("backOffice.media.searchHint")}
          type="search"
          name="search"
          maxLength={200}
          value={search}
        />
        <button type="submit" className={ADMIN_BUTTON}>
          {t("backOffice.media.searchButton")}
        </button>
      </Form>
      {search && (
        <p role="status" className="mb-4">
          {total === 0
            ? t("backOffice.media.noMatch", { search })
            : t("backOffice.media.matches", { count: total, search })}{" "}
          <a href="/admin/media" className="underline">
            {t("backOffice.media.showAll")}
          </a>
        </p>
      )}
      {/* Another page is another list: uploads and edits in progress belong to the one they began on. */}
      <MediaLibrary key={`${page} ${search}`} initial={items} searching={search !== ""} />
      <PageLinks
        label={t("backOffice.media.pages")}
        page={page}
        pages={pages}
        href={(n) => mediaPageHref(n, search)}
      />
    </BackOfficePage>
  );
}
