CREATE TABLE "catalogue_import_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"job_id" integer,
	"media_id" integer NOT NULL,
	"url" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"error" text,
	CONSTRAINT "catalogue_import_files_url_check" CHECK ("catalogue_import_files"."url" ~ '^https?://')
);
--> statement-breakpoint
ALTER TABLE "catalogue_import_files" ADD CONSTRAINT "catalogue_import_files_job_id_catalogue_import_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."catalogue_import_jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogue_import_files" ADD CONSTRAINT "catalogue_import_files_media_id_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "catalogue_import_files_url" ON "catalogue_import_files" USING btree ("url");--> statement-breakpoint
CREATE UNIQUE INDEX "catalogue_import_files_media" ON "catalogue_import_files" USING btree ("media_id");--> statement-breakpoint
CREATE INDEX "catalogue_import_files_state_idx" ON "catalogue_import_files" USING btree ("state","id");--> statement-breakpoint
-- Files an earlier import left waiting (a file row without an original, named by its address) are fetched too.
INSERT INTO "catalogue_import_files" ("media_id", "url")
SELECT DISTINCT ON ("filename") "id", "filename" FROM "media"
WHERE "kind" = 'file' AND "original_path" IS NULL AND "filename" ~ '^https?://'
ORDER BY "filename", "id";
