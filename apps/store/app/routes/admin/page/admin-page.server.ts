import { type AppLoadContext, data } from "react-router";
import {
  categoryOptions,
  listCategoriesForAdmin,
} from "../../../services/catalogue/categories-admin.server.ts";
import { listProductsForAdmin, productListQuery } from "../../../services/catalogue/products-admin.server.ts";
import { builderChoices, pageForBuilder, pageRecord } from "../../../services/content/pages-admin.server.ts";
import { requireStaff } from "../../../services/people/staff-access.server.ts";

/** How many products the hand-picking list offers: the newest, and those the page already shows. */
const PRODUCT_CHOICES = 200;

/**
 * The page builder's data: the page as the REST API answers it, what its blocks can choose from
 * (categories, products, the media library's pictures, the store's menus) and the block the
 * storefront's edit link named (`?block=`).
 */
export async function loadPageBuilder(context: AppLoadContext, request: Request, slug: string) {
  await requireStaff(context, request);
  const page = await pageForBuilder(context.db, { slug });
  if (!page) throw data(null, { status: 404 });
  const [categories, products, library, { menus }] = await Promise.all([
    listCategoriesForAdmin(context.db),
    listProductsForAdmin(
      context.db,
      productListQuery({ orderby: "date", order: "desc" }, { limit: PRODUCT_CHOICES, offset: 0 }),
    ),
    context.mediaLibrary.list({ limit: 200, offset: 0 }),
    builderChoices(context.db),
  ]);
  const url = new URL(request.url);
  const block = Number(url.searchParams.get("block"));
  return {
    page: pageRecord(page),
    choices: {
      categories: categoryOptions(categories, context.locale),
      products: products.products.map((product) => ({ id: product.id, name: product.name ?? product.slug })),
      media: library.items.map((item) => ({
        id: item.id,
        name: item.alt_text[context.locale] || item.alt_text.en || item.filename,
        thumbnail: item.sizes.find((size) => size.format === "jpeg")?.url ?? item.source_url,
      })),
      menus,
    },
    focusBlock: page.blocks.some((each) => each.id === block) ? block : null,
    saved: url.searchParams.has("saved"),
    loadedAt: Date.now(),
  };
}
