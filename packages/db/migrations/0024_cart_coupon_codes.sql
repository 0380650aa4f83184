-- A cart's coupon codes on its own row, in the order applied, so that reading a cart is one plain
-- statement (no subquery to plan on every read). cart_coupons stays the source: this trigger keeps
-- carts.coupon_codes equal to its rows for the cart (and for both carts when a row moves, as when a
-- guest's cart joins an account's).
ALTER TABLE "carts" ADD COLUMN "coupon_codes" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
CREATE FUNCTION "cart_coupon_codes_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    UPDATE "carts" SET "coupon_codes" = COALESCE((
      SELECT array_agg("code" ORDER BY "applied_at", "code") FROM "cart_coupons" WHERE "cart_id" = OLD."cart_id"
    ), '{}') WHERE "id" = OLD."cart_id";
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    UPDATE "carts" SET "coupon_codes" = COALESCE((
      SELECT array_agg("code" ORDER BY "applied_at", "code") FROM "cart_coupons" WHERE "cart_id" = NEW."cart_id"
    ), '{}') WHERE "id" = NEW."cart_id";
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "cart_coupons_codes" AFTER INSERT OR UPDATE OR DELETE ON "cart_coupons"
  FOR EACH ROW EXECUTE FUNCTION "cart_coupon_codes_sync"();--> statement-breakpoint
UPDATE "carts" SET "coupon_codes" = "codes"."codes" FROM (
  SELECT "cart_id", array_agg("code" ORDER BY "applied_at", "code") AS "codes" FROM "cart_coupons" GROUP BY "cart_id"
) AS "codes" WHERE "carts"."id" = "codes"."cart_id";
