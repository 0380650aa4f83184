DROP INDEX "attributes_slug_key";--> statement-breakpoint
ALTER TABLE "attributes" ADD COLUMN "product_id" integer;--> statement-breakpoint
ALTER TABLE "product_attribute_terms" ADD COLUMN "visible" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "attributes" ADD CONSTRAINT "attributes_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "attributes_product_slug_key" ON "attributes" USING btree ("product_id","slug") WHERE "attributes"."product_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "attributes_slug_key" ON "attributes" USING btree ("slug") WHERE "attributes"."product_id" IS NULL;