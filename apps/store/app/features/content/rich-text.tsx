import { type MouseEvent, type ReactNode, useState } from "react";
import { lazyPart, PartSlot } from "../../components/ui/lazy-part.tsx";
import { AFFILIATE_REL, isAffiliateHref } from "../../lib/affiliate-links.ts";
import type { RichText as RichTextDoc } from "../../lib/rich-text.ts";
import type { ContentSlide } from "./content-lightbox.tsx";

/**
 * A block of rich text (decision 0027). Links to pictures and to videos of the two video services
 * open in a lightbox gallery of this block's pictures and videos; video files play in place. Before
 * scripts run (or without them) every link is a plain link to what it shows.
 */
export function RichText({ doc, className = "" }: { doc: RichTextDoc; className?: string }) {
  const { onClick, lightbox } = useContentLightbox();

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a delegated listener for the links inside, which are the controls.
    // biome-ignore lint/a11y/useKeyWithClickEvents: links fire click on Enter too.
    <div className={`rich-text space-y-4 ${className}`} onClick={onClick}>
      {doc.map((paragraph, p) => (
        <p key={`paragraph-${p}`}>
          {paragraph.map((inline, i) => {
            const key = `${p}-${i}`;
            if (inline.t === "text") return <span key={key}>{inline.text}</span>;
            if (inline.t === "image")
              return (
                <img
                  key={key}
                  src={inline.src}
                  alt={inline.alt}
                  loading="lazy"
                  decoding="async"
                  className="my-2 inline-block max-w-full rounded"
                />
              );
            const { link } = inline;
            if (link.kind === "video-file")
              return (
                // biome-ignore lint/a11y/useMediaCaption: a linked file comes without captions the store could know of; the link inside names it.
                <video
                  key={key}
                  controls
                  preload="none"
                  className="content-video my-2 block w-full max-w-xl rounded bg-black"
                >
                  <source src={inline.href} type={link.type} />
                  <a href={inline.href}>{inline.text}</a>
                </video>
              );
            if (link.kind === "image")
              return (
                <a key={key} href={inline.href} data-lightbox="image" className="text-brand underline">
                  {inline.text}
                </a>
              );
            if (link.kind === "embed")
              return (
                <a
                  key={key}
                  href={inline.href}
                  data-lightbox="video"
                  data-embed={link.embed}
                  className="text-brand underline"
                >
                  {inline.text}
                </a>
              );
            return (
              <a
                key={key}
                href={inline.href}
                rel={isAffiliateHref(inline.href) ? AFFILIATE_REL : undefined}
                className="text-brand underline"
              >
                {inline.text}
              </a>
            );
          })}
        </p>
      ))}
      {lightbox}
    </div>
  );
}

/** The lightbox library and the embeds' player come with the first picture or video opened. */
const ContentLightbox = lazyPart("content-lightbox", () => import("./content-lightbox.tsx"));

/**
 * The lightbox of a content block (decision 0027): a click on one of the block's links marked
 * `data-lightbox` (`image`, or `video` with `data-embed`) opens a gallery of all of them, in the
 * order they appear. Put `onClick` on the block's element and render `lightbox` inside it. (It
 * lives here, beside its first user, so that pages with rich text load one script for both.)
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
