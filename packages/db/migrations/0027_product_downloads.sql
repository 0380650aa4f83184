CREATE TABLE "download_permissions" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"order_line_id" integer NOT NULL,
	"download_id" integer NOT NULL,
	"user_id" integer,
	"downloads_remaining" integer,
	"access_expires" timestamp with time zone,
	"download_count" integer DEFAULT 0 NOT NULL,
	"last_downloaded_at" timestamp with time zone,
	"granted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "download_permissions_remaining_not_negative" CHECK ("download_permissions"."downloads_remaining" IS NULL OR "download_permissions"."downloads_remaining" >= 0)
);
--> statement-breakpoint
CREATE TABLE "product_downloads" (
	"id" serial PRIMARY KEY NOT NULL,
	"download_id" text NOT NULL,
	"product_id" integer NOT NULL,
	"variation_id" integer,
	"name" text NOT NULL,
	"media_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "download_limit" integer DEFAULT -1 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "download_expiry" integer DEFAULT -1 NOT NULL;--> statement-breakpoint
ALTER TABLE "variations" ADD COLUMN "download_limit" integer DEFAULT -1 NOT NULL;--> statement-breakpoint
ALTER TABLE "variations" ADD COLUMN "download_expiry" integer DEFAULT -1 NOT NULL;--> statement-breakpoint
ALTER TABLE "download_permissions" ADD CONSTRAINT "download_permissions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "download_permissions" ADD CONSTRAINT "download_permissions_order_line_id_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "download_permissions" ADD CONSTRAINT "download_permissions_download_id_product_downloads_id_fk" FOREIGN KEY ("download_id") REFERENCES "public"."product_downloads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "download_permissions" ADD CONSTRAINT "download_permissions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_downloads" ADD CONSTRAINT "product_downloads_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_downloads" ADD CONSTRAINT "product_downloads_variation_id_variations_id_fk" FOREIGN KEY ("variation_id") REFERENCES "public"."variations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_downloads" ADD CONSTRAINT "product_downloads_media_id_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "download_permissions_line_file_key" ON "download_permissions" USING btree ("order_line_id","download_id");--> statement-breakpoint
CREATE INDEX "download_permissions_order_idx" ON "download_permissions" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "download_permissions_user_idx" ON "download_permissions" USING btree ("user_id","granted_at");--> statement-breakpoint
CREATE INDEX "download_permissions_download_idx" ON "download_permissions" USING btree ("download_id");--> statement-breakpoint
CREATE UNIQUE INDEX "product_downloads_download_id_key" ON "product_downloads" USING btree ("download_id");--> statement-breakpoint
CREATE INDEX "product_downloads_product_idx" ON "product_downloads" USING btree ("product_id","variation_id","position");