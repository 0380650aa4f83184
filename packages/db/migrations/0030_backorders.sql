ALTER TABLE "products" DROP CONSTRAINT "products_stock_not_negative";--> statement-breakpoint
ALTER TABLE "variations" DROP CONSTRAINT "variations_stock_not_negative";--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "backordered" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_stock_not_negative" CHECK ("products"."stock_quantity" IS NULL OR "products"."stock_quantity" >= 0 OR "products"."backorders" <> 'no');--> statement-breakpoint
ALTER TABLE "variations" ADD CONSTRAINT "variations_stock_not_negative" CHECK ("variations"."stock_quantity" IS NULL OR "variations"."stock_quantity" >= 0 OR "variations"."backorders" <> 'no');--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_backordered_within" CHECK ("order_lines"."backordered" between 0 and "order_lines"."quantity");--> statement-breakpoint
-- A counted stock at 0 or below whose backorders are allowed is on backorder (decision 0080): a save before this one marked it out of stock.
UPDATE "products" SET "stock_status" = 'onbackorder' WHERE "stock_quantity" <= 0 AND "backorders" <> 'no' AND "stock_status" = 'outofstock';--> statement-breakpoint
UPDATE "variations" SET "stock_status" = 'onbackorder' WHERE "stock_quantity" <= 0 AND "backorders" <> 'no' AND "stock_status" = 'outofstock';
