-- Each staff row carries its clinic's place (issue 26, decision 217): latitude, longitude,
-- business status, city slug and state, as each kept current price does (migration 0018). The
-- credential filter's count within a distance of a ZIP, and a city's listing under it, read the
-- area's verified staff through a point index and a city index instead of probing every clinic
-- of the area for a verified physician (2,624 probes within 25 miles of Houston at 100,000
-- clinics, where 821 pass). Kept by a trigger on clinic_staff (a row added or moved to another
-- clinic takes that clinic's place) and by 0018's trigger on clinics, renamed clinics_keep_places
-- (a clinic that moves, changes status, or is renamed to another city).
ALTER TABLE "clinic_staff" ADD COLUMN IF NOT EXISTS "latitude" double precision;--> statement-breakpoint
ALTER TABLE "clinic_staff" ADD COLUMN IF NOT EXISTS "longitude" double precision;--> statement-breakpoint
ALTER TABLE "clinic_staff" ADD COLUMN IF NOT EXISTS "business_status" "business_status";--> statement-breakpoint
ALTER TABLE "clinic_staff" ADD COLUMN IF NOT EXISTS "city_slug" text;--> statement-breakpoint
ALTER TABLE "clinic_staff" ADD COLUMN IF NOT EXISTS "state" text;--> statement-breakpoint
UPDATE "clinic_staff" cs
SET "latitude" = c."latitude", "longitude" = c."longitude", "business_status" = c."business_status", "city_slug" = c."city_slug", "state" = c."state"
FROM "clinics" c WHERE c."id" = cs."clinic_id";--> statement-breakpoint
CREATE OR REPLACE FUNCTION "clinic_staff_take_place"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
	SELECT c."latitude", c."longitude", c."business_status", c."city_slug", c."state"
	INTO NEW."latitude", NEW."longitude", NEW."business_status", NEW."city_slug", NEW."state"
	FROM "clinics" c WHERE c."id" = NEW."clinic_id";
	RETURN NEW;
END
$$;--> statement-breakpoint
DROP TRIGGER IF EXISTS "clinic_staff_take_place" ON "clinic_staff";--> statement-breakpoint
CREATE TRIGGER "clinic_staff_take_place" BEFORE INSERT OR UPDATE OF "clinic_id", "latitude", "longitude", "business_status", "city_slug", "state" ON "clinic_staff"
FOR EACH ROW EXECUTE FUNCTION "clinic_staff_take_place"();--> statement-breakpoint
-- One trigger on clinics keeps every copy of a clinic's place: 0018's, on the same columns and
-- with the same WHEN, renamed and now also touching the clinic's staff rows (for which
-- clinic_staff_take_place reads the clinic's new place).
ALTER TRIGGER "clinics_keep_priced_places" ON "clinics" RENAME TO "clinics_keep_places";--> statement-breakpoint
ALTER FUNCTION "clinics_keep_priced_places"() RENAME TO "clinics_keep_places";--> statement-breakpoint
CREATE OR REPLACE FUNCTION "clinics_keep_places"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "clinic_current_prices"
	SET "latitude" = NEW."latitude", "longitude" = NEW."longitude", "business_status" = NEW."business_status", "city_slug" = NEW."city_slug", "state" = NEW."state"
	WHERE "clinic_id" = NEW."id";
	UPDATE "clinic_staff" SET "clinic_id" = NEW."id" WHERE "clinic_id" = NEW."id";
	RETURN NULL;
END
$$;--> statement-breakpoint
-- The verified staff of an area from the index alone: the filters read the credential, the
-- day checked and the status; the count and the listing read the clinic's id. Only active
-- licences count (the rule of core staffVerification), as in clinic_staff_verified_idx.
-- drizzle-kit cannot express INCLUDE: not in schema.ts (like 0014's, 0017's and 0018's).
CREATE INDEX IF NOT EXISTS "clinic_staff_verified_point_idx" ON "clinic_staff" USING gist (point("longitude", "latitude")) INCLUDE ("credential", "verified_on", "business_status", "clinic_id", "latitude", "longitude") WHERE "license_status" = 'active' AND "latitude" IS NOT NULL AND "longitude" IS NOT NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "clinic_staff_verified_city_idx" ON "clinic_staff" USING btree ("city_slug", "credential", "verified_on") INCLUDE ("state", "business_status", "clinic_id", "latitude", "longitude") WHERE "license_status" = 'active';
