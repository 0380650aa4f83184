import { type MouseEvent, type ReactNode, useState } from "react";
import { lazyPart, PartSlot } from "../../components/ui/lazy-part.tsx";
import type { ContentSlide } from "./content-lightbox.tsx";

/** The lightbox library and the embeds' player come with the first picture or video opened. */
const ContentLightbox = lazyPart("content-lightbox", () => import("./content-lightbox.tsx"));

/**
 * The lightbox of a content block (decision 0027): a click on one of the block's links marked
 * `data-lightbox` (`image`, or `video` with `data-embed`) opens a gallery of all of them, in the
 * order they appear. Put `onClick` on the block's element and render `lightbox` inside it.
 */
export function useContentLightbox(): {
  onClick: (event: MouseEvent<HTMLElement>) => void;
  lightbox: ReactNode;
} {
  const [state, setState] = useState<{ slides: ContentSlide[]; index: number; open: boolean } | null>(null);

  const onClick = (event: MouseEvent<HTMLElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey)
      return;
    const link = (event.target as Element).closest<HTMLAnchorElement>("a[data-lightbox]");
    if (!link) return;
    event.preventDefault();
    const links = [...event.currentTarget.querySelectorAll<HTMLAnchorElement>("a[data-lightbox]")];
    const slides = links.map(
      (each): ContentSlide =>
        each.dataset.lightbox === "video"
          ? {
              type: "embed",
              embed: each.dataset.embed!,
              title: each.textContent ?? "",
              href: each.getAttribute("href") ?? "",
            }
          : {
              type: "image",
              src: each.getAttribute("href") ?? "",
              alt: each.dataset.alt ?? each.textContent ?? "",
            },
    );
    setState({ slides, index: links.indexOf(link), open: true });
  };

  const lightbox = state && (
    <PartSlot>
      <ContentLightbox
        slides={state.slides}
        index={state.index}
        open={state.open}
        onClose={() => setState({ ...state, open: false })}
      />
    </PartSlot>
  );
  return { onClick, lightbox };
}
