import { BackOfficePage, backOfficeMeta } from "../../../features/admin/back-office-page.tsx";
import { MenuEditor } from "../../../features/admin/menus/menu-editor.tsx";
import { useTranslation } from "../../../i18n/use-translation.ts";
import type { Route } from "./+types/route";
import { loadMenuEditor } from "./admin-menus.server.ts";

export const loader = ({ context, request }: Route.LoaderArgs) => loadMenuEditor(context, request);

export const meta = () => backOfficeMeta("Menus");

/** `/admin/menus?menu={location}`: the header, footer and category menus, for administrators (decision 0036). */
export default function BackOfficeMenus({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { location, menus, menu, choices, saved, loadedAt } = loaderData;
  const notice = saved && t("backOffice.menus.saved", { menu: t(`backOffice.menus.locations.${location}`) });
  return (
    <BackOfficePage title={t("backOffice.menus.title")} notice={notice}>
      <MenuEditor key={`${location}-${loadedAt}`} menus={menus} menu={menu} choices={choices} />
    </BackOfficePage>
  );
}
