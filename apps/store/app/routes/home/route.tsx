import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { buttonClassName } from "../../components/ui/button.tsx";
import { Picture } from "../../components/ui/picture.tsx";
import { ProductGrid } from "../../features/catalogue/index.ts";
import { RichText } from "../../features/content/index.ts";
import type { Route } from "./+types/route";
import { loadHome } from "./home.server.ts";

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
  const { t } = useTranslation();
  return (
    <div className="space-y-12">
      {loaderData.blocks.map((block) => {
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
          default:
            return null;
        }
      })}
    </div>
  );
}
