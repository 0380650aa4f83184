import { useState } from "react";
import { NavLink } from "react-router";
import { useTranslation } from "../../i18n/use-translation.ts";
import type { MenuItem } from "../../lib/menu.ts";
import { Drawer } from "../ui/drawer.tsx";

/**
 * On screens up to 849 px wide (spec §9) the main menu lives in an off-canvas drawer opened from
 * the compact header bar (decision 0025). The header renders it once scripts run (its code loads
 * then); before that the main menu stays in the page, wrapped, so it is never out of reach.
 */
export function MobileMenu({ items }: { items: MenuItem[] }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  const renderItems = (nodes: MenuItem[], nested: boolean) => (
    <ul className={nested ? "mt-1 space-y-1 border-l border-stone-200 pl-4" : "space-y-2"}>
      {nodes.map((item) => (
        <li key={item.id}>
          <NavLink to={item.url} onClick={close} className="block py-1 hover:text-brand">
            {item.label}
          </NavLink>
          {item.children.length > 0 && renderItems(item.children, true)}
        </li>
      ))}
    </ul>
  );
  return (
    <div className="mobile-menu min-[850px]:hidden">
      <Drawer
        open={open}
        onOpenChange={setOpen}
        title={t("site.mainMenu")}
        closeLabel={t("site.closeMenu")}
        id="main-menu-drawer"
        trigger={
          <button
            type="button"
            className="mobile-menu-toggle flex h-10 w-10 items-center justify-center rounded hover:bg-stone-100"
            aria-label={t("site.openMenu")}
          >
            <svg aria-hidden="true" viewBox="0 0 20 20" className="h-5 w-5" fill="currentColor">
              <path d="M2 4h16v2H2zm0 5h16v2H2zm0 5h16v2H2z" />
            </svg>
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
      </Drawer>
    </div>
  );
}
