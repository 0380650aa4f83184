DROP INDEX "product_translations_search_trgm_idx";--> statement-breakpoint
CREATE INDEX "product_translations_search_trgm_en_idx" ON "product_translations" USING gin (("name" || ' ' || "short_description" || ' ' || "description") gin_trgm_ops) WHERE locale = 'en';--> statement-breakpoint
CREATE INDEX "product_translations_search_trgm_es_idx" ON "product_translations" USING gin (("name" || ' ' || "short_description" || ' ' || "description") gin_trgm_ops) WHERE locale = 'es';--> statement-breakpoint
CREATE INDEX "product_translations_name_prefix_idx" ON "product_translations" USING btree ("locale",lower("name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "products_sku_lower_idx" ON "products" USING btree (lower("sku"));