import { type RefObject, useEffect, useId, useState } from "react";
import { NavLink } from "react-router";
import { useTranslation } from "../../i18n/use-translation.ts";
import { affiliateLinkProps } from "../../lib/affiliate-links.ts";
import type { MenuItem } from "../../lib/menu.ts";

/**
 * The vertical category menu (spec §2 home page, §4; decision 0028): a "Browse categories" button
 * whose list flies out below it. On the home page, with the store setting
 * `header_nav_vertical_fly_out_frontpage`, the list is held open while the header is not stuck (also
 * without JavaScript); once the header sticks it folds away and works like anywhere else.
 */
export function VerticalMenu({
  items,
  holdOpen,
  header,
}: {
  items: MenuItem[];
  /** The home page with the setting on. */
  holdOpen: boolean;
  header: RefObject<HTMLElement | null>;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [open, setOpen] = useState(false);
  const stuck = useHeaderStuck(header);
  const held = holdOpen && !stuck;
  const shown = held || open;
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape from the button or any link inside closes the list.
    <div
      className="vertical-menu relative"
      data-held-open={held ? "" : undefined}
      data-open={shown ? "" : undefined}
      onKeyDown={(event) => {
        if (event.key === "Escape" && open) setOpen(false);
      }}
    >
      <button
        type="button"
        className="vertical-menu-toggle flex items-center gap-2 rounded bg-stone-900 px-3 py-1.5 text-sm font-semibold text-white"
        aria-expanded={shown}
        aria-controls={id}
        onClick={() => setOpen(!shown)}
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4" fill="currentColor">
          <path d="M2 4h16v2H2zm0 5h16v2H2zm0 5h16v2H2z" />
        </svg>
        {t("site.browseCategories")}
      </button>
      <ul
        id={id}
        className="vertical-menu-list absolute left-0 top-full z-20 mt-1 w-64 border border-stone-200 bg-white py-2 text-sm shadow-lg"
      >
        {items.map((item) => (
          <li key={item.id}>
            <NavLink
              to={item.url}
              {...affiliateLinkProps(item.url)}
              className="block px-4 py-1.5 font-medium hover:bg-stone-100 hover:text-brand"
            >
              {item.label}
            </NavLink>
            {item.children.length > 0 && (
              <ul className="pb-1 pl-4">
                {item.children.map((child) => (
                  <li key={child.id}>
                    <NavLink
                      to={child.url}
                      {...affiliateLinkProps(child.url)}
                      className="block px-4 py-1 text-stone-700 hover:text-brand"
                    >
                      {child.label}
                    </NavLink>
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Whether the sticky header is stuck (its `stuck` class, set by `useStickyHeader`). */
function useHeaderStuck(header: RefObject<HTMLElement | null>): boolean {
  const [stuck, setStuck] = useState(false);
  useEffect(() => {
    const element = header.current;
    if (!element) return;
    const read = () => setStuck(element.classList.contains("stuck"));
    read();
    const observer = new MutationObserver(read);
    observer.observe(element, { attributes: true, attributeFilter: ["class"] });
    return () => observer.disconnect();
  }, [header]);
  return stuck;
}
