import { type ReactNode, useEffect, useId, useLayoutEffect, useRef, useState } from "react";
import { NavLink } from "react-router";
import { useTranslation } from "../../i18n/use-translation.ts";
import { affiliateLinkProps } from "../../lib/affiliate-links.ts";
import type { MenuItem } from "../../lib/menu.ts";
import { dropdownShift, hoverIntent } from "./hover-intent.ts";
import { MAIN_MENU_ID } from "./menu-toggle.tsx";

const linkClass = ({ isActive }: { isActive: boolean }) =>
  isActive ? "text-brand underline" : "hover:text-brand";

/**
 * The header's main menu (spec §4, decision 0025). Items with sub-items open a dropdown with hover
 * intent for the mouse, and by their toggle button (the disclosure pattern) for the keyboard and
 * touch; Escape closes it and returns to the button. Before scripts run, CSS opens a dropdown on
 * hover and while focus is inside it.
 */
export function MainMenu({ items, leading }: { items: MenuItem[]; leading?: ReactNode }) {
  const { t } = useTranslation();
  const listRef = useRef<HTMLUListElement>(null);
  useEffect(() => {
    document.documentElement.dataset.menus = "ready";
  }, []);
  return (
    <nav id={MAIN_MENU_ID} aria-label={t("site.mainMenu")} className="main-menu border-t border-stone-100">
      <ul
        ref={listRef}
        className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3 text-sm font-medium"
      >
        {leading && <li className="vertical-menu-item">{leading}</li>}
        <li>
          <NavLink to="/shop" className={linkClass}>
            {t("site.shop")}
          </NavLink>
        </li>
        {items.map((item) =>
          item.children.length > 0 ? (
            <DropdownItem key={item.id} item={item} container={listRef} />
          ) : (
            <li key={item.id}>
              <NavLink to={item.url} {...affiliateLinkProps(item.url)} className={linkClass}>
                {item.label}
              </NavLink>
            </li>
          ),
        )}
      </ul>
    </nav>
  );
}

function DropdownItem({
  item,
  container,
}: {
  item: MenuItem;
  container: React.RefObject<HTMLUListElement | null>;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [open, setOpen] = useState(false);
  const itemRef = useRef<HTMLLIElement>(null);
  const dropdownRef = useRef<HTMLUListElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);

  /** Whether the dropdown is open because the pointer rested on its item (not by a click). */
  const openedByHover = useRef(false);
  useEffect(
    () =>
      hoverIntent(itemRef.current!, {
        over: () =>
          setOpen((was) => {
            if (!was) openedByHover.current = true;
            return true;
          }),
        out: () => {
          openedByHover.current = false;
          setOpen(false);
        },
      }),
    [],
  );
  // Kept inside the menu's row when that row is wide enough (spec §9: at least 750 px).
  useLayoutEffect(() => {
    const dropdown = dropdownRef.current;
    const row = container.current;
    if (!open || !dropdown || !row) return;
    dropdown.style.transform = "";
    const shift = dropdownShift(row.getBoundingClientRect(), dropdown.getBoundingClientRect());
    if (shift !== 0) dropdown.style.transform = `translateX(${shift}px)`;
  }, [open, container]);

  return (
    <li
      ref={itemRef}
      className="menu-item has-dropdown relative flex items-center gap-1"
      data-open={open ? "" : undefined}
      onKeyDown={(event) => {
        if (event.key !== "Escape" || !open) return;
        setOpen(false);
        toggleRef.current?.focus();
      }}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <NavLink to={item.url} {...affiliateLinkProps(item.url)} className={linkClass}>
        {item.label}
      </NavLink>
      <button
        ref={toggleRef}
        type="button"
        className="menu-toggle rounded px-1 text-stone-600 hover:text-brand"
        aria-expanded={open}
        aria-controls={id}
        aria-label={t("site.submenu", { name: item.label })}
        onClick={(event) => {
          // The pointer that has just opened the dropdown by resting on the toggle clicks it to
          // open it: that click keeps it open. Keys (detail 0) and a second click toggle.
          const keep = event.detail > 0 && openedByHover.current;
          openedByHover.current = false;
          setOpen((was) => keep || !was);
        }}
      >
        <svg aria-hidden="true" viewBox="0 0 12 12" className="h-3 w-3" fill="currentColor">
          <path d="M2 4l4 4 4-4z" />
        </svg>
      </button>
      <ul
        ref={dropdownRef}
        id={id}
        className="menu-dropdown absolute left-0 top-full z-20 min-w-48 border border-stone-200 bg-white p-2 shadow-lg"
      >
        {item.children.map((child) => (
          <li key={child.id}>
            <NavLink
              to={child.url}
              {...affiliateLinkProps(child.url)}
              className="block px-2 py-1 hover:text-brand"
            >
              {child.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </li>
  );
}
