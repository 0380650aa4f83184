CREATE TABLE "tax_classes" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "tax_classes_slug_not_empty" CHECK ("tax_classes"."slug" <> '')
);
--> statement-breakpoint
CREATE TABLE "tax_rates" (
	"id" serial PRIMARY KEY NOT NULL,
	"class" text DEFAULT '' NOT NULL,
	"country" text DEFAULT '' NOT NULL,
	"state" text DEFAULT '' NOT NULL,
	"postcodes" text[] DEFAULT '{}'::text[] NOT NULL,
	"cities" text[] DEFAULT '{}'::text[] NOT NULL,
	"rate" numeric(8, 4) NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"priority" integer DEFAULT 1 NOT NULL,
	"compound" boolean DEFAULT false NOT NULL,
	"shipping" boolean DEFAULT true NOT NULL,
	"rate_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "tax_rates_rate_range" CHECK ("tax_rates"."rate" >= 0 AND "tax_rates"."rate" <= 100)
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "tax_status" text DEFAULT 'taxable' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "tax_class" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "variations" ADD COLUMN "tax_class" text DEFAULT 'parent' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "tax_classes_slug_key" ON "tax_classes" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "tax_rates_class_order_idx" ON "tax_rates" USING btree ("class","rate_order","id");--> statement-breakpoint
INSERT INTO "tax_classes" ("slug", "name") VALUES ('reduced-rate', 'Reduced rate'), ('zero-rate', 'Zero rate');
