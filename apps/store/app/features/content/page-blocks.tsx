import { Link } from "react-router";
import { buttonClassName } from "../../components/ui/button.tsx";
import { Picture } from "../../components/ui/picture.tsx";
import { useTranslation } from "../../i18n/use-translation.ts";
import { affiliateLinkProps } from "../../lib/affiliate-links.ts";
import type { PageBlock } from "../../lib/page-blocks.ts";
import { ProductGrid } from "../catalogue/product-card.tsx";
import { BlockEditLinks } from "./block-edit-links.tsx";
import { PhotoFeed } from "./photo-feed.tsx";
import { RichText, useContentLightbox } from "./rich-text.tsx";

/**
 * A page's content blocks (decision 0034), the home page's and every other page's. Staff who can
 * edit pages get each block's edit links, which open the block of `pageSlug`.
 */
export function PageBlocks({
  blocks,
  pageSlug,
  canEditPages,
}: {
  blocks: PageBlock[];
  pageSlug: string;
  canEditPages: boolean;
}) {
  const { t } = useTranslation();
  return blocks.map((block) =>
    canEditPages ? (
      <div key={block.id} className="content-block relative" data-block-id={block.id}>
        <BlockEditLinks
          block={{ pageSlug, blockId: block.id, menuId: block.type === "menu" ? block.menuId : null }}
          label={block.title || t(`pages.blocks.${block.type}`)}
        />
        <PageBlockView block={block} showErrors />
      </div>
    ) : (
      <PageBlockView key={block.id} block={block} showErrors={false} />
    ),
  );
}

function PageBlockView({ block, showErrors }: { block: PageBlock; showErrors: boolean }) {
  const { t } = useTranslation();
  switch (block.type) {
    case "hero":
      return (
        <section className="grid items-center gap-6 rounded-lg bg-emerald-50 p-6 md:grid-cols-2">
          <div>
            <h1 className="text-4xl font-bold tracking-tight">{block.title}</h1>
            <p className="mt-4 text-lg text-stone-700">{block.text}</p>
            {block.cta && (
              <Link
                to={block.cta.url}
                {...affiliateLinkProps(block.cta.url)}
                className={buttonClassName({ size: "lg", className: "mt-6" })}
              >
                {block.cta.label}
              </Link>
            )}
          </div>
          {block.image && (
            <Picture
              image={block.image}
              sizes="(min-width: 768px) 50vw, 100vw"
              eager
              className="w-full rounded"
            />
          )}
        </section>
      );
    case "featured-products":
      return (
        <section aria-labelledby={`block-${block.id}`}>
          <h2 id={`block-${block.id}`} className="mb-4 text-2xl font-semibold">
            {block.title || t("catalogue.featured")}
          </h2>
          <ProductGrid products={block.products} />
        </section>
      );
    case "text":
      return (
        <section aria-labelledby={block.title ? `block-${block.id}` : undefined}>
          {block.title && (
            <h2 id={`block-${block.id}`} className="mb-4 text-2xl font-semibold">
              {block.title}
            </h2>
          )}
          <RichText doc={block.body} className="max-w-3xl text-lg text-stone-700" />
        </section>
      );
    case "gallery":
      return <GalleryBlock block={block} />;
    case "video":
      return (
        <section className="video-block" aria-labelledby={block.title ? `block-${block.id}` : undefined}>
          {block.title && (
            <h2 id={`block-${block.id}`} className="mb-4 text-2xl font-semibold">
              {block.title}
            </h2>
          )}
          <RichText doc={block.body} className="text-lg" />
        </section>
      );
    case "categories":
      return (
        <section aria-labelledby={`block-${block.id}`}>
          <h2 id={`block-${block.id}`} className="mb-4 text-2xl font-semibold">
            {block.title || t("catalogue.categories")}
          </h2>
          <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3">
            {block.categories.map((category) => (
              <li key={category.id}>
                <Link
                  to={`/product-category/${category.slug}`}
                  className="block rounded border border-stone-200 p-4 font-medium hover:border-brand hover:text-brand"
                >
                  {category.name}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      );
    case "photo-feed":
      return (
        <section aria-labelledby={`block-${block.id}`}>
          <PhotoFeed
            title={block.title || t("photoFeed.title")}
            headingId={`block-${block.id}`}
            data={block.data}
            limit={block.limit}
            showErrors={showErrors}
          />
        </section>
      );
    case "menu":
      return (
        <nav aria-labelledby={`block-${block.id}`} className="menu-block">
          <h2 id={`block-${block.id}`} className="mb-4 text-2xl font-semibold">
            {block.title || t("pages.blocks.menu")}
          </h2>
          <ul className="flex flex-wrap gap-3">
            {block.items.map((item) => (
              <li key={item.id}>
                <Link
                  to={item.url}
                  {...affiliateLinkProps(item.url)}
                  className="block rounded-full border border-stone-300 px-4 py-2 hover:border-brand hover:text-brand"
                >
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      );
    default:
      return null;
  }
}

/**
 * Thumbnails that link to their largest picture: without scripts plain links, with them one
 * lightbox gallery of the block's pictures (the content lightbox, as rich text's picture links).
 */
function GalleryBlock({ block }: { block: Extract<PageBlock, { type: "gallery" }> }) {
  const { t } = useTranslation();
  const { onClick, lightbox } = useContentLightbox();
  const count = block.images.length;
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a delegated listener for the links inside, which fire click on Enter too.
    <section
      className="gallery-block"
      aria-labelledby={block.title ? `block-${block.id}` : undefined}
      aria-label={block.title ? undefined : t("pages.blocks.gallery")}
      onClick={onClick}
    >
      {block.title && (
        <h2 id={`block-${block.id}`} className="mb-4 text-2xl font-semibold">
          {block.title}
        </h2>
      )}
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4">
        {block.images.map((image, index) => (
          <li key={`${image.id}-${index}`}>
            <a
              href={image.large}
              data-lightbox="image"
              data-alt={image.alt}
              aria-label={image.alt ? undefined : t("pages.gallery.picture", { n: index + 1, count })}
              className="block overflow-hidden rounded focus-visible:outline-2 focus-visible:outline-brand"
            >
              <Picture
                image={image}
                sizes="(min-width: 768px) 25vw, (min-width: 640px) 33vw, 50vw"
                className="aspect-square w-full object-cover transition hover:scale-105"
              />
            </a>
          </li>
        ))}
      </ul>
      {lightbox}
    </section>
  );
}
