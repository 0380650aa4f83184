CREATE TABLE "catalogue_import_uploads" (
	"media_id" integer PRIMARY KEY NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "catalogue_import_uploads" ADD CONSTRAINT "catalogue_import_uploads_media_id_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "catalogue_import_uploads_at_idx" ON "catalogue_import_uploads" USING btree ("uploaded_at");