DROP INDEX "product_translations_search_trgm_en_idx";--> statement-breakpoint
DROP INDEX "product_translations_search_trgm_es_idx";--> statement-breakpoint
DROP INDEX "product_translations_name_prefix_idx";--> statement-breakpoint
DROP INDEX "products_sku_trgm_idx";--> statement-breakpoint
DROP INDEX "products_sku_lower_idx";--> statement-breakpoint
CREATE INDEX "products_updated_idx" ON "products" USING btree ("updated_at");