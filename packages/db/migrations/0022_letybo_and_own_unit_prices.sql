-- Letybo (letibotulinumtoxinA-wlbg) is a sixth brand. The migrator runs pending migrations in
-- one transaction: PostgreSQL 15 allows ADD VALUE there, but the new value cannot be used
-- until that transaction commits, so no statement of this migration (nor of any migration
-- applied with it) may name 'letybo'.
ALTER TYPE "price_brand" ADD VALUE IF NOT EXISTS 'letybo' BEFORE 'other';--> statement-breakpoint
-- A clinic's current unit price is its own per-unit price (decision 240): an area or package
-- price implies a unit price for its own offer only. A visitor's report is dated by its month:
-- months first and, within one month, the clinic's own price wins (core's comparePriceRecency).
CREATE OR REPLACE FUNCTION "refresh_clinic_current_price"(p_clinic integer, p_brand "price_brand") RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM "clinic_current_prices" WHERE "clinic_id" = p_clinic AND "brand" = p_brand;
	INSERT INTO "clinic_current_prices" ("clinic_id", "brand", "price_id", "per_unit_cents", "checked_on", "latitude", "longitude", "business_status", "city_slug", "state")
	SELECT cp."clinic_id", cp."brand", cp."id", cp."per_unit_cents", cp."checked_on", c."latitude", c."longitude", c."business_status", c."city_slug", c."state"
	FROM "clinic_prices" cp
	JOIN "clinics" c ON c."id" = cp."clinic_id"
	WHERE cp."clinic_id" = p_clinic AND cp."brand" = p_brand AND cp."status" = 'published' AND cp."model" = 'per_unit' AND cp."per_unit_cents" IS NOT NULL
	ORDER BY date_trunc('month', cp."checked_on") DESC, (cp."source" <> 'patient_report') DESC, cp."checked_on" DESC, cp."id" DESC
	LIMIT 1;
END
$$;--> statement-breakpoint
-- Every kept price again under the new choice.
DELETE FROM "clinic_current_prices";--> statement-breakpoint
INSERT INTO "clinic_current_prices" ("clinic_id", "brand", "price_id", "per_unit_cents", "checked_on", "latitude", "longitude", "business_status", "city_slug", "state")
SELECT DISTINCT ON (cp."clinic_id", cp."brand") cp."clinic_id", cp."brand", cp."id", cp."per_unit_cents", cp."checked_on", c."latitude", c."longitude", c."business_status", c."city_slug", c."state"
FROM "clinic_prices" cp
JOIN "clinics" c ON c."id" = cp."clinic_id"
WHERE cp."status" = 'published' AND cp."model" = 'per_unit' AND cp."per_unit_cents" IS NOT NULL
ORDER BY cp."clinic_id", cp."brand", date_trunc('month', cp."checked_on") DESC, (cp."source" <> 'patient_report') DESC, cp."checked_on" DESC, cp."id" DESC;
--> statement-breakpoint
-- Demo deals (decision 242): seeded offers of demo clinics, labelled as demo data wherever shown,
-- as demo prices and demo people are by their source.
ALTER TABLE "clinic_deals" ADD COLUMN IF NOT EXISTS "demo" boolean DEFAULT false NOT NULL;
