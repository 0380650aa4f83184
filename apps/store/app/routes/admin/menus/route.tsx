import { MenuEditor } from "../../../features/admin/menus/menu-editor.tsx";
import { useTranslation } from "../../../i18n/use-translation.ts";
import type { Route } from "./+types/route";
import { loadMenuEditor } from "./admin-menus.server.ts";

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadMenuEditor(context, request);
}

export function meta() {
  return [{ title: "Menus" }, { name: "robots", content: "noindex" }];
}

/** `/admin/menus?menu={location}`: the header, footer and category menus, for administrators (decision 0036). */
export default function BackOfficeMenus({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { location, menus, menu, choices, saved, loadedAt } = loaderData;
  return (
    <section>
      <h1 className="mb-6 text-3xl font-semibold">{t("backOffice.menus.title")}</h1>
      {saved && (
        <p role="status" className="mb-4 border-l-4 border-brand bg-emerald-50 px-4 py-2">
          {t("backOffice.menus.saved", { menu: t(`backOffice.menus.locations.${location}`) })}
        </p>
      )}
      <MenuEditor key={`${location}-${loadedAt}`} menus={menus} menu={menu} choices={choices} />
    </section>
  );
}
