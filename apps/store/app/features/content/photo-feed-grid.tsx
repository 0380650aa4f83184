import { useTranslation } from "../../i18n/use-translation.ts";
import type { FeedPhoto } from "../../lib/photo-feed.ts";

/**
 * The photos of a feed block, as the feed call renders them into its HTML and as the block renders
 * them in the page. A photo of the store's own library opens in the block's lightbox; a post of
 * the photo service opens on the service, in a new tab.
 */
export function PhotoFeedGrid({ photos }: { photos: FeedPhoto[] }) {
  const { t } = useTranslation();
  if (photos.length === 0) return <p className="text-stone-600">{t("photoFeed.empty")}</p>;
  return (
    <ul className="photo-feed grid grid-cols-2 gap-2 sm:grid-cols-4">
      {photos.map((photo) => (
        <li key={photo.id}>
          <a
            href={photo.link}
            className="group block overflow-hidden rounded focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
            {...(photo.linkIsImage
              ? { "data-lightbox": "image", "data-alt": photo.alt }
              : { target: "_blank", rel: "noopener noreferrer" })}
          >
            <picture>
              {photo.sources.map((source) => (
                <source
                  key={source.type}
                  type={source.type}
                  srcSet={source.srcSet}
                  sizes="(min-width: 640px) 25vw, 50vw"
                />
              ))}
              <img
                src={photo.src}
                alt={photo.alt}
                width={photo.width ?? undefined}
                height={photo.height ?? undefined}
                loading="lazy"
                decoding="async"
                className="aspect-square w-full object-cover transition-transform group-hover:scale-105 motion-reduce:transition-none"
              />
            </picture>
            {!photo.linkIsImage && <span className="sr-only">{t("photoFeed.opensInNewTab")}</span>}
          </a>
        </li>
      ))}
    </ul>
  );
}
