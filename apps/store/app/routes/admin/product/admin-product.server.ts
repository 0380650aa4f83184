import { type AppLoadContext, data } from "react-router";
import { attributeChoices } from "../../../services/catalogue/attributes-admin.server.ts";
import {
  categoryOptions,
  listCategoriesForAdmin,
} from "../../../services/catalogue/categories-admin.server.ts";
import { newestProductChoices } from "../../../services/catalogue/product-choices.server.ts";
import { productForAdmin } from "../../../services/catalogue/products-admin.server.ts";
import { listTags } from "../../../services/catalogue/tags.server.ts";
import { pictureChoices } from "../../../services/media/picture-choices.server.ts";
import { staffRequest } from "../../../services/people/staff-access.server.ts";
import { listShippingClasses } from "../../../services/shipping/shipping-classes.server.ts";
import { loadTaxClasses } from "../../../services/taxes/tax-rates.server.ts";

/**
 * The product form's data: the product as the REST API answers it (null for a new one), the
 * category tree, the attributes with their terms, the media library's pictures to choose from, and
 * the tax classes.
 */
export async function loadProductForm(
  context: AppLoadContext,
  request: Request,
  idParam: string | undefined,
) {
  const { query } = await staffRequest(context, request, "administrator");
  const id = idParam === undefined ? null : Number(idParam);
  if (id !== null && (!Number.isInteger(id) || id < 1 || id > 2_147_483_647))
    throw data(null, { status: 404 });
  const [product, categories, attributes, library, taxClasses, shippingClasses, newest, tags] =
    await Promise.all([
      id === null ? null : productForAdmin(context.db, id),
      listCategoriesForAdmin(context.db),
      attributeChoices(context.db),
      context.mediaLibrary.list({ limit: 200, offset: 0 }),
      loadTaxClasses(context.db),
      listShippingClasses(context.db),
      newestProductChoices(context.db),
      listTags(context.db),
    ]);
  if (id !== null && !product) throw data(null, { status: 404 });
  return {
    product,
    categories: categoryOptions(categories, context.locale),
    attributes,
    media: pictureChoices(library.items, context.locale),
    // As the products API names them: "" is the standard class.
    taxClasses,
    shippingClasses: shippingClasses.map(({ slug, name }) => ({ slug, name })),
    links: {
      // The newest products, and any already linked that are older (named by their ids until saved again).
      products: [
        ...newest,
        ...linkedIds(product)
          .filter((linked) => !newest.some((choice) => choice.id === linked))
          .map((linked) => ({ id: linked, name: `#${linked}` })),
      ],
      tags: tags.map((tag) => ({ id: tag.id, name: tag.name })),
    },
    saved: query.has("saved"),
    loadedAt: Date.now(),
  };
}

function linkedIds(product: Awaited<ReturnType<typeof productForAdmin>>): number[] {
  return product ? [...product.grouped_products, ...product.upsell_ids, ...product.cross_sell_ids] : [];
}
