import { type ReactNode, useEffect, useLayoutEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { useTranslation } from "../../i18n/use-translation.ts";
import { LineIcon } from "../ui/line-icon.tsx";
import { useHydrated } from "../ui/use-hydrated.ts";
import { HEADER_CONTROL_CLASS } from "./menu-toggle.tsx";

/** The search's box in the header: the phone's search control shows it while it is the target. */
export const HEADER_SEARCH_ID = "header-search";

/**
 * The header's search (decision 0052). From 850 px it is the search box, in the bar. Below that the
 * bar holds a search control and the box opens on demand, as a row below the bar: before scripts
 * the control is a link to the box, which CSS shows while it is the address's target; once scripts
 * run, a disclosure button in the same 40 px box (decision 0045) shows it, moves focus into the
 * field, and Escape closes it and gives focus back. The search box itself is its child (root.tsx
 * passes it in).
 */
export function HeaderSearch({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const focusOnOpen = useRef(false);

  // From here the button owns the box: CSS stops following the target (a history entry pushed by
  // the router would not change it), and a box opened by the link before scripts stays open.
  useLayoutEffect(() => {
    if (window.location.hash === `#${HEADER_SEARCH_ID}`) setOpen(true);
    document.documentElement.dataset.headerSearch = "ready";
  }, []);

  useEffect(() => {
    if (open && focusOnOpen.current)
      panel.current?.querySelector<HTMLInputElement>('input[name="s"]')?.focus();
    focusOnOpen.current = false;
  }, [open]);

  // A search sent or a suggestion chosen leads to another page: the box closes, as it does without scripts.
  const shownKey = useRef(location.key);
  useEffect(() => {
    if (shownKey.current === location.key) return;
    shownKey.current = location.key;
    if (panel.current?.contains(document.activeElement) && toggle.current?.offsetParent)
      toggle.current.focus();
    setOpen(false);
  }, [location.key]);

  const close = () => {
    setOpen(false);
    toggle.current?.focus();
  };
  const icon = (
    <LineIcon>
      <circle cx="8.5" cy="8.5" r="5.5" />
      <path d="m13 13 5 5" strokeLinecap="round" />
    </LineIcon>
  );
  const controlClass = `header-search-toggle ${HEADER_CONTROL_CLASS} min-[850px]:hidden`;
  return (
    <>
      {hydrated ? (
        <button
          ref={toggle}
          type="button"
          className={controlClass}
          aria-label={t("site.searchToggle")}
          aria-expanded={open}
          aria-controls={HEADER_SEARCH_ID}
          onClick={() => {
            focusOnOpen.current = !open;
            setOpen(!open);
          }}
        >
          {icon}
        </button>
      ) : (
        <a href={`#${HEADER_SEARCH_ID}`} className={controlClass} aria-label={t("site.searchToggle")}>
          {icon}
        </a>
      )}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: Escape from any field of the search closes it. */}
      <div
        ref={panel}
        id={HEADER_SEARCH_ID}
        className="header-search max-[850px]:order-last max-[850px]:basis-full max-[850px]:pt-2 min-[850px]:flex min-[850px]:flex-1"
        data-open={open ? "" : undefined}
        onKeyDown={(event) => {
          // The search's own Escape closes its suggestions first (and says so by preventing the default).
          if (event.key !== "Escape" || event.defaultPrevented || !open) return;
          if (toggle.current?.offsetParent === null) return;
          close();
        }}
      >
        {children}
      </div>
    </>
  );
}
