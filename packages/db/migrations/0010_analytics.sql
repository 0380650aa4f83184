CREATE TABLE "analytics_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"visitor" text NOT NULL,
	"session" text NOT NULL,
	"kind" text NOT NULL,
	"path" text NOT NULL,
	"target" text,
	"language" text DEFAULT 'en' NOT NULL,
	"device" text DEFAULT 'Desktop' NOT NULL,
	"source_type" text,
	"source" text
);
--> statement-breakpoint
CREATE TABLE "analytics_recordings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"session" text NOT NULL,
	"seq" integer NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"visitor" text NOT NULL,
	"path" text NOT NULL,
	"events" "bytea" NOT NULL,
	"bytes" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_salts" (
	"day" date PRIMARY KEY NOT NULL,
	"salt" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX "analytics_events_occurred_at" ON "analytics_events" USING btree ("occurred_at");--> statement-breakpoint
CREATE INDEX "analytics_events_kind_occurred_at" ON "analytics_events" USING btree ("kind","occurred_at");--> statement-breakpoint
CREATE INDEX "analytics_events_session" ON "analytics_events" USING btree ("session");--> statement-breakpoint
CREATE UNIQUE INDEX "analytics_recordings_session_seq" ON "analytics_recordings" USING btree ("session","seq");--> statement-breakpoint
CREATE INDEX "analytics_recordings_received_at" ON "analytics_recordings" USING btree ("received_at");