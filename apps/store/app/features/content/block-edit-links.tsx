import { useLayoutEffect, useRef } from "react";
import { useTranslation } from "../../i18n/use-translation.ts";
import { type BlockRef, pageBuilderLink, platformEditorLink, toolbarShift } from "../../lib/edit-links.ts";

/**
 * The edit links of a content block, for users who can edit pages (spec §6): the block in the page
 * builder and in the platform editor. The toolbar sits at the block's top right corner and keeps
 * 20 px from the viewport's edges (spec §9), whatever the block's width. It sits 4 px in from the
 * corner, so that beside the page's 16 px padding the server's place is already 20 px from a phone's
 * edge and nothing moves when scripts run (decision 0045).
 */
export function BlockEditLinks({ block, label }: { block: BlockRef; label: string }) {
  const { t } = useTranslation();
  const toolbar = useRef<HTMLElement>(null);

  useLayoutEffect(() => {
    const element = toolbar.current;
    if (!element) return;
    const place = () => {
      element.style.translate = "";
      const shift = toolbarShift(element.getBoundingClientRect(), document.documentElement.clientWidth);
      element.style.translate = shift ? `${shift}px 0` : "";
    };
    place();
    const resized = new ResizeObserver(place);
    resized.observe(document.documentElement);
    return () => resized.disconnect();
  }, []);

  return (
    <nav
      ref={toolbar}
      aria-label={t("editLinks.label", { block: label })}
      className="block-edit-links absolute -top-3 right-1 z-10 flex gap-1 rounded bg-stone-900 p-1 text-xs text-white shadow"
    >
      <a
        href={pageBuilderLink(block)}
        className="rounded px-2 py-1 hover:bg-stone-700 focus-visible:outline-2 focus-visible:outline-white"
      >
        {t("editLinks.pageBuilder")}
      </a>
      <a
        href={platformEditorLink(block)}
        className="rounded px-2 py-1 hover:bg-stone-700 focus-visible:outline-2 focus-visible:outline-white"
      >
        {t("editLinks.platformEditor")}
      </a>
    </nav>
  );
}
