-- Covering indexes for the public searches (bench:api). drizzle-kit cannot express INCLUDE,
-- so schema.ts declares only their keys and this migration gives them their columns.
-- Radius counts and nearest-first pages read clinics_earth_idx alone (index-only scans), and a
-- city's page is ranked from clinics_city_slug_idx alone; only the rows shown touch the table.
DROP INDEX IF EXISTS "clinics_earth_idx";--> statement-breakpoint
CREATE INDEX "clinics_earth_idx" ON "clinics" USING gist (ll_to_earth("latitude", "longitude")) INCLUDE ("id", "latitude", "longitude", "business_status") WHERE "clinics"."latitude" IS NOT NULL AND "clinics"."longitude" IS NOT NULL;--> statement-breakpoint
DROP INDEX IF EXISTS "clinics_city_slug_idx";--> statement-breakpoint
CREATE INDEX "clinics_city_slug_idx" ON "clinics" USING btree ("city_slug") INCLUDE ("id", "state", "latitude", "longitude", "business_status", "review_count", "rating", "name");
