-- Radius counts and filters read a tighter box (issue 26, decision 214). earth_box's cube is
-- aligned with the earth's axes, so clinics_earth_idx handed a 25-mile count at US latitudes
-- about seven times the clinics within the circle, each then tested with the haversine. This
-- index holds each located clinic's point(longitude, latitude); a radius query asks it for the
-- circle's latitude/longitude box (4/pi of the circle) and keeps the exact distance. It carries
-- the columns the counts and filters read, so they are index-only scans. clinics_earth_idx
-- stays for nearest-first pages (KNN in great-circle order). drizzle-kit cannot express
-- INCLUDE: not in schema.ts (like 0003's and 0014's), read by the planner.
CREATE INDEX IF NOT EXISTS "clinics_point_idx" ON "clinics" USING gist (point("longitude", "latitude")) INCLUDE ("id", "latitude", "longitude", "business_status") WHERE "clinics"."latitude" IS NOT NULL AND "clinics"."longitude" IS NOT NULL;
