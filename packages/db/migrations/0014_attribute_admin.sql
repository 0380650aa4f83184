ALTER TABLE "attribute_terms" ADD COLUMN "description" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "attributes" ADD COLUMN "orderby" text DEFAULT 'menu_order' NOT NULL;--> statement-breakpoint
CREATE INDEX "product_attribute_terms_term_idx" ON "product_attribute_terms" USING btree ("term_id","product_id");