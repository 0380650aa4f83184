CREATE TABLE "order_coupon_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"code" text NOT NULL,
	"discount" integer DEFAULT 0 NOT NULL,
	"discount_tax" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_tax_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"rate_id" integer,
	"label" text NOT NULL,
	"rate" text NOT NULL,
	"compound" boolean DEFAULT false NOT NULL,
	"tax_total" integer DEFAULT 0 NOT NULL,
	"shipping_tax_total" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "subtotal" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "order_lines" SET "subtotal" = "total";--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "subtotal_tax" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "total_tax" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "taxes" jsonb DEFAULT '{"total":{},"subtotal":{}}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount_total" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount_tax" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_tax" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cart_tax" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "total_tax" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "prices_include_tax" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_label" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_coupon_lines" ADD CONSTRAINT "order_coupon_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_tax_lines" ADD CONSTRAINT "order_tax_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_coupon_lines_order_idx" ON "order_coupon_lines" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_coupon_lines_code_idx" ON "order_coupon_lines" USING btree ("code");--> statement-breakpoint
CREATE INDEX "order_tax_lines_order_idx" ON "order_tax_lines" USING btree ("order_id");