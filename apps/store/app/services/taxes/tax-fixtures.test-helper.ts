import { type Database, taxClasses } from "@vitrine/db";

/**
 * The classes migration 0022 gives every store ("reduced-rate", "zero-rate"), put back after a test
 * database's `reset()`, which empties every table, the migration's rows included.
 */
export async function insertStoreTaxClasses(db: Database): Promise<void> {
  await db
    .insert(taxClasses)
    .values([
      { slug: "reduced-rate", name: "Reduced rate" },
      { slug: "zero-rate", name: "Zero rate" },
    ])
    .onConflictDoNothing();
}
