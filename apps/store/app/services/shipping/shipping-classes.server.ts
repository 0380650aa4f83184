import { type Database, products, shippingClasses } from "@vitrine/db";
import { asc, eq, sql } from "drizzle-orm";
import type { ShippingClassInput, ShippingClassRecord } from "../../lib/shipping-resource.ts";
import { AdminInputError } from "../shared/admin-input-error.server.ts";
import { databaseRefusal, UNIQUE_VIOLATION } from "../shared/database-errors.server.ts";
import { slugify } from "../shared/slugs.server.ts";

/**
 * Shipping classes (WooCommerce's `product_shipping_class`, decision 0069): a product (or a
 * variation) belongs to one or none, and a flat rate may cost more per class.
 */

const productCount = sql<number>`(select count(*)::int from ${products} where ${products.shippingClassId} = "shipping_classes"."id")`;

/** Every class by name, with how many products have it. */
export async function listShippingClasses(db: Database, id?: number): Promise<ShippingClassRecord[]> {
  const query = db
    .select({
      id: shippingClasses.id,
      name: shippingClasses.name,
      slug: shippingClasses.slug,
      description: shippingClasses.description,
      count: productCount,
    })
    .from(shippingClasses);
  return (id === undefined ? query : query.where(eq(shippingClasses.id, id))).orderBy(
    asc(shippingClasses.name),
    asc(shippingClasses.id),
  );
}

export async function shippingClassRecord(db: Database, id: number): Promise<ShippingClassRecord | null> {
  return (await listShippingClasses(db, id))[0] ?? null;
}

/** A taken slug, as the REST API's 400 naming it. */
async function refusingTakenSlug<T>(save: () => Promise<T>): Promise<T> {
  try {
    return await save();
  } catch (error) {
    if (databaseRefusal(error)?.code === UNIQUE_VIOLATION)
      throw new AdminInputError("term_exists", "A shipping class with this slug already exists.", "slug");
    throw error;
  }
}

function slugOf(input: ShippingClassInput): string {
  const slug = input.slug || slugify(input.name);
  if (!slug) throw new AdminInputError("rest_invalid_param", "Invalid parameter: slug", "slug");
  return slug;
}

export async function createShippingClass(db: Database, input: ShippingClassInput): Promise<number> {
  const values = { name: input.name, slug: slugOf(input), description: input.description ?? "" };
  const [row] = await refusingTakenSlug(() =>
    db.insert(shippingClasses).values(values).returning({ id: shippingClasses.id }),
  );
  return row!.id;
}

export async function updateShippingClass(
  db: Database,
  id: number,
  input: ShippingClassInput,
): Promise<boolean> {
  const values = {
    name: input.name,
    ...(input.slug ? { slug: input.slug } : {}),
    ...(input.description === undefined ? {} : { description: input.description }),
  };
  const rows = await refusingTakenSlug(() =>
    db
      .update(shippingClasses)
      .set(values)
      .where(eq(shippingClasses.id, id))
      .returning({ id: shippingClasses.id }),
  );
  return rows.length > 0;
}

/** Deletes a class; its products and variations are left with none. */
export async function deleteShippingClass(db: Database, id: number): Promise<boolean> {
  const rows = await db
    .delete(shippingClasses)
    .where(eq(shippingClasses.id, id))
    .returning({ id: shippingClasses.id });
  return rows.length > 0;
}
