CREATE TABLE "shipping_classes" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	CONSTRAINT "shipping_classes_slug_not_empty" CHECK ("shipping_classes"."slug" <> '')
);
--> statement-breakpoint
CREATE TABLE "shipping_zone_locations" (
	"id" serial PRIMARY KEY NOT NULL,
	"zone_id" integer NOT NULL,
	"location_type" text NOT NULL,
	"location_code" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipping_zone_methods" (
	"id" serial PRIMARY KEY NOT NULL,
	"zone_id" integer NOT NULL,
	"method_id" text NOT NULL,
	"method_order" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipping_zones" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"zone_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "shipping_class_id" integer;--> statement-breakpoint
ALTER TABLE "variations" ADD COLUMN "shipping_class_id" integer;--> statement-breakpoint
ALTER TABLE "shipping_zone_locations" ADD CONSTRAINT "shipping_zone_locations_zone_id_shipping_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."shipping_zones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_zone_methods" ADD CONSTRAINT "shipping_zone_methods_zone_id_shipping_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."shipping_zones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "shipping_classes_slug_key" ON "shipping_classes" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "shipping_zone_locations_zone_idx" ON "shipping_zone_locations" USING btree ("zone_id");--> statement-breakpoint
CREATE INDEX "shipping_zone_methods_zone_idx" ON "shipping_zone_methods" USING btree ("zone_id");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_shipping_class_id_shipping_classes_id_fk" FOREIGN KEY ("shipping_class_id") REFERENCES "public"."shipping_classes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "variations" ADD CONSTRAINT "variations_shipping_class_id_shipping_classes_id_fk" FOREIGN KEY ("shipping_class_id") REFERENCES "public"."shipping_classes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Zone 0, "Locations not covered by your other zones" (WooCommerce's), named by the back office.
INSERT INTO "shipping_zones" ("id", "name", "zone_order") VALUES (0, '', 0);--> statement-breakpoint
-- The store's two shipping methods from its settings (settings.shipping, decision 0039), with the
-- defaults the settings' schema gave a value that was missing or not valid: flat rate 5.00 and local
-- pickup free, both on, everywhere.
CREATE TEMPORARY TABLE "old_shipping" AS
SELECT m.method_id, m.ord,
  CASE WHEN jsonb_typeof(x.v -> 'enabled') = 'boolean' THEN (x.v ->> 'enabled')::boolean ELSE true END AS enabled,
  CASE WHEN jsonb_typeof(x.v -> 'cost') = 'number' AND (x.v ->> 'cost')::numeric BETWEEN 0 AND 10000000
    AND (x.v ->> 'cost')::numeric = trunc((x.v ->> 'cost')::numeric)
    THEN (x.v ->> 'cost')::numeric ELSE m.default_cost END AS cost,
  CASE WHEN jsonb_typeof(x.v -> 'countries') = 'array'
    THEN ARRAY(SELECT jsonb_array_elements_text(x.v -> 'countries')) ELSE '{}'::text[] END AS countries
FROM (VALUES ('flat_rate', 1, 500), ('local_pickup', 2, 0)) AS m(method_id, ord, default_cost)
CROSS JOIN LATERAL (
  SELECT COALESCE((SELECT s.value -> 'shipping' -> m.method_id FROM "settings" s WHERE s.key = 'store'), '{}'::jsonb) AS v
) AS x;--> statement-breakpoint
-- A country one method lists gets a zone with every method that ships there (those listing it and
-- those listing none); countries offered the same methods share a zone. Methods listing no country
-- go to zone 0, where they shipped before: everywhere else.
CREATE TEMPORARY TABLE "old_shipping_zones" AS
SELECT methods, array_agg(country ORDER BY country) AS countries, row_number() OVER (ORDER BY min(country)) AS n
FROM (
  SELECT c.country, array_agg(o.method_id ORDER BY o.ord) AS methods
  FROM (SELECT DISTINCT unnest(countries) AS country FROM "old_shipping") AS c
  JOIN "old_shipping" o ON cardinality(o.countries) = 0 OR c.country = ANY(o.countries)
  GROUP BY c.country
) AS per_country
GROUP BY methods;--> statement-breakpoint
INSERT INTO "shipping_zones" ("name", "zone_order")
SELECT array_to_string(countries, ', '), n FROM "old_shipping_zones" ORDER BY n;--> statement-breakpoint
INSERT INTO "shipping_zone_locations" ("zone_id", "location_type", "location_code")
SELECT z.id, 'country', unnest(g.countries)
FROM "shipping_zones" z JOIN "old_shipping_zones" g ON g.n = z.zone_order AND z.id <> 0;--> statement-breakpoint
INSERT INTO "shipping_zone_methods" ("zone_id", "method_id", "method_order", "enabled", "settings")
SELECT z.id, o.method_id, o.ord, o.enabled,
  jsonb_build_object('title', '', 'tax_status', 'taxable', 'cost', to_char(o.cost / 100, 'FM9999999990.00'))
FROM (
  SELECT 0 AS id, NULL::text[] AS methods
  UNION ALL
  SELECT z.id, g.methods FROM "shipping_zones" z JOIN "old_shipping_zones" g ON g.n = z.zone_order AND z.id <> 0
) AS z
JOIN "old_shipping" o ON (z.id = 0 AND cardinality(o.countries) = 0) OR (z.id <> 0 AND o.method_id = ANY(z.methods))
ORDER BY z.id, o.ord;--> statement-breakpoint
DROP TABLE "old_shipping";--> statement-breakpoint
DROP TABLE "old_shipping_zones";
