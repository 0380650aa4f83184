import { useEffect, useRef, useState } from "react";
import { useTranslation } from "../../i18n/use-translation.ts";
import { type FeedPhoto, PHOTO_FEED_ACTION, PHOTO_FEED_DATA_CLASS } from "../../lib/photo-feed.ts";
import { PhotoFeedGrid } from "./photo-feed-grid.tsx";
import { useContentLightbox } from "./rich-text.tsx";

type FeedState =
  | { status: "waiting" }
  | { status: "shown"; photos: FeedPhoto[] }
  | { status: "failed"; message: string };

/** The feed call's answer: the photos, the server's error message, or null for an invalid answer. */
async function loadFeed(data: string, signal: AbortSignal): Promise<FeedState | null> {
  const query = new URLSearchParams({ action: PHOTO_FEED_ACTION, data });
  let body: unknown;
  try {
    const response = await fetch(`/ajax?${query}`, { headers: { Accept: "application/json" }, signal });
    body = await response.json();
  } catch (error) {
    if (signal.aborted) throw error;
    return null;
  }
  const answer = body as { success?: unknown; data?: unknown } | null;
  if (typeof answer?.success !== "boolean" || typeof answer.data !== "string") return null;
  if (!answer.success) return { status: "failed", message: answer.data };
  // The block renders the photos from the JSON the HTML carries: no HTML from the network is inserted.
  const html = new DOMParser().parseFromString(answer.data, "text/html");
  try {
    const photos: unknown = JSON.parse(
      html.querySelector(`script.${PHOTO_FEED_DATA_CLASS}`)?.textContent ?? "",
    );
    if (Array.isArray(photos) && photos.every(isFeedPhoto)) return { status: "shown", photos };
  } catch {}
  return null;
}

function isFeedPhoto(value: unknown): value is FeedPhoto {
  const photo = value as Partial<FeedPhoto> | null;
  return (
    typeof photo?.id === "string" &&
    typeof photo.src === "string" &&
    typeof photo.link === "string" &&
    typeof photo.alt === "string" &&
    Array.isArray(photo.sources) &&
    /^(https?:\/\/|\/(?!\/))/.test(photo.src) &&
    /^(https?:\/\/|\/(?!\/))/.test(photo.link)
  );
}

/**
 * The photo feed block (spec §3, §5, §7 call 7; decision 0029). Its photos are asked for when the
 * block comes near the viewport. A server-side error shows "Social feed error: {message}" to staff
 * (`showErrors`) and is only logged for everyone else, for whom the block goes away; an invalid
 * answer is only logged.
 */
export function PhotoFeed({
  title,
  headingId,
  data,
  limit,
  showErrors,
}: {
  title: string;
  headingId: string;
  data: string;
  limit: number;
  showErrors: boolean;
}) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<FeedState>({ status: "waiting" });
  const { onClick, lightbox } = useContentLightbox();

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const controller = new AbortController();
    const load = () =>
      loadFeed(data, controller.signal).then(
        (loaded) => {
          if (!loaded) console.error(t("photoFeed.invalidResponse"));
          else if (loaded.status === "failed")
            console.error(t("photoFeed.error", { message: loaded.message }));
          setState(loaded ?? { status: "failed", message: "" });
        },
        () => {},
      );
    const near = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        near.disconnect();
        void load();
      },
      { rootMargin: "300px" },
    );
    near.observe(element);
    return () => {
      near.disconnect();
      controller.abort();
    };
  }, [data, t]);

  if (state.status === "failed" && !(showErrors && state.message)) return null;
  return (
    <>
      {title && (
        <h2 id={headingId} className="mb-4 text-2xl font-semibold">
          {title}
        </h2>
      )}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: a delegated listener for the links inside, which are the controls. */}
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: links fire click on Enter too. */}
      <div ref={box} className="photo-feed-block" aria-busy={state.status === "waiting"} onClick={onClick}>
        {state.status === "shown" ? (
          <PhotoFeedGrid photos={state.photos} />
        ) : state.status === "failed" ? (
          <p role="alert" className="photo-feed-error rounded border-l-4 border-sale bg-red-50 px-4 py-3">
            {t("photoFeed.error", { message: state.message })}
          </p>
        ) : (
          <>
            <ul aria-hidden="true" className="grid grid-cols-2 gap-2 sm:grid-cols-4">
              {Array.from({ length: limit }, (_, i) => (
                <li key={i} className="aspect-square rounded bg-stone-100" />
              ))}
            </ul>
            <noscript>
              <p className="mt-2 text-stone-600">{t("photoFeed.noScript")}</p>
            </noscript>
          </>
        )}
        {lightbox}
      </div>
    </>
  );
}
