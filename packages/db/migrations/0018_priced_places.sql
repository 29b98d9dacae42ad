-- Each kept current price carries its clinic's place (issue 26, decision 215): latitude,
-- longitude, business status, city slug and state. The price index of an area and the price
-- filter within a distance read the area's prices from this table alone, through a point index
-- and a city index, instead of finding every clinic in the area and probing its price (about
-- 1,300 probes within 25 miles of a dense ZIP at 100,000 clinics, where some 30 % are priced).
-- Kept by the function that keeps the table (every write path of clinic_prices) and by a
-- trigger on clinics for a clinic that moves, changes status, or is renamed to another city.
ALTER TABLE "clinic_current_prices" ADD COLUMN IF NOT EXISTS "latitude" double precision;--> statement-breakpoint
ALTER TABLE "clinic_current_prices" ADD COLUMN IF NOT EXISTS "longitude" double precision;--> statement-breakpoint
ALTER TABLE "clinic_current_prices" ADD COLUMN IF NOT EXISTS "business_status" "business_status";--> statement-breakpoint
ALTER TABLE "clinic_current_prices" ADD COLUMN IF NOT EXISTS "city_slug" text;--> statement-breakpoint
ALTER TABLE "clinic_current_prices" ADD COLUMN IF NOT EXISTS "state" text;--> statement-breakpoint
UPDATE "clinic_current_prices" cp
SET "latitude" = c."latitude", "longitude" = c."longitude", "business_status" = c."business_status", "city_slug" = c."city_slug", "state" = c."state"
FROM "clinics" c WHERE c."id" = cp."clinic_id";--> statement-breakpoint
ALTER TABLE "clinic_current_prices" ALTER COLUMN "business_status" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "clinic_current_prices" ALTER COLUMN "city_slug" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "clinic_current_prices" ALTER COLUMN "state" SET NOT NULL;--> statement-breakpoint
-- Migration 0007's choice, now with the clinic's place.
CREATE OR REPLACE FUNCTION "refresh_clinic_current_price"(p_clinic integer, p_brand "price_brand") RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM "clinic_current_prices" WHERE "clinic_id" = p_clinic AND "brand" = p_brand;
	INSERT INTO "clinic_current_prices" ("clinic_id", "brand", "price_id", "per_unit_cents", "checked_on", "latitude", "longitude", "business_status", "city_slug", "state")
	SELECT cp."clinic_id", cp."brand", cp."id", cp."per_unit_cents", cp."checked_on", c."latitude", c."longitude", c."business_status", c."city_slug", c."state"
	FROM "clinic_prices" cp
	JOIN "clinics" c ON c."id" = cp."clinic_id"
	WHERE cp."clinic_id" = p_clinic AND cp."brand" = p_brand AND cp."status" = 'published' AND cp."per_unit_cents" IS NOT NULL
	ORDER BY cp."checked_on" DESC, cp."id" DESC
	LIMIT 1;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "clinics_keep_priced_places"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "clinic_current_prices"
	SET "latitude" = NEW."latitude", "longitude" = NEW."longitude", "business_status" = NEW."business_status", "city_slug" = NEW."city_slug", "state" = NEW."state"
	WHERE "clinic_id" = NEW."id";
	RETURN NULL;
END
$$;--> statement-breakpoint
DROP TRIGGER IF EXISTS "clinics_keep_priced_places" ON "clinics";--> statement-breakpoint
CREATE TRIGGER "clinics_keep_priced_places" AFTER UPDATE OF "latitude", "longitude", "business_status", "city_slug", "state" ON "clinics"
FOR EACH ROW
WHEN (OLD."latitude" IS DISTINCT FROM NEW."latitude" OR OLD."longitude" IS DISTINCT FROM NEW."longitude" OR OLD."business_status" IS DISTINCT FROM NEW."business_status"
	OR OLD."city_slug" IS DISTINCT FROM NEW."city_slug" OR OLD."state" IS DISTINCT FROM NEW."state")
EXECUTE FUNCTION "clinics_keep_priced_places"();--> statement-breakpoint
-- An area's prices from the index alone: the price index reads brand, unit and day; the
-- filters read the status; a listing joins the clinic by its id. drizzle-kit cannot express
-- INCLUDE: not in schema.ts (like 0014's and 0017's), read by the planner.
CREATE INDEX IF NOT EXISTS "clinic_current_prices_point_idx" ON "clinic_current_prices" USING gist (point("longitude", "latitude")) INCLUDE ("brand", "per_unit_cents", "checked_on", "business_status", "clinic_id", "latitude", "longitude") WHERE "latitude" IS NOT NULL AND "longitude" IS NOT NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "clinic_current_prices_city_idx" ON "clinic_current_prices" USING btree ("city_slug", "brand") INCLUDE ("state", "per_unit_cents", "checked_on", "business_status", "clinic_id", "latitude", "longitude");
