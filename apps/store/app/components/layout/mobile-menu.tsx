import { type ReactNode, useState } from "react";
import { NavLink } from "react-router";
import { useTranslation } from "../../i18n/use-translation.ts";
import { affiliateLinkProps } from "../../lib/affiliate-links.ts";
import type { MenuItem } from "../../lib/menu.ts";
import { Drawer } from "../ui/drawer.tsx";
import { MENU_TOGGLE_CLASS, MenuIcon } from "./menu-toggle.tsx";

/**
 * On screens up to 849 px wide (spec §9) the main menu lives in an off-canvas drawer opened from
 * the compact header bar (decision 0025). The header renders it once scripts run (its code loads
 * then); before that the bar's Menu link shows the main menu below the bar (decision 0045). The
 * language switch is here too: the bar has no room for it (decision 0052).
 */
export function MobileMenu({ items, languages }: { items: MenuItem[]; languages: ReactNode }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  const renderItems = (nodes: MenuItem[], nested: boolean) => (
    <ul className={nested ? "mt-1 space-y-1 border-l border-stone-200 pl-4" : "space-y-2"}>
      {nodes.map((item) => (
        <li key={item.id}>
          <NavLink
            to={item.url}
            {...affiliateLinkProps(item.url)}
            onClick={close}
            className="block py-1 hover:text-brand"
          >
            {item.label}
          </NavLink>
          {item.children.length > 0 && renderItems(item.children, true)}
        </li>
      ))}
    </ul>
  );
  return (
    <Drawer
      open={open}
      onOpenChange={setOpen}
      title={t("site.mainMenu")}
      closeLabel={t("site.closeMenu")}
      id="main-menu-drawer"
      trigger={
        <button type="button" className={MENU_TOGGLE_CLASS} aria-label={t("site.openMenu")}>
          <MenuIcon />
        </button>
      }
    >
      <nav aria-label={t("site.mainMenu")} className="font-medium">
        <ul className="mb-2">
          <li>
            <NavLink to="/shop" onClick={close} className="block py-1 hover:text-brand">
              {t("site.shop")}
            </NavLink>
          </li>
        </ul>
        {renderItems(items, false)}
      </nav>
      {languages}
    </Drawer>
  );
}
