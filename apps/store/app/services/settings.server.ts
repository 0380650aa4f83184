import { type Database, settings } from "@vitrine/db";
import { eq } from "drizzle-orm";
import { z } from "zod";

const storeSettingsSchema = z.object({
  name: z.string().min(1).catch("Vitrine"),
  currency: z.string().length(3).catch("USD"),
});
export type StoreSettings = z.infer<typeof storeSettingsSchema>;

export async function loadStoreSettings(db: Database): Promise<StoreSettings> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, "store"));
  return storeSettingsSchema.parse(row?.value ?? {});
}
