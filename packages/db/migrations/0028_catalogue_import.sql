CREATE TABLE "catalogue_import_jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"file_name" text NOT NULL,
	"file_hash" text NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"phase" text DEFAULT 'products' NOT NULL,
	"checkpoint_line" integer DEFAULT 0 NOT NULL,
	"baseline_product_id" integer NOT NULL,
	"baseline_variation_id" integer NOT NULL,
	"options" jsonb NOT NULL,
	"rows" integer DEFAULT 0 NOT NULL,
	"created" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"unchanged" integer DEFAULT 0 NOT NULL,
	"refused" integer DEFAULT 0 NOT NULL,
	"error" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "catalogue_import_origins" (
	"kind" text NOT NULL,
	"source_id" integer NOT NULL,
	"target_id" integer NOT NULL,
	CONSTRAINT "catalogue_import_origins_kind_source_id_pk" PRIMARY KEY("kind","source_id")
);
--> statement-breakpoint
CREATE TABLE "catalogue_import_pictures" (
	"id" serial PRIMARY KEY NOT NULL,
	"job_id" integer,
	"product_id" integer NOT NULL,
	"variation_id" integer DEFAULT 0 NOT NULL,
	"position" integer NOT NULL,
	"url" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"media_id" integer,
	"attempts" integer DEFAULT 0 NOT NULL,
	"error" text,
	CONSTRAINT "catalogue_import_pictures_url" CHECK ("catalogue_import_pictures"."url" ~ '^https?://')
);
--> statement-breakpoint
CREATE TABLE "catalogue_import_rows" (
	"job_id" integer NOT NULL,
	"line" integer NOT NULL,
	"outcome" text NOT NULL,
	"product_id" integer,
	"variation_id" integer,
	"problems" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "catalogue_import_rows_job_id_line_pk" PRIMARY KEY("job_id","line")
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "date_on_sale_from" date;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "date_on_sale_to" date;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "backorders" text DEFAULT 'no' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "reviews_allowed" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "catalog_visibility" text DEFAULT 'visible' NOT NULL;--> statement-breakpoint
ALTER TABLE "variations" ADD COLUMN "date_on_sale_from" date;--> statement-breakpoint
ALTER TABLE "variations" ADD COLUMN "date_on_sale_to" date;--> statement-breakpoint
ALTER TABLE "variations" ADD COLUMN "backorders" text DEFAULT 'no' NOT NULL;--> statement-breakpoint
ALTER TABLE "catalogue_import_pictures" ADD CONSTRAINT "catalogue_import_pictures_job_id_catalogue_import_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."catalogue_import_jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogue_import_pictures" ADD CONSTRAINT "catalogue_import_pictures_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogue_import_pictures" ADD CONSTRAINT "catalogue_import_pictures_media_id_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogue_import_rows" ADD CONSTRAINT "catalogue_import_rows_job_id_catalogue_import_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."catalogue_import_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogue_import_rows" ADD CONSTRAINT "catalogue_import_rows_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogue_import_rows" ADD CONSTRAINT "catalogue_import_rows_variation_id_variations_id_fk" FOREIGN KEY ("variation_id") REFERENCES "public"."variations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "catalogue_import_jobs_hash_idx" ON "catalogue_import_jobs" USING btree ("file_hash","status");--> statement-breakpoint
CREATE UNIQUE INDEX "catalogue_import_pictures_key" ON "catalogue_import_pictures" USING btree ("product_id","variation_id","position");--> statement-breakpoint
CREATE INDEX "catalogue_import_pictures_state_idx" ON "catalogue_import_pictures" USING btree ("state","id");