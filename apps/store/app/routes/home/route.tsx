import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { buttonClassName } from "../../components/ui/button.tsx";
import { Picture } from "../../components/ui/picture.tsx";
import { ProductGrid } from "../../features/catalogue/index.ts";
import { BlockEditLinks, PhotoFeed, RichText } from "../../features/content/index.ts";
import { HOME_PAGE_SLUG } from "../../lib/edit-links.ts";
import { useRootData } from "../../root.tsx";
import type { Route } from "./+types/route";
import { type HomeBlock, loadHome } from "./home.server.ts";

export async function loader({ context }: Route.LoaderArgs) {
  return loadHome(context);
}

export function meta({ data }: Route.MetaArgs) {
  for (const block of data?.blocks ?? []) {
    if (block.type === "hero") return [{ title: block.title }, { name: "description", content: block.text }];
  }
  return [{ title: "Vitrine" }];
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const staff = useRootData()?.staff ?? null;
  const { t } = useTranslation();
  return (
    <div className="space-y-12">
      {loaderData.blocks.map((block) =>
        staff?.canEditPages ? (
          <div key={block.id} className="content-block relative" data-block-id={block.id}>
            <BlockEditLinks
              block={{
                pageSlug: HOME_PAGE_SLUG,
                blockId: block.id,
                menuId: block.type === "menu" ? block.menuId : null,
              }}
              label={blockLabel(block, t)}
            />
            <HomeBlockView block={block} showErrors />
          </div>
        ) : (
          <HomeBlockView key={block.id} block={block} showErrors={false} />
        ),
      )}
    </div>
  );
}

/** A block's name for its edit links: its title, or its kind when it has none. */
function blockLabel(block: HomeBlock, t: (key: string) => string): string {
  return ("title" in block && block.title) || t(`pages.blocks.${block.type}`);
}

function HomeBlockView({ block, showErrors }: { block: HomeBlock; showErrors: boolean }) {
  const { t } = useTranslation();
  switch (block.type) {
    case "hero":
      return (
        <section
          key={block.id}
          className="grid items-center gap-6 rounded-lg bg-emerald-50 p-6 md:grid-cols-2"
        >
          <div>
            <h1 className="text-4xl font-bold tracking-tight">{block.title}</h1>
            <p className="mt-4 text-lg text-stone-700">{block.text}</p>
            {block.cta && (
              <Link to={block.cta.url} className={buttonClassName({ size: "lg", className: "mt-6" })}>
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
        <section key={block.id} aria-labelledby={`block-${block.id}`}>
          <h2 id={`block-${block.id}`} className="mb-4 text-2xl font-semibold">
            {block.title || t("catalogue.featured")}
          </h2>
          <ProductGrid products={block.products} />
        </section>
      );
    case "text":
      return (
        <section key={block.id} aria-labelledby={block.title ? `block-${block.id}` : undefined}>
          {block.title && (
            <h2 id={`block-${block.id}`} className="mb-4 text-2xl font-semibold">
              {block.title}
            </h2>
          )}
          <RichText doc={block.body} className="max-w-3xl text-lg text-stone-700" />
        </section>
      );
    case "categories":
      return (
        <section key={block.id} aria-labelledby={`block-${block.id}`}>
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
        <section key={block.id} aria-labelledby={`block-${block.id}`}>
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
        <nav key={block.id} aria-labelledby={`block-${block.id}`} className="menu-block">
          <h2 id={`block-${block.id}`} className="mb-4 text-2xl font-semibold">
            {block.title || t("pages.blocks.menu")}
          </h2>
          <ul className="flex flex-wrap gap-3">
            {block.items.map((item) => (
              <li key={item.id}>
                <Link
                  to={item.url}
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
