import { type ReactNode, useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { useHydratedControls } from "../../components/ui/use-hydrated.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import { tabForLocation } from "./location-target.ts";
import { REVIEWS_SCROLL_DELAY_MS, scrollToWithOffset } from "./product-scroll.ts";

export type ProductTab = { id: string; title: string; content: ReactNode };

/**
 * Description, additional information and reviews as ARIA tabs (roving tabindex, arrow keys, Home,
 * End). The server renders every panel as a plain titled section, so without JavaScript all are
 * readable; the tab list appears once the page is hydrated. The address decides the open tab:
 * review anchors and comment paging open reviews (scrolled to after 500 ms), `#tab-{id}` opens that
 * tab, and `#anything` inside a closed panel opens the panel before scrolling to it.
 */
export function ProductTabs({ tabs }: { tabs: ProductTab[] }) {
  const { t } = useTranslation();
  const hydrated = useHydratedControls();
  const location = useLocation();
  const [active, setActive] = useState(tabs[0]?.id ?? "");
  const tabRefs = useRef(new Map<string, HTMLButtonElement>());
  const rootRef = useRef<HTMLDivElement>(null);
  const ids = tabs.map((tab) => tab.id).join(",");

  // The location is what this follows: it runs again whenever the hash or query changes. It starts
  // once the tab list is shown: a scroll measured before would aim at the page without tabs.
  useEffect(() => {
    if (!hydrated) return;
    let timer: number | undefined;
    const follow = () => {
      window.clearTimeout(timer);
      const { hash, href } = window.location;
      const target = tabForLocation(hash, href, ids.split(","));
      if (target === "reviews") {
        setActive("reviews");
        timer = window.setTimeout(() => {
          const reviews = document.getElementById("reviews");
          if (reviews) scrollToWithOffset(reviews);
        }, REVIEWS_SCROLL_DELAY_MS);
        return;
      }
      if (target) {
        setActive(target);
        requestAnimationFrame(() => rootRef.current && scrollToWithOffset(rootRef.current));
        return;
      }
      if (hash.length < 2) return;
      const anchor = document.getElementById(decodeURIComponent(hash.slice(1)));
      const panel = anchor?.closest<HTMLElement>("[data-tab-panel]");
      if (!anchor || !panel?.dataset.tabPanel) return;
      setActive(panel.dataset.tabPanel);
      requestAnimationFrame(() => scrollToWithOffset(anchor));
    };
    follow();
    window.addEventListener("hashchange", follow);
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener("hashchange", follow);
    };
  }, [hydrated, ids, location.hash, location.search]);

  const select = (id: string, focus: boolean) => {
    setActive(id);
    if (focus) tabRefs.current.get(id)?.focus();
  };
  const onKeyDown = (event: React.KeyboardEvent, index: number) => {
    const last = tabs.length - 1;
    const next =
      event.key === "ArrowRight"
        ? index === last
          ? 0
          : index + 1
        : event.key === "ArrowLeft"
          ? index === 0
            ? last
            : index - 1
          : event.key === "Home"
            ? 0
            : event.key === "End"
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    select(tabs[next]!.id, true);
  };

  return (
    <div ref={rootRef} className="product-tabs mt-12">
      {hydrated && (
        <div
          role="tablist"
          aria-label={t("product.details")}
          className="mb-4 flex gap-1 border-b border-stone-300"
        >
          {tabs.map((tab, index) => (
            <button
              key={tab.id}
              ref={(element) => {
                if (element) tabRefs.current.set(tab.id, element);
                else tabRefs.current.delete(tab.id);
              }}
              type="button"
              role="tab"
              id={`tab-title-${tab.id}`}
              aria-controls={`tab-${tab.id}`}
              aria-selected={active === tab.id}
              tabIndex={active === tab.id ? 0 : -1}
              onClick={() => select(tab.id, false)}
              onKeyDown={(event) => onKeyDown(event, index)}
              className="-mb-px border-b-2 border-transparent px-4 py-2 font-semibold text-stone-600 aria-selected:border-brand aria-selected:text-stone-900"
            >
              {tab.title}
            </button>
          ))}
        </div>
      )}
      {tabs.map((tab) => (
        <section
          key={tab.id}
          id={`tab-${tab.id}`}
          data-tab-panel={tab.id}
          role={hydrated ? "tabpanel" : undefined}
          aria-labelledby={hydrated ? `tab-title-${tab.id}` : `tab-heading-${tab.id}`}
          tabIndex={hydrated ? 0 : undefined}
          hidden={hydrated && active !== tab.id}
          className="mt-8 first:mt-0"
        >
          <h2 id={`tab-heading-${tab.id}`} className={hydrated ? "sr-only" : "mb-2 text-xl font-semibold"}>
            {tab.title}
          </h2>
          {tab.content}
        </section>
      ))}
    </div>
  );
}
