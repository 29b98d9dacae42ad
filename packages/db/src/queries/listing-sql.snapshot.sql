-- The SQL each listing request sends, in order, with its bound values (written by listing-sql.test.ts:
-- `pnpm exec vitest run src/queries/listing-sql.test.ts -u` in packages/db). Lines are wrapped at commas
-- for reading. See docs/architecture.md §4a for what each statement keeps or reads from kept copies.

-- ================================================================================================
-- GET /zip-search?postalCode=10001 (25 miles)  searchClinicsNearZip, whole rows
-- ================================================================================================
-- $1 = "10001"
-- $2 = 25
-- $3 = 10
-- $4 = 0
-- $5 = "2025-06-15"
-- $6 = "2026-06-15"
-- $7 = "botox"
-- $8 = "2025-06-15"
WITH origin AS (SELECT latitude, longitude, city, state, cube(cube(cube(6378168::float8 * cos(radians(latitude)) * cos(radians(longitude))),
  6378168::float8 * cos(radians(latitude)) * sin(radians(longitude))), 6378168::float8 * sin(radians(latitude))) AS earth,
  cos(radians(latitude)) AS cos_latitude FROM "zip_codes" WHERE zip = $1),
    nearest AS (
      SELECT id, distance, row_number() OVER () AS rank FROM (
        SELECT "clinics"."id" AS id, (7918::float8 * asin(least(1::float8, sqrt(
    power(sin(radians("clinics"."latitude" - (SELECT latitude FROM origin)) / 2), 2)
    + (SELECT cos_latitude FROM origin) * cos(radians("clinics"."latitude")) * power(sin(radians("clinics"."longitude" - (SELECT longitude FROM origin)) / 2),
      2))))) AS distance, ll_to_earth("clinics"."latitude", "clinics"."longitude") <-> (SELECT earth FROM origin) AS knn
        FROM "clinics" WHERE ("clinics"."latitude" IS NOT NULL AND "clinics"."longitude" IS NOT NULL and "clinics"."business_status" <> 'PERMANENTLY_CLOSED') ORDER BY knn LIMIT 10) k),
    page AS (SELECT id, distance, rank FROM nearest WHERE distance <= $2::float8 ORDER BY rank LIMIT $3 OFFSET $4),
    meta AS (
      SELECT origin.latitude AS "originLatitude", origin.longitude AS "originLongitude", origin.city AS "originCity",
        origin.state AS "originState",
        CASE WHEN shown.n < $3::int AND (shown.n > 0 OR $4::int = 0) THEN $4::int + shown.n
        ELSE (SELECT count(*) FROM "clinics" WHERE ("clinics"."latitude" IS NOT NULL AND "clinics"."longitude" IS NOT NULL and "clinics"."business_status" <> 'PERMANENTLY_CLOSED' and ("clinics"."latitude" IS NOT NULL AND "clinics"."longitude" IS NOT NULL AND point("clinics"."longitude",
          "clinics"."latitude") <@ box(point((CASE WHEN (abs((SELECT longitude FROM origin)) + (CASE WHEN ($2::float8 / 3959::float8) < radians(90 - abs((SELECT latitude FROM origin))) THEN degrees(asin(sin(($2::float8 / 3959::float8)) / (SELECT cos_latitude FROM origin))) + 1e-9 ELSE 360 END) > 180) THEN -180 ELSE (SELECT longitude FROM origin) - (CASE WHEN ($2::float8 / 3959::float8) < radians(90 - abs((SELECT latitude FROM origin))) THEN degrees(asin(sin(($2::float8 / 3959::float8)) / (SELECT cos_latitude FROM origin))) + 1e-9 ELSE 360 END) END),
          (SELECT latitude FROM origin) - (degrees(($2::float8 / 3959::float8)) + 1e-9)), point((CASE WHEN (abs((SELECT longitude FROM origin)) + (CASE WHEN ($2::float8 / 3959::float8) < radians(90 - abs((SELECT latitude FROM origin))) THEN degrees(asin(sin(($2::float8 / 3959::float8)) / (SELECT cos_latitude FROM origin))) + 1e-9 ELSE 360 END) > 180) THEN 180 ELSE (SELECT longitude FROM origin) + (CASE WHEN ($2::float8 / 3959::float8) < radians(90 - abs((SELECT latitude FROM origin))) THEN degrees(asin(sin(($2::float8 / 3959::float8)) / (SELECT cos_latitude FROM origin))) + 1e-9 ELSE 360 END) END),
          (SELECT latitude FROM origin) + (degrees(($2::float8 / 3959::float8)) + 1e-9))) AND (point("clinics"."longitude",
          "clinics"."latitude") <@ (SELECT CASE WHEN ((power(sin(($2::float8 / 3959::float8) / 2), 2) * (1 - 1e-9) - 1e-15 - power(sin((0.7 * ($2::float8 / 3959::float8)) / 2),
          2)) / greatest((SELECT cos_latitude FROM origin), 1e-300)) > 0 THEN box(point((SELECT longitude FROM origin) - (CASE WHEN ((power(sin(($2::float8 / 3959::float8) / 2),
          2) * (1 - 1e-9) - 1e-15 - power(sin((0.7 * ($2::float8 / 3959::float8)) / 2), 2)) / greatest((SELECT cos_latitude FROM origin),
          1e-300)) >= 1 THEN 180 ELSE degrees(2 * asin(sqrt(((power(sin(($2::float8 / 3959::float8) / 2), 2) * (1 - 1e-9) - 1e-15 - power(sin((0.7 * ($2::float8 / 3959::float8)) / 2),
          2)) / greatest((SELECT cos_latitude FROM origin), 1e-300))))) END), (SELECT latitude FROM origin) - degrees((0.7 * ($2::float8 / 3959::float8)))),
          point((SELECT longitude FROM origin) + (CASE WHEN ((power(sin(($2::float8 / 3959::float8) / 2), 2) * (1 - 1e-9) - 1e-15 - power(sin((0.7 * ($2::float8 / 3959::float8)) / 2),
          2)) / greatest((SELECT cos_latitude FROM origin), 1e-300)) >= 1 THEN 180 ELSE degrees(2 * asin(sqrt(((power(sin(($2::float8 / 3959::float8) / 2),
          2) * (1 - 1e-9) - 1e-15 - power(sin((0.7 * ($2::float8 / 3959::float8)) / 2), 2)) / greatest((SELECT cos_latitude FROM origin),
          1e-300))))) END), (SELECT latitude FROM origin) + degrees((0.7 * ($2::float8 / 3959::float8))))) END) OR (7918::float8 * asin(least(1::float8,
          sqrt(
    power(sin(radians("clinics"."latitude" - (SELECT latitude FROM origin)) / 2), 2)
    + (SELECT cos_latitude FROM origin) * cos(radians("clinics"."latitude")) * power(sin(radians("clinics"."longitude" - (SELECT longitude FROM origin)) / 2),
      2))))) <= $2::float8)))) END AS total, (SELECT n FROM located_clinics_generation WHERE id)::text AS generation
      FROM origin, (SELECT count(*) AS n FROM page) shown)
    SELECT meta.*, "clinics"."id" AS "id", "clinics"."name" AS "name", "clinics"."slug" AS "slug", "clinics"."site" AS "site",
      "clinics"."phone" AS "phone", "clinics"."full_address" AS "fullAddress", "clinics"."street" AS "street", "clinics"."city" AS "city",
      "clinics"."city_slug" AS "citySlug", "clinics"."state" AS "state", "clinics"."postal_code" AS "postalCode", "clinics"."country" AS "country",
      "clinics"."latitude" AS "latitude", "clinics"."longitude" AS "longitude", "clinics"."rating" AS "rating", "clinics"."review_count" AS "reviewCount",
      "clinics"."photo" AS "photo", "clinics"."street_view" AS "streetView", "clinics"."working_hours" AS "workingHours",
      "clinics"."business_status" AS "businessStatus", "clinics"."category" AS "category", "clinics"."location_link" AS "locationLink",
      "clinics"."time_zone" AS "timeZone", "clinics"."last_verified_on"::text AS "lastVerifiedOn", "clinics"."booking_url" AS "bookingUrl",
      "clinics"."booking_url_failures" AS "bookingUrlFailures", "clinics"."description" AS "description", "clinics"."claimed" AS "claimed",
      "clinics"."created_at" AS "createdAt", "clinics"."updated_at" AS "updatedAt", "clinics"."xmin"::text AS "version", page.distance,
      lp.per_unit_cents AS "priceUnit", lpp.observed_on::text AS "priceObservedOn", lp.checked_on::text AS "priceCheckedOn",
      lpp.source AS "priceSource", (SELECT json_agg(json_build_array(v.role, v.credential, v.demo) ORDER BY v.role, v.credential) FROM (
    SELECT cs.role, cs.credential, bool_and(cs.source = 'demo') AS demo FROM "clinic_staff" cs
    WHERE cs.clinic_id = "clinics"."id" AND cs.license_status = 'active'
      AND cs.verified_on >= $5::date AND cs.verified_on <= $6::date
    GROUP BY cs.role, cs.credential) v) AS "verifiedRoles"
    FROM meta LEFT JOIN (page JOIN "clinics" ON "clinics"."id" = page.id LEFT JOIN "clinic_current_prices" lp ON lp.clinic_id = "clinics"."id" AND lp.brand = $7 AND lp.checked_on >= $8::date
    LEFT JOIN "clinic_prices" lpp ON lpp.id = lp.price_id) ON true
    ORDER BY page.rank;

-- ================================================================================================
-- GET /zip-search?postalCode=10001 (25 miles)  searchClinicsNearZip, ids and versions first (most clinic texts kept, ClinicFragments)
-- ================================================================================================
-- statement 1 of 2
-- $1 = "10001"
-- $2 = 25
-- $3 = 10
-- $4 = 0
-- $5 = "2025-06-15"
-- $6 = "2026-06-15"
-- $7 = "botox"
-- $8 = "2025-06-15"
WITH origin AS (SELECT latitude, longitude, city, state, cube(cube(cube(6378168::float8 * cos(radians(latitude)) * cos(radians(longitude))),
  6378168::float8 * cos(radians(latitude)) * sin(radians(longitude))), 6378168::float8 * sin(radians(latitude))) AS earth,
  cos(radians(latitude)) AS cos_latitude FROM "zip_codes" WHERE zip = $1),
    nearest AS (
      SELECT id, distance, row_number() OVER () AS rank FROM (
        SELECT "clinics"."id" AS id, (7918::float8 * asin(least(1::float8, sqrt(
    power(sin(radians("clinics"."latitude" - (SELECT latitude FROM origin)) / 2), 2)
    + (SELECT cos_latitude FROM origin) * cos(radians("clinics"."latitude")) * power(sin(radians("clinics"."longitude" - (SELECT longitude FROM origin)) / 2),
      2))))) AS distance, ll_to_earth("clinics"."latitude", "clinics"."longitude") <-> (SELECT earth FROM origin) AS knn
        FROM "clinics" WHERE ("clinics"."latitude" IS NOT NULL AND "clinics"."longitude" IS NOT NULL and "clinics"."business_status" <> 'PERMANENTLY_CLOSED') ORDER BY knn LIMIT 10) k),
    page AS (SELECT id, distance, rank FROM nearest WHERE distance <= $2::float8 ORDER BY rank LIMIT $3 OFFSET $4),
    meta AS (
      SELECT origin.latitude AS "originLatitude", origin.longitude AS "originLongitude", origin.city AS "originCity",
        origin.state AS "originState",
        CASE WHEN shown.n < $3::int AND (shown.n > 0 OR $4::int = 0) THEN $4::int + shown.n
        ELSE (SELECT count(*) FROM "clinics" WHERE ("clinics"."latitude" IS NOT NULL AND "clinics"."longitude" IS NOT NULL and "clinics"."business_status" <> 'PERMANENTLY_CLOSED' and ("clinics"."latitude" IS NOT NULL AND "clinics"."longitude" IS NOT NULL AND point("clinics"."longitude",
          "clinics"."latitude") <@ box(point((CASE WHEN (abs((SELECT longitude FROM origin)) + (CASE WHEN ($2::float8 / 3959::float8) < radians(90 - abs((SELECT latitude FROM origin))) THEN degrees(asin(sin(($2::float8 / 3959::float8)) / (SELECT cos_latitude FROM origin))) + 1e-9 ELSE 360 END) > 180) THEN -180 ELSE (SELECT longitude FROM origin) - (CASE WHEN ($2::float8 / 3959::float8) < radians(90 - abs((SELECT latitude FROM origin))) THEN degrees(asin(sin(($2::float8 / 3959::float8)) / (SELECT cos_latitude FROM origin))) + 1e-9 ELSE 360 END) END),
          (SELECT latitude FROM origin) - (degrees(($2::float8 / 3959::float8)) + 1e-9)), point((CASE WHEN (abs((SELECT longitude FROM origin)) + (CASE WHEN ($2::float8 / 3959::float8) < radians(90 - abs((SELECT latitude FROM origin))) THEN degrees(asin(sin(($2::float8 / 3959::float8)) / (SELECT cos_latitude FROM origin))) + 1e-9 ELSE 360 END) > 180) THEN 180 ELSE (SELECT longitude FROM origin) + (CASE WHEN ($2::float8 / 3959::float8) < radians(90 - abs((SELECT latitude FROM origin))) THEN degrees(asin(sin(($2::float8 / 3959::float8)) / (SELECT cos_latitude FROM origin))) + 1e-9 ELSE 360 END) END),
          (SELECT latitude FROM origin) + (degrees(($2::float8 / 3959::float8)) + 1e-9))) AND (point("clinics"."longitude",
          "clinics"."latitude") <@ (SELECT CASE WHEN ((power(sin(($2::float8 / 3959::float8) / 2), 2) * (1 - 1e-9) - 1e-15 - power(sin((0.7 * ($2::float8 / 3959::float8)) / 2),
          2)) / greatest((SELECT cos_latitude FROM origin), 1e-300)) > 0 THEN box(point((SELECT longitude FROM origin) - (CASE WHEN ((power(sin(($2::float8 / 3959::float8) / 2),
          2) * (1 - 1e-9) - 1e-15 - power(sin((0.7 * ($2::float8 / 3959::float8)) / 2), 2)) / greatest((SELECT cos_latitude FROM origin),
          1e-300)) >= 1 THEN 180 ELSE degrees(2 * asin(sqrt(((power(sin(($2::float8 / 3959::float8) / 2), 2) * (1 - 1e-9) - 1e-15 - power(sin((0.7 * ($2::float8 / 3959::float8)) / 2),
          2)) / greatest((SELECT cos_latitude FROM origin), 1e-300))))) END), (SELECT latitude FROM origin) - degrees((0.7 * ($2::float8 / 3959::float8)))),
          point((SELECT longitude FROM origin) + (CASE WHEN ((power(sin(($2::float8 / 3959::float8) / 2), 2) * (1 - 1e-9) - 1e-15 - power(sin((0.7 * ($2::float8 / 3959::float8)) / 2),
          2)) / greatest((SELECT cos_latitude FROM origin), 1e-300)) >= 1 THEN 180 ELSE degrees(2 * asin(sqrt(((power(sin(($2::float8 / 3959::float8) / 2),
          2) * (1 - 1e-9) - 1e-15 - power(sin((0.7 * ($2::float8 / 3959::float8)) / 2), 2)) / greatest((SELECT cos_latitude FROM origin),
          1e-300))))) END), (SELECT latitude FROM origin) + degrees((0.7 * ($2::float8 / 3959::float8))))) END) OR (7918::float8 * asin(least(1::float8,
          sqrt(
    power(sin(radians("clinics"."latitude" - (SELECT latitude FROM origin)) / 2), 2)
    + (SELECT cos_latitude FROM origin) * cos(radians("clinics"."latitude")) * power(sin(radians("clinics"."longitude" - (SELECT longitude FROM origin)) / 2),
      2))))) <= $2::float8)))) END AS total, (SELECT n FROM located_clinics_generation WHERE id)::text AS generation
      FROM origin, (SELECT count(*) AS n FROM page) shown)
    SELECT meta.*, "clinics"."id" AS "id", "clinics"."xmin"::text AS "version", page.distance, lp.per_unit_cents AS "priceUnit",
      lpp.observed_on::text AS "priceObservedOn", lp.checked_on::text AS "priceCheckedOn", lpp.source AS "priceSource", (SELECT json_agg(json_build_array(v.role,
      v.credential, v.demo) ORDER BY v.role, v.credential) FROM (
    SELECT cs.role, cs.credential, bool_and(cs.source = 'demo') AS demo FROM "clinic_staff" cs
    WHERE cs.clinic_id = "clinics"."id" AND cs.license_status = 'active'
      AND cs.verified_on >= $5::date AND cs.verified_on <= $6::date
    GROUP BY cs.role, cs.credential) v) AS "verifiedRoles"
    FROM meta LEFT JOIN (page JOIN "clinics" ON "clinics"."id" = page.id LEFT JOIN "clinic_current_prices" lp ON lp.clinic_id = "clinics"."id" AND lp.brand = $7 AND lp.checked_on >= $8::date
    LEFT JOIN "clinic_prices" lpp ON lpp.id = lp.price_id) ON true
    ORDER BY page.rank;
-- statement 2 of 2
-- $1 = "{1,2,3,4,5,6}"
SELECT "clinics"."id" AS "id", "clinics"."name" AS "name", "clinics"."slug" AS "slug", "clinics"."site" AS "site", "clinics"."phone" AS "phone",
  "clinics"."full_address" AS "fullAddress", "clinics"."street" AS "street", "clinics"."city" AS "city", "clinics"."city_slug" AS "citySlug",
  "clinics"."state" AS "state", "clinics"."postal_code" AS "postalCode", "clinics"."country" AS "country", "clinics"."latitude" AS "latitude",
  "clinics"."longitude" AS "longitude", "clinics"."rating" AS "rating", "clinics"."review_count" AS "reviewCount", "clinics"."photo" AS "photo",
  "clinics"."street_view" AS "streetView", "clinics"."working_hours" AS "workingHours", "clinics"."business_status" AS "businessStatus",
  "clinics"."category" AS "category", "clinics"."location_link" AS "locationLink", "clinics"."time_zone" AS "timeZone", "clinics"."last_verified_on"::text AS "lastVerifiedOn",
  "clinics"."booking_url" AS "bookingUrl", "clinics"."booking_url_failures" AS "bookingUrlFailures", "clinics"."description" AS "description",
  "clinics"."claimed" AS "claimed", "clinics"."created_at" AS "createdAt", "clinics"."updated_at" AS "updatedAt", "clinics"."xmin"::text AS "version" FROM "clinics" WHERE "clinics"."id" = ANY($1::int[]);

-- ================================================================================================
-- GET /zip-search?postalCode=10001 (25 miles)  searchClinicsNearZip, the total offered by the process's LocatedPlaces
-- ================================================================================================
-- $1 = "10001"
-- $2 = 25
-- $3 = 10
-- $4 = 0
-- $5 = <generation>
-- $6 = 40.75
-- $7 = -74
-- $8 = 6
-- $9 = "2025-06-15"
-- $10 = "2026-06-15"
-- $11 = "botox"
-- $12 = "2025-06-15"
WITH origin AS (SELECT latitude, longitude, city, state, cube(cube(cube(6378168::float8 * cos(radians(latitude)) * cos(radians(longitude))),
  6378168::float8 * cos(radians(latitude)) * sin(radians(longitude))), 6378168::float8 * sin(radians(latitude))) AS earth,
  cos(radians(latitude)) AS cos_latitude FROM "zip_codes" WHERE zip = $1),
    nearest AS (
      SELECT id, distance, row_number() OVER () AS rank FROM (
        SELECT "clinics"."id" AS id, (7918::float8 * asin(least(1::float8, sqrt(
    power(sin(radians("clinics"."latitude" - (SELECT latitude FROM origin)) / 2), 2)
    + (SELECT cos_latitude FROM origin) * cos(radians("clinics"."latitude")) * power(sin(radians("clinics"."longitude" - (SELECT longitude FROM origin)) / 2),
      2))))) AS distance, ll_to_earth("clinics"."latitude", "clinics"."longitude") <-> (SELECT earth FROM origin) AS knn
        FROM "clinics" WHERE ("clinics"."latitude" IS NOT NULL AND "clinics"."longitude" IS NOT NULL and "clinics"."business_status" <> 'PERMANENTLY_CLOSED') ORDER BY knn LIMIT 10) k),
    page AS (SELECT id, distance, rank FROM nearest WHERE distance <= $2::float8 ORDER BY rank LIMIT $3 OFFSET $4),
    meta AS (
      SELECT origin.latitude AS "originLatitude", origin.longitude AS "originLongitude", origin.city AS "originCity",
        origin.state AS "originState",
        CASE WHEN shown.n < $3::int AND (shown.n > 0 OR $4::int = 0) THEN $4::int + shown.n
        ELSE CASE WHEN (SELECT n FROM located_clinics_generation WHERE id) = $5::bigint AND (SELECT latitude FROM origin) = $6::float8 AND (SELECT longitude FROM origin) = $7::float8 THEN $8::bigint ELSE (SELECT count(*) FROM "clinics" WHERE ("clinics"."latitude" IS NOT NULL AND "clinics"."longitude" IS NOT NULL and "clinics"."business_status" <> 'PERMANENTLY_CLOSED' and ("clinics"."latitude" IS NOT NULL AND "clinics"."longitude" IS NOT NULL AND point("clinics"."longitude",
          "clinics"."latitude") <@ box(point((CASE WHEN (abs((SELECT longitude FROM origin)) + (CASE WHEN ($2::float8 / 3959::float8) < radians(90 - abs((SELECT latitude FROM origin))) THEN degrees(asin(sin(($2::float8 / 3959::float8)) / (SELECT cos_latitude FROM origin))) + 1e-9 ELSE 360 END) > 180) THEN -180 ELSE (SELECT longitude FROM origin) - (CASE WHEN ($2::float8 / 3959::float8) < radians(90 - abs((SELECT latitude FROM origin))) THEN degrees(asin(sin(($2::float8 / 3959::float8)) / (SELECT cos_latitude FROM origin))) + 1e-9 ELSE 360 END) END),
          (SELECT latitude FROM origin) - (degrees(($2::float8 / 3959::float8)) + 1e-9)), point((CASE WHEN (abs((SELECT longitude FROM origin)) + (CASE WHEN ($2::float8 / 3959::float8) < radians(90 - abs((SELECT latitude FROM origin))) THEN degrees(asin(sin(($2::float8 / 3959::float8)) / (SELECT cos_latitude FROM origin))) + 1e-9 ELSE 360 END) > 180) THEN 180 ELSE (SELECT longitude FROM origin) + (CASE WHEN ($2::float8 / 3959::float8) < radians(90 - abs((SELECT latitude FROM origin))) THEN degrees(asin(sin(($2::float8 / 3959::float8)) / (SELECT cos_latitude FROM origin))) + 1e-9 ELSE 360 END) END),
          (SELECT latitude FROM origin) + (degrees(($2::float8 / 3959::float8)) + 1e-9))) AND (point("clinics"."longitude",
          "clinics"."latitude") <@ (SELECT CASE WHEN ((power(sin(($2::float8 / 3959::float8) / 2), 2) * (1 - 1e-9) - 1e-15 - power(sin((0.7 * ($2::float8 / 3959::float8)) / 2),
          2)) / greatest((SELECT cos_latitude FROM origin), 1e-300)) > 0 THEN box(point((SELECT longitude FROM origin) - (CASE WHEN ((power(sin(($2::float8 / 3959::float8) / 2),
          2) * (1 - 1e-9) - 1e-15 - power(sin((0.7 * ($2::float8 / 3959::float8)) / 2), 2)) / greatest((SELECT cos_latitude FROM origin),
          1e-300)) >= 1 THEN 180 ELSE degrees(2 * asin(sqrt(((power(sin(($2::float8 / 3959::float8) / 2), 2) * (1 - 1e-9) - 1e-15 - power(sin((0.7 * ($2::float8 / 3959::float8)) / 2),
          2)) / greatest((SELECT cos_latitude FROM origin), 1e-300))))) END), (SELECT latitude FROM origin) - degrees((0.7 * ($2::float8 / 3959::float8)))),
          point((SELECT longitude FROM origin) + (CASE WHEN ((power(sin(($2::float8 / 3959::float8) / 2), 2) * (1 - 1e-9) - 1e-15 - power(sin((0.7 * ($2::float8 / 3959::float8)) / 2),
          2)) / greatest((SELECT cos_latitude FROM origin), 1e-300)) >= 1 THEN 180 ELSE degrees(2 * asin(sqrt(((power(sin(($2::float8 / 3959::float8) / 2),
          2) * (1 - 1e-9) - 1e-15 - power(sin((0.7 * ($2::float8 / 3959::float8)) / 2), 2)) / greatest((SELECT cos_latitude FROM origin),
          1e-300))))) END), (SELECT latitude FROM origin) + degrees((0.7 * ($2::float8 / 3959::float8))))) END) OR (7918::float8 * asin(least(1::float8,
          sqrt(
    power(sin(radians("clinics"."latitude" - (SELECT latitude FROM origin)) / 2), 2)
    + (SELECT cos_latitude FROM origin) * cos(radians("clinics"."latitude")) * power(sin(radians("clinics"."longitude" - (SELECT longitude FROM origin)) / 2),
      2))))) <= $2::float8)))) END END AS total, (SELECT n FROM located_clinics_generation WHERE id)::text AS generation
      FROM origin, (SELECT count(*) AS n FROM page) shown)
    SELECT meta.*, "clinics"."id" AS "id", "clinics"."name" AS "name", "clinics"."slug" AS "slug", "clinics"."site" AS "site",
      "clinics"."phone" AS "phone", "clinics"."full_address" AS "fullAddress", "clinics"."street" AS "street", "clinics"."city" AS "city",
      "clinics"."city_slug" AS "citySlug", "clinics"."state" AS "state", "clinics"."postal_code" AS "postalCode", "clinics"."country" AS "country",
      "clinics"."latitude" AS "latitude", "clinics"."longitude" AS "longitude", "clinics"."rating" AS "rating", "clinics"."review_count" AS "reviewCount",
      "clinics"."photo" AS "photo", "clinics"."street_view" AS "streetView", "clinics"."working_hours" AS "workingHours",
      "clinics"."business_status" AS "businessStatus", "clinics"."category" AS "category", "clinics"."location_link" AS "locationLink",
      "clinics"."time_zone" AS "timeZone", "clinics"."last_verified_on"::text AS "lastVerifiedOn", "clinics"."booking_url" AS "bookingUrl",
      "clinics"."booking_url_failures" AS "bookingUrlFailures", "clinics"."description" AS "description", "clinics"."claimed" AS "claimed",
      "clinics"."created_at" AS "createdAt", "clinics"."updated_at" AS "updatedAt", "clinics"."xmin"::text AS "version", page.distance,
      lp.per_unit_cents AS "priceUnit", lpp.observed_on::text AS "priceObservedOn", lp.checked_on::text AS "priceCheckedOn",
      lpp.source AS "priceSource", (SELECT json_agg(json_build_array(v.role, v.credential, v.demo) ORDER BY v.role, v.credential) FROM (
    SELECT cs.role, cs.credential, bool_and(cs.source = 'demo') AS demo FROM "clinic_staff" cs
    WHERE cs.clinic_id = "clinics"."id" AND cs.license_status = 'active'
      AND cs.verified_on >= $9::date AND cs.verified_on <= $10::date
    GROUP BY cs.role, cs.credential) v) AS "verifiedRoles"
    FROM meta LEFT JOIN (page JOIN "clinics" ON "clinics"."id" = page.id LEFT JOIN "clinic_current_prices" lp ON lp.clinic_id = "clinics"."id" AND lp.brand = $11 AND lp.checked_on >= $12::date
    LEFT JOIN "clinic_prices" lpp ON lpp.id = lp.price_id) ON true
    ORDER BY page.rank;

-- ================================================================================================
-- GET /zip-search?postalCode=10001&distance=any  searchClinicsNearZip, total counted
-- ================================================================================================
-- $1 = "10001"
-- $2 = 10
-- $3 = 0
-- $4 = "2025-06-15"
-- $5 = "2026-06-15"
-- $6 = "botox"
-- $7 = "2025-06-15"
WITH origin AS (SELECT latitude, longitude, city, state, cube(cube(cube(6378168::float8 * cos(radians(latitude)) * cos(radians(longitude))),
  6378168::float8 * cos(radians(latitude)) * sin(radians(longitude))), 6378168::float8 * sin(radians(latitude))) AS earth,
  cos(radians(latitude)) AS cos_latitude FROM "zip_codes" WHERE zip = $1),
    nearest AS (
      SELECT id, distance, row_number() OVER () AS rank FROM (
        SELECT "clinics"."id" AS id, (7918::float8 * asin(least(1::float8, sqrt(
    power(sin(radians("clinics"."latitude" - (SELECT latitude FROM origin)) / 2), 2)
    + (SELECT cos_latitude FROM origin) * cos(radians("clinics"."latitude")) * power(sin(radians("clinics"."longitude" - (SELECT longitude FROM origin)) / 2),
      2))))) AS distance, ll_to_earth("clinics"."latitude", "clinics"."longitude") <-> (SELECT earth FROM origin) AS knn
        FROM "clinics" WHERE ("clinics"."latitude" IS NOT NULL AND "clinics"."longitude" IS NOT NULL and "clinics"."business_status" <> 'PERMANENTLY_CLOSED') ORDER BY knn LIMIT 10) k),
    page AS (SELECT id, distance, rank FROM nearest  ORDER BY rank LIMIT $2 OFFSET $3),
    meta AS (
      SELECT origin.latitude AS "originLatitude", origin.longitude AS "originLongitude", origin.city AS "originCity",
        origin.state AS "originState",
        CASE WHEN shown.n < $2::int AND (shown.n > 0 OR $3::int = 0) THEN $3::int + shown.n
        ELSE (SELECT count(*) FROM "clinics" WHERE ("clinics"."latitude" IS NOT NULL AND "clinics"."longitude" IS NOT NULL and "clinics"."business_status" <> 'PERMANENTLY_CLOSED')) END AS total,
          (SELECT n FROM located_clinics_generation WHERE id)::text AS generation
      FROM origin, (SELECT count(*) AS n FROM page) shown)
    SELECT meta.*, "clinics"."id" AS "id", "clinics"."name" AS "name", "clinics"."slug" AS "slug", "clinics"."site" AS "site",
      "clinics"."phone" AS "phone", "clinics"."full_address" AS "fullAddress", "clinics"."street" AS "street", "clinics"."city" AS "city",
      "clinics"."city_slug" AS "citySlug", "clinics"."state" AS "state", "clinics"."postal_code" AS "postalCode", "clinics"."country" AS "country",
      "clinics"."latitude" AS "latitude", "clinics"."longitude" AS "longitude", "clinics"."rating" AS "rating", "clinics"."review_count" AS "reviewCount",
      "clinics"."photo" AS "photo", "clinics"."street_view" AS "streetView", "clinics"."working_hours" AS "workingHours",
      "clinics"."business_status" AS "businessStatus", "clinics"."category" AS "category", "clinics"."location_link" AS "locationLink",
      "clinics"."time_zone" AS "timeZone", "clinics"."last_verified_on"::text AS "lastVerifiedOn", "clinics"."booking_url" AS "bookingUrl",
      "clinics"."booking_url_failures" AS "bookingUrlFailures", "clinics"."description" AS "description", "clinics"."claimed" AS "claimed",
      "clinics"."created_at" AS "createdAt", "clinics"."updated_at" AS "updatedAt", "clinics"."xmin"::text AS "version", page.distance,
      lp.per_unit_cents AS "priceUnit", lpp.observed_on::text AS "priceObservedOn", lp.checked_on::text AS "priceCheckedOn",
      lpp.source AS "priceSource", (SELECT json_agg(json_build_array(v.role, v.credential, v.demo) ORDER BY v.role, v.credential) FROM (
    SELECT cs.role, cs.credential, bool_and(cs.source = 'demo') AS demo FROM "clinic_staff" cs
    WHERE cs.clinic_id = "clinics"."id" AND cs.license_status = 'active'
      AND cs.verified_on >= $4::date AND cs.verified_on <= $5::date
    GROUP BY cs.role, cs.credential) v) AS "verifiedRoles"
    FROM meta LEFT JOIN (page JOIN "clinics" ON "clinics"."id" = page.id LEFT JOIN "clinic_current_prices" lp ON lp.clinic_id = "clinics"."id" AND lp.brand = $6 AND lp.checked_on >= $7::date
    LEFT JOIN "clinic_prices" lpp ON lpp.id = lp.price_id) ON true
    ORDER BY page.rank;

-- ================================================================================================
-- GET /zip-search?postalCode=10001&distance=any  searchClinicsNearZip, total offered from an earlier search (keptTotals)
-- ================================================================================================
-- $1 = "10001"
-- $2 = 10
-- $3 = 0
-- $4 = <generation>
-- $5 = 6
-- $6 = "2025-06-15"
-- $7 = "2026-06-15"
-- $8 = "botox"
-- $9 = "2025-06-15"
WITH origin AS (SELECT latitude, longitude, city, state, cube(cube(cube(6378168::float8 * cos(radians(latitude)) * cos(radians(longitude))),
  6378168::float8 * cos(radians(latitude)) * sin(radians(longitude))), 6378168::float8 * sin(radians(latitude))) AS earth,
  cos(radians(latitude)) AS cos_latitude FROM "zip_codes" WHERE zip = $1),
    nearest AS (
      SELECT id, distance, row_number() OVER () AS rank FROM (
        SELECT "clinics"."id" AS id, (7918::float8 * asin(least(1::float8, sqrt(
    power(sin(radians("clinics"."latitude" - (SELECT latitude FROM origin)) / 2), 2)
    + (SELECT cos_latitude FROM origin) * cos(radians("clinics"."latitude")) * power(sin(radians("clinics"."longitude" - (SELECT longitude FROM origin)) / 2),
      2))))) AS distance, ll_to_earth("clinics"."latitude", "clinics"."longitude") <-> (SELECT earth FROM origin) AS knn
        FROM "clinics" WHERE ("clinics"."latitude" IS NOT NULL AND "clinics"."longitude" IS NOT NULL and "clinics"."business_status" <> 'PERMANENTLY_CLOSED') ORDER BY knn LIMIT 10) k),
    page AS (SELECT id, distance, rank FROM nearest  ORDER BY rank LIMIT $2 OFFSET $3),
    meta AS (
      SELECT origin.latitude AS "originLatitude", origin.longitude AS "originLongitude", origin.city AS "originCity",
        origin.state AS "originState",
        CASE WHEN shown.n < $2::int AND (shown.n > 0 OR $3::int = 0) THEN $3::int + shown.n
        ELSE CASE WHEN (SELECT n FROM located_clinics_generation WHERE id) = $4::bigint THEN $5::bigint ELSE (SELECT count(*) FROM "clinics" WHERE ("clinics"."latitude" IS NOT NULL AND "clinics"."longitude" IS NOT NULL and "clinics"."business_status" <> 'PERMANENTLY_CLOSED')) END END AS total,
          (SELECT n FROM located_clinics_generation WHERE id)::text AS generation
      FROM origin, (SELECT count(*) AS n FROM page) shown)
    SELECT meta.*, "clinics"."id" AS "id", "clinics"."name" AS "name", "clinics"."slug" AS "slug", "clinics"."site" AS "site",
      "clinics"."phone" AS "phone", "clinics"."full_address" AS "fullAddress", "clinics"."street" AS "street", "clinics"."city" AS "city",
      "clinics"."city_slug" AS "citySlug", "clinics"."state" AS "state", "clinics"."postal_code" AS "postalCode", "clinics"."country" AS "country",
      "clinics"."latitude" AS "latitude", "clinics"."longitude" AS "longitude", "clinics"."rating" AS "rating", "clinics"."review_count" AS "reviewCount",
      "clinics"."photo" AS "photo", "clinics"."street_view" AS "streetView", "clinics"."working_hours" AS "workingHours",
      "clinics"."business_status" AS "businessStatus", "clinics"."category" AS "category", "clinics"."location_link" AS "locationLink",
      "clinics"."time_zone" AS "timeZone", "clinics"."last_verified_on"::text AS "lastVerifiedOn", "clinics"."booking_url" AS "bookingUrl",
      "clinics"."booking_url_failures" AS "bookingUrlFailures", "clinics"."description" AS "description", "clinics"."claimed" AS "claimed",
      "clinics"."created_at" AS "createdAt", "clinics"."updated_at" AS "updatedAt", "clinics"."xmin"::text AS "version", page.distance,
      lp.per_unit_cents AS "priceUnit", lpp.observed_on::text AS "priceObservedOn", lp.checked_on::text AS "priceCheckedOn",
      lpp.source AS "priceSource", (SELECT json_agg(json_build_array(v.role, v.credential, v.demo) ORDER BY v.role, v.credential) FROM (
    SELECT cs.role, cs.credential, bool_and(cs.source = 'demo') AS demo FROM "clinic_staff" cs
    WHERE cs.clinic_id = "clinics"."id" AND cs.license_status = 'active'
      AND cs.verified_on >= $6::date AND cs.verified_on <= $7::date
    GROUP BY cs.role, cs.credential) v) AS "verifiedRoles"
    FROM meta LEFT JOIN (page JOIN "clinics" ON "clinics"."id" = page.id LEFT JOIN "clinic_current_prices" lp ON lp.clinic_id = "clinics"."id" AND lp.brand = $8 AND lp.checked_on >= $9::date
    LEFT JOIN "clinic_prices" lpp ON lpp.id = lp.price_id) ON true
    ORDER BY page.rank;

-- ================================================================================================
-- GET /zip-search?postalCode=10001&openNow=true&credential=MD,NP&businessStatus=OPERATIONAL  searchClinicsNearZip
-- ================================================================================================
-- $1 = "10001"
-- $2 = "2026-06-15T15:00:00.000Z"
-- $3 = "MD"
-- $4 = "NP"
-- $5 = "2025-06-15"
-- $6 = "2026-06-15"
-- $7 = 25
-- $8 = 10
-- $9 = 0
-- $10 = "2025-06-15"
-- $11 = "2026-06-15"
-- $12 = "botox"
-- $13 = "2025-06-15"
WITH origin AS (SELECT latitude, longitude, city, state, cube(cube(cube(6378168::float8 * cos(radians(latitude)) * cos(radians(longitude))),
  6378168::float8 * cos(radians(latitude)) * sin(radians(longitude))), 6378168::float8 * sin(radians(latitude))) AS earth,
  cos(radians(latitude)) AS cos_latitude FROM "zip_codes" WHERE zip = $1),
    nearest AS (
      SELECT id, distance, row_number() OVER () AS rank FROM (
        SELECT "clinics"."id" AS id, (7918::float8 * asin(least(1::float8, sqrt(
    power(sin(radians("clinics"."latitude" - (SELECT latitude FROM origin)) / 2), 2)
    + (SELECT cos_latitude FROM origin) * cos(radians("clinics"."latitude")) * power(sin(radians("clinics"."longitude" - (SELECT longitude FROM origin)) / 2),
      2))))) AS distance, ll_to_earth("clinics"."latitude", "clinics"."longitude") <-> (SELECT earth FROM origin) AS knn
        FROM "clinics" WHERE ("clinics"."latitude" IS NOT NULL AND "clinics"."longitude" IS NOT NULL and "clinics"."business_status" IN ('OPERATIONAL') and ("clinics"."business_status" = 'OPERATIONAL' AND "clinics"."open_minutes" @> (extract(dow from ($2::timestamptz AT TIME ZONE "clinics"."time_zone"))::int * 1440 + extract(hour from ($2::timestamptz AT TIME ZONE "clinics"."time_zone"))::int * 60 + extract(minute from ($2::timestamptz AT TIME ZONE "clinics"."time_zone"))::int)) and EXISTS (SELECT 1 FROM "clinic_staff"
    WHERE "clinic_staff"."clinic_id" = "clinics"."id" AND "clinic_staff"."license_status" = 'active' AND "clinic_staff"."credential" IN ($3,
      $4) AND "clinic_staff"."verified_on" >= $5::date AND "clinic_staff"."verified_on" <= $6::date OFFSET 0)) ORDER BY knn LIMIT 10) k),
    page AS (SELECT id, distance, rank FROM nearest WHERE distance <= $7::float8 ORDER BY rank LIMIT $8 OFFSET $9),
    meta AS (
      SELECT origin.latitude AS "originLatitude", origin.longitude AS "originLongitude", origin.city AS "originCity",
        origin.state AS "originState",
        CASE WHEN shown.n < $8::int AND (shown.n > 0 OR $9::int = 0) THEN $9::int + shown.n
        ELSE (SELECT count(DISTINCT "clinic_staff"."clinic_id") FROM "clinic_staff" JOIN "clinics" ON "clinics"."id" = "clinic_staff"."clinic_id" WHERE (("clinic_staff"."latitude" IS NOT NULL AND "clinic_staff"."longitude" IS NOT NULL AND point("clinic_staff"."longitude",
          "clinic_staff"."latitude") <@ box(point((CASE WHEN (abs((SELECT longitude FROM origin)) + (CASE WHEN ($7::float8 / 3959::float8) < radians(90 - abs((SELECT latitude FROM origin))) THEN degrees(asin(sin(($7::float8 / 3959::float8)) / (SELECT cos_latitude FROM origin))) + 1e-9 ELSE 360 END) > 180) THEN -180 ELSE (SELECT longitude FROM origin) - (CASE WHEN ($7::float8 / 3959::float8) < radians(90 - abs((SELECT latitude FROM origin))) THEN degrees(asin(sin(($7::float8 / 3959::float8)) / (SELECT cos_latitude FROM origin))) + 1e-9 ELSE 360 END) END),
          (SELECT latitude FROM origin) - (degrees(($7::float8 / 3959::float8)) + 1e-9)), point((CASE WHEN (abs((SELECT longitude FROM origin)) + (CASE WHEN ($7::float8 / 3959::float8) < radians(90 - abs((SELECT latitude FROM origin))) THEN degrees(asin(sin(($7::float8 / 3959::float8)) / (SELECT cos_latitude FROM origin))) + 1e-9 ELSE 360 END) > 180) THEN 180 ELSE (SELECT longitude FROM origin) + (CASE WHEN ($7::float8 / 3959::float8) < radians(90 - abs((SELECT latitude FROM origin))) THEN degrees(asin(sin(($7::float8 / 3959::float8)) / (SELECT cos_latitude FROM origin))) + 1e-9 ELSE 360 END) END),
          (SELECT latitude FROM origin) + (degrees(($7::float8 / 3959::float8)) + 1e-9))) AND (point("clinic_staff"."longitude",
          "clinic_staff"."latitude") <@ (SELECT CASE WHEN ((power(sin(($7::float8 / 3959::float8) / 2), 2) * (1 - 1e-9) - 1e-15 - power(sin((0.7 * ($7::float8 / 3959::float8)) / 2),
          2)) / greatest((SELECT cos_latitude FROM origin), 1e-300)) > 0 THEN box(point((SELECT longitude FROM origin) - (CASE WHEN ((power(sin(($7::float8 / 3959::float8) / 2),
          2) * (1 - 1e-9) - 1e-15 - power(sin((0.7 * ($7::float8 / 3959::float8)) / 2), 2)) / greatest((SELECT cos_latitude FROM origin),
          1e-300)) >= 1 THEN 180 ELSE degrees(2 * asin(sqrt(((power(sin(($7::float8 / 3959::float8) / 2), 2) * (1 - 1e-9) - 1e-15 - power(sin((0.7 * ($7::float8 / 3959::float8)) / 2),
          2)) / greatest((SELECT cos_latitude FROM origin), 1e-300))))) END), (SELECT latitude FROM origin) - degrees((0.7 * ($7::float8 / 3959::float8)))),
          point((SELECT longitude FROM origin) + (CASE WHEN ((power(sin(($7::float8 / 3959::float8) / 2), 2) * (1 - 1e-9) - 1e-15 - power(sin((0.7 * ($7::float8 / 3959::float8)) / 2),
          2)) / greatest((SELECT cos_latitude FROM origin), 1e-300)) >= 1 THEN 180 ELSE degrees(2 * asin(sqrt(((power(sin(($7::float8 / 3959::float8) / 2),
          2) * (1 - 1e-9) - 1e-15 - power(sin((0.7 * ($7::float8 / 3959::float8)) / 2), 2)) / greatest((SELECT cos_latitude FROM origin),
          1e-300))))) END), (SELECT latitude FROM origin) + degrees((0.7 * ($7::float8 / 3959::float8))))) END) OR (7918::float8 * asin(least(1::float8,
          sqrt(
    power(sin(radians("clinic_staff"."latitude" - (SELECT latitude FROM origin)) / 2), 2)
    + (SELECT cos_latitude FROM origin) * cos(radians("clinic_staff"."latitude")) * power(sin(radians("clinic_staff"."longitude" - (SELECT longitude FROM origin)) / 2),
      2))))) <= $7::float8)) and "clinic_staff"."business_status" IN ('OPERATIONAL') and ("clinics"."business_status" = 'OPERATIONAL' AND "clinics"."open_minutes" @> (extract(dow from ($2::timestamptz AT TIME ZONE "clinics"."time_zone"))::int * 1440 + extract(hour from ($2::timestamptz AT TIME ZONE "clinics"."time_zone"))::int * 60 + extract(minute from ($2::timestamptz AT TIME ZONE "clinics"."time_zone"))::int)) and "clinic_staff"."license_status" = 'active' AND "clinic_staff"."credential" IN ($3,
      $4) AND "clinic_staff"."verified_on" >= $5::date AND "clinic_staff"."verified_on" <= $6::date)) END AS total, (SELECT n FROM located_clinics_generation WHERE id)::text AS generation
      FROM origin, (SELECT count(*) AS n FROM page) shown)
    SELECT meta.*, "clinics"."id" AS "id", "clinics"."name" AS "name", "clinics"."slug" AS "slug", "clinics"."site" AS "site",
      "clinics"."phone" AS "phone", "clinics"."full_address" AS "fullAddress", "clinics"."street" AS "street", "clinics"."city" AS "city",
      "clinics"."city_slug" AS "citySlug", "clinics"."state" AS "state", "clinics"."postal_code" AS "postalCode", "clinics"."country" AS "country",
      "clinics"."latitude" AS "latitude", "clinics"."longitude" AS "longitude", "clinics"."rating" AS "rating", "clinics"."review_count" AS "reviewCount",
      "clinics"."photo" AS "photo", "clinics"."street_view" AS "streetView", "clinics"."working_hours" AS "workingHours",
      "clinics"."business_status" AS "businessStatus", "clinics"."category" AS "category", "clinics"."location_link" AS "locationLink",
      "clinics"."time_zone" AS "timeZone", "clinics"."last_verified_on"::text AS "lastVerifiedOn", "clinics"."booking_url" AS "bookingUrl",
      "clinics"."booking_url_failures" AS "bookingUrlFailures", "clinics"."description" AS "description", "clinics"."claimed" AS "claimed",
      "clinics"."created_at" AS "createdAt", "clinics"."updated_at" AS "updatedAt", "clinics"."xmin"::text AS "version", page.distance,
      lp.per_unit_cents AS "priceUnit", lpp.observed_on::text AS "priceObservedOn", lp.checked_on::text AS "priceCheckedOn",
      lpp.source AS "priceSource", (SELECT json_agg(json_build_array(v.role, v.credential, v.demo) ORDER BY v.role, v.credential) FROM (
    SELECT cs.role, cs.credential, bool_and(cs.source = 'demo') AS demo FROM "clinic_staff" cs
    WHERE cs.clinic_id = "clinics"."id" AND cs.license_status = 'active'
      AND cs.verified_on >= $10::date AND cs.verified_on <= $11::date
    GROUP BY cs.role, cs.credential) v) AS "verifiedRoles"
    FROM meta LEFT JOIN (page JOIN "clinics" ON "clinics"."id" = page.id LEFT JOIN "clinic_current_prices" lp ON lp.clinic_id = "clinics"."id" AND lp.brand = $12 AND lp.checked_on >= $13::date
    LEFT JOIN "clinic_prices" lpp ON lpp.id = lp.price_id) ON true
    ORDER BY page.rank;

-- ================================================================================================
-- GET /zip-search?postalCode=10001&sortBy=price  searchClinicsNearZipByPrice
-- ================================================================================================
-- $1 = "10001"
-- $2 = "botox"
-- $3 = "2025-06-15"
-- $4 = 25
-- $5 = "2025-12-17"
-- $6 = 10
-- $7 = 0
-- $8 = "2025-06-15"
-- $9 = "2026-06-15"
WITH origin AS (SELECT latitude, longitude, city, state, cube(cube(cube(6378168::float8 * cos(radians(latitude)) * cos(radians(longitude))),
  6378168::float8 * cos(radians(latitude)) * sin(radians(longitude))), 6378168::float8 * sin(radians(latitude))) AS earth,
  cos(radians(latitude)) AS cos_latitude FROM "zip_codes" WHERE zip = $1),
    ranked AS (
      SELECT "clinics"."id" AS id, (7918::float8 * asin(least(1::float8, sqrt(
    power(sin(radians("clinics"."latitude" - (SELECT latitude FROM origin)) / 2), 2)
    + (SELECT cos_latitude FROM origin) * cos(radians("clinics"."latitude")) * power(sin(radians("clinics"."longitude" - (SELECT longitude FROM origin)) / 2),
      2))))) AS distance, "clinic_current_prices"."per_unit_cents" AS unit, "clinic_current_prices"."checked_on" AS unit_checked_on
      FROM "clinics" LEFT JOIN "clinic_current_prices" ON ("clinic_current_prices"."clinic_id" = "clinics"."id" and "clinic_current_prices"."brand" = $2 AND "clinic_current_prices"."checked_on" >= $3::date)
      WHERE (("clinics"."latitude" IS NOT NULL AND "clinics"."longitude" IS NOT NULL AND point("clinics"."longitude",
        "clinics"."latitude") <@ box(point((CASE WHEN (abs((SELECT longitude FROM origin)) + (CASE WHEN ($4::float8 / 3959::float8) < radians(90 - abs((SELECT latitude FROM origin))) THEN degrees(asin(sin(($4::float8 / 3959::float8)) / (SELECT cos_latitude FROM origin))) + 1e-9 ELSE 360 END) > 180) THEN -180 ELSE (SELECT longitude FROM origin) - (CASE WHEN ($4::float8 / 3959::float8) < radians(90 - abs((SELECT latitude FROM origin))) THEN degrees(asin(sin(($4::float8 / 3959::float8)) / (SELECT cos_latitude FROM origin))) + 1e-9 ELSE 360 END) END),
        (SELECT latitude FROM origin) - (degrees(($4::float8 / 3959::float8)) + 1e-9)), point((CASE WHEN (abs((SELECT longitude FROM origin)) + (CASE WHEN ($4::float8 / 3959::float8) < radians(90 - abs((SELECT latitude FROM origin))) THEN degrees(asin(sin(($4::float8 / 3959::float8)) / (SELECT cos_latitude FROM origin))) + 1e-9 ELSE 360 END) > 180) THEN 180 ELSE (SELECT longitude FROM origin) + (CASE WHEN ($4::float8 / 3959::float8) < radians(90 - abs((SELECT latitude FROM origin))) THEN degrees(asin(sin(($4::float8 / 3959::float8)) / (SELECT cos_latitude FROM origin))) + 1e-9 ELSE 360 END) END),
        (SELECT latitude FROM origin) + (degrees(($4::float8 / 3959::float8)) + 1e-9))) AND (point("clinics"."longitude",
        "clinics"."latitude") <@ (SELECT CASE WHEN ((power(sin(($4::float8 / 3959::float8) / 2), 2) * (1 - 1e-9) - 1e-15 - power(sin((0.7 * ($4::float8 / 3959::float8)) / 2),
        2)) / greatest((SELECT cos_latitude FROM origin), 1e-300)) > 0 THEN box(point((SELECT longitude FROM origin) - (CASE WHEN ((power(sin(($4::float8 / 3959::float8) / 2),
        2) * (1 - 1e-9) - 1e-15 - power(sin((0.7 * ($4::float8 / 3959::float8)) / 2), 2)) / greatest((SELECT cos_latitude FROM origin),
        1e-300)) >= 1 THEN 180 ELSE degrees(2 * asin(sqrt(((power(sin(($4::float8 / 3959::float8) / 2), 2) * (1 - 1e-9) - 1e-15 - power(sin((0.7 * ($4::float8 / 3959::float8)) / 2),
        2)) / greatest((SELECT cos_latitude FROM origin), 1e-300))))) END), (SELECT latitude FROM origin) - degrees((0.7 * ($4::float8 / 3959::float8)))),
        point((SELECT longitude FROM origin) + (CASE WHEN ((power(sin(($4::float8 / 3959::float8) / 2), 2) * (1 - 1e-9) - 1e-15 - power(sin((0.7 * ($4::float8 / 3959::float8)) / 2),
        2)) / greatest((SELECT cos_latitude FROM origin), 1e-300)) >= 1 THEN 180 ELSE degrees(2 * asin(sqrt(((power(sin(($4::float8 / 3959::float8) / 2),
        2) * (1 - 1e-9) - 1e-15 - power(sin((0.7 * ($4::float8 / 3959::float8)) / 2), 2)) / greatest((SELECT cos_latitude FROM origin),
        1e-300))))) END), (SELECT latitude FROM origin) + degrees((0.7 * ($4::float8 / 3959::float8))))) END) OR (7918::float8 * asin(least(1::float8,
        sqrt(
    power(sin(radians("clinics"."latitude" - (SELECT latitude FROM origin)) / 2), 2)
    + (SELECT cos_latitude FROM origin) * cos(radians("clinics"."latitude")) * power(sin(radians("clinics"."longitude" - (SELECT longitude FROM origin)) / 2),
      2))))) <= $4::float8)) and "clinics"."business_status" <> 'PERMANENTLY_CLOSED')),
    page AS (
      SELECT id, distance, unit, unit_checked_on, count(*) over () AS total FROM ranked
      ORDER BY (CASE WHEN unit IS NULL THEN 2 WHEN unit_checked_on >= $5::date THEN 0 ELSE 1 END) ASC, unit ASC NULLS LAST,
        distance ASC, id ASC LIMIT $6 OFFSET $7)
    SELECT origin.latitude AS "originLatitude", origin.longitude AS "originLongitude", origin.city AS "originCity",
      origin.state AS "originState", "clinics"."id" AS "id", "clinics"."name" AS "name", "clinics"."slug" AS "slug", "clinics"."site" AS "site",
      "clinics"."phone" AS "phone", "clinics"."full_address" AS "fullAddress", "clinics"."street" AS "street", "clinics"."city" AS "city",
      "clinics"."city_slug" AS "citySlug", "clinics"."state" AS "state", "clinics"."postal_code" AS "postalCode", "clinics"."country" AS "country",
      "clinics"."latitude" AS "latitude", "clinics"."longitude" AS "longitude", "clinics"."rating" AS "rating", "clinics"."review_count" AS "reviewCount",
      "clinics"."photo" AS "photo", "clinics"."street_view" AS "streetView", "clinics"."working_hours" AS "workingHours",
      "clinics"."business_status" AS "businessStatus", "clinics"."category" AS "category", "clinics"."location_link" AS "locationLink",
      "clinics"."time_zone" AS "timeZone", "clinics"."last_verified_on"::text AS "lastVerifiedOn", "clinics"."booking_url" AS "bookingUrl",
      "clinics"."booking_url_failures" AS "bookingUrlFailures", "clinics"."description" AS "description", "clinics"."claimed" AS "claimed",
      "clinics"."created_at" AS "createdAt", "clinics"."updated_at" AS "updatedAt", page.distance, coalesce(page.total, (SELECT count(*) FROM ranked)) AS total,
      lp.per_unit_cents AS "priceUnit", lpp.observed_on::text AS "priceObservedOn", lp.checked_on::text AS "priceCheckedOn",
      lpp.source AS "priceSource", (SELECT json_agg(json_build_array(v.role, v.credential, v.demo) ORDER BY v.role, v.credential) FROM (
    SELECT cs.role, cs.credential, bool_and(cs.source = 'demo') AS demo FROM "clinic_staff" cs
    WHERE cs.clinic_id = "clinics"."id" AND cs.license_status = 'active'
      AND cs.verified_on >= $8::date AND cs.verified_on <= $9::date
    GROUP BY cs.role, cs.credential) v) AS "verifiedRoles"
    FROM origin LEFT JOIN (page JOIN "clinics" ON "clinics"."id" = page.id LEFT JOIN "clinic_current_prices" lp ON lp.clinic_id = "clinics"."id" AND lp.brand = $2 AND lp.checked_on >= $3::date
    LEFT JOIN "clinic_prices" lpp ON lpp.id = lp.price_id) ON true
    ORDER BY (CASE WHEN page.unit IS NULL THEN 2 WHEN page.unit_checked_on >= $5::date THEN 0 ELSE 1 END) ASC, page.unit ASC NULLS LAST,
      page.distance ASC, page.id ASC;

-- ================================================================================================
-- GET /zip-search?postalCode=10001&maxUnitPrice=12  searchClinicsNearZipByPrice (read from the kept prices)
-- ================================================================================================
-- $1 = "10001"
-- $2 = 25
-- $3 = "botox"
-- $4 = "2025-06-15"
-- $5 = 1200
-- $6 = 10
-- $7 = 0
-- $8 = "2025-06-15"
-- $9 = "2026-06-15"
WITH origin AS (SELECT latitude, longitude, city, state, cube(cube(cube(6378168::float8 * cos(radians(latitude)) * cos(radians(longitude))),
  6378168::float8 * cos(radians(latitude)) * sin(radians(longitude))), 6378168::float8 * sin(radians(latitude))) AS earth,
  cos(radians(latitude)) AS cos_latitude FROM "zip_codes" WHERE zip = $1),
    ranked AS (
      SELECT "clinic_current_prices"."clinic_id" AS id, (7918::float8 * asin(least(1::float8, sqrt(
    power(sin(radians("clinic_current_prices"."latitude" - (SELECT latitude FROM origin)) / 2), 2)
    + (SELECT cos_latitude FROM origin) * cos(radians("clinic_current_prices"."latitude")) * power(sin(radians("clinic_current_prices"."longitude" - (SELECT longitude FROM origin)) / 2),
      2))))) AS distance, "clinic_current_prices"."per_unit_cents" AS unit, "clinic_current_prices"."checked_on" AS unit_checked_on
      FROM "clinic_current_prices"
      WHERE (("clinic_current_prices"."latitude" IS NOT NULL AND "clinic_current_prices"."longitude" IS NOT NULL AND point("clinic_current_prices"."longitude",
        "clinic_current_prices"."latitude") <@ box(point((CASE WHEN (abs((SELECT longitude FROM origin)) + (CASE WHEN ($2::float8 / 3959::float8) < radians(90 - abs((SELECT latitude FROM origin))) THEN degrees(asin(sin(($2::float8 / 3959::float8)) / (SELECT cos_latitude FROM origin))) + 1e-9 ELSE 360 END) > 180) THEN -180 ELSE (SELECT longitude FROM origin) - (CASE WHEN ($2::float8 / 3959::float8) < radians(90 - abs((SELECT latitude FROM origin))) THEN degrees(asin(sin(($2::float8 / 3959::float8)) / (SELECT cos_latitude FROM origin))) + 1e-9 ELSE 360 END) END),
        (SELECT latitude FROM origin) - (degrees(($2::float8 / 3959::float8)) + 1e-9)), point((CASE WHEN (abs((SELECT longitude FROM origin)) + (CASE WHEN ($2::float8 / 3959::float8) < radians(90 - abs((SELECT latitude FROM origin))) THEN degrees(asin(sin(($2::float8 / 3959::float8)) / (SELECT cos_latitude FROM origin))) + 1e-9 ELSE 360 END) > 180) THEN 180 ELSE (SELECT longitude FROM origin) + (CASE WHEN ($2::float8 / 3959::float8) < radians(90 - abs((SELECT latitude FROM origin))) THEN degrees(asin(sin(($2::float8 / 3959::float8)) / (SELECT cos_latitude FROM origin))) + 1e-9 ELSE 360 END) END),
        (SELECT latitude FROM origin) + (degrees(($2::float8 / 3959::float8)) + 1e-9))) AND (point("clinic_current_prices"."longitude",
        "clinic_current_prices"."latitude") <@ (SELECT CASE WHEN ((power(sin(($2::float8 / 3959::float8) / 2), 2) * (1 - 1e-9) - 1e-15 - power(sin((0.7 * ($2::float8 / 3959::float8)) / 2),
        2)) / greatest((SELECT cos_latitude FROM origin), 1e-300)) > 0 THEN box(point((SELECT longitude FROM origin) - (CASE WHEN ((power(sin(($2::float8 / 3959::float8) / 2),
        2) * (1 - 1e-9) - 1e-15 - power(sin((0.7 * ($2::float8 / 3959::float8)) / 2), 2)) / greatest((SELECT cos_latitude FROM origin),
        1e-300)) >= 1 THEN 180 ELSE degrees(2 * asin(sqrt(((power(sin(($2::float8 / 3959::float8) / 2), 2) * (1 - 1e-9) - 1e-15 - power(sin((0.7 * ($2::float8 / 3959::float8)) / 2),
        2)) / greatest((SELECT cos_latitude FROM origin), 1e-300))))) END), (SELECT latitude FROM origin) - degrees((0.7 * ($2::float8 / 3959::float8)))),
        point((SELECT longitude FROM origin) + (CASE WHEN ((power(sin(($2::float8 / 3959::float8) / 2), 2) * (1 - 1e-9) - 1e-15 - power(sin((0.7 * ($2::float8 / 3959::float8)) / 2),
        2)) / greatest((SELECT cos_latitude FROM origin), 1e-300)) >= 1 THEN 180 ELSE degrees(2 * asin(sqrt(((power(sin(($2::float8 / 3959::float8) / 2),
        2) * (1 - 1e-9) - 1e-15 - power(sin((0.7 * ($2::float8 / 3959::float8)) / 2), 2)) / greatest((SELECT cos_latitude FROM origin),
        1e-300))))) END), (SELECT latitude FROM origin) + degrees((0.7 * ($2::float8 / 3959::float8))))) END) OR (7918::float8 * asin(least(1::float8,
        sqrt(
    power(sin(radians("clinic_current_prices"."latitude" - (SELECT latitude FROM origin)) / 2), 2)
    + (SELECT cos_latitude FROM origin) * cos(radians("clinic_current_prices"."latitude")) * power(sin(radians("clinic_current_prices"."longitude" - (SELECT longitude FROM origin)) / 2),
      2))))) <= $2::float8)) and "clinic_current_prices"."business_status" <> 'PERMANENTLY_CLOSED' and "clinic_current_prices"."brand" = $3 AND "clinic_current_prices"."checked_on" >= $4::date AND "clinic_current_prices"."per_unit_cents" <= $5)),
    page AS (
      SELECT id, distance, unit, unit_checked_on, count(*) over () AS total FROM ranked
      ORDER BY distance ASC, id ASC LIMIT $6 OFFSET $7)
    SELECT origin.latitude AS "originLatitude", origin.longitude AS "originLongitude", origin.city AS "originCity",
      origin.state AS "originState", "clinics"."id" AS "id", "clinics"."name" AS "name", "clinics"."slug" AS "slug", "clinics"."site" AS "site",
      "clinics"."phone" AS "phone", "clinics"."full_address" AS "fullAddress", "clinics"."street" AS "street", "clinics"."city" AS "city",
      "clinics"."city_slug" AS "citySlug", "clinics"."state" AS "state", "clinics"."postal_code" AS "postalCode", "clinics"."country" AS "country",
      "clinics"."latitude" AS "latitude", "clinics"."longitude" AS "longitude", "clinics"."rating" AS "rating", "clinics"."review_count" AS "reviewCount",
      "clinics"."photo" AS "photo", "clinics"."street_view" AS "streetView", "clinics"."working_hours" AS "workingHours",
      "clinics"."business_status" AS "businessStatus", "clinics"."category" AS "category", "clinics"."location_link" AS "locationLink",
      "clinics"."time_zone" AS "timeZone", "clinics"."last_verified_on"::text AS "lastVerifiedOn", "clinics"."booking_url" AS "bookingUrl",
      "clinics"."booking_url_failures" AS "bookingUrlFailures", "clinics"."description" AS "description", "clinics"."claimed" AS "claimed",
      "clinics"."created_at" AS "createdAt", "clinics"."updated_at" AS "updatedAt", page.distance, coalesce(page.total, (SELECT count(*) FROM ranked)) AS total,
      lp.per_unit_cents AS "priceUnit", lpp.observed_on::text AS "priceObservedOn", lp.checked_on::text AS "priceCheckedOn",
      lpp.source AS "priceSource", (SELECT json_agg(json_build_array(v.role, v.credential, v.demo) ORDER BY v.role, v.credential) FROM (
    SELECT cs.role, cs.credential, bool_and(cs.source = 'demo') AS demo FROM "clinic_staff" cs
    WHERE cs.clinic_id = "clinics"."id" AND cs.license_status = 'active'
      AND cs.verified_on >= $8::date AND cs.verified_on <= $9::date
    GROUP BY cs.role, cs.credential) v) AS "verifiedRoles"
    FROM origin LEFT JOIN (page JOIN "clinics" ON "clinics"."id" = page.id LEFT JOIN "clinic_current_prices" lp ON lp.clinic_id = "clinics"."id" AND lp.brand = $3 AND lp.checked_on >= $4::date
    LEFT JOIN "clinic_prices" lpp ON lpp.id = lp.price_id) ON true
    ORDER BY page.distance ASC, page.id ASC;

-- ================================================================================================
-- GET /zip-search?postalCode=10001&distance=any&maxUnitPrice=12&sortBy=price  searchClinicsNearZipByPrice (cheapest first anywhere)
-- ================================================================================================
-- $1 = "10001"
-- $2 = "botox"
-- $3 = 1200
-- $4 = "2025-06-15"
-- $5 = "2025-12-17"
-- $6 = 10
-- $7 = 0
-- $8 = "2025-06-15"
-- $9 = "2026-06-15"
WITH origin AS (SELECT latitude, longitude, city, state, cube(cube(cube(6378168::float8 * cos(radians(latitude)) * cos(radians(longitude))),
  6378168::float8 * cos(radians(latitude)) * sin(radians(longitude))), 6378168::float8 * sin(radians(latitude))) AS earth,
  cos(radians(latitude)) AS cos_latitude FROM "zip_codes" WHERE zip = $1),
    page AS (
      SELECT id, distance, unit, unit_checked_on FROM (
        (SELECT "clinics"."id" AS id, (7918::float8 * asin(least(1::float8, sqrt(
    power(sin(radians("clinics"."latitude" - (SELECT latitude FROM origin)) / 2), 2)
    + (SELECT cos_latitude FROM origin) * cos(radians("clinics"."latitude")) * power(sin(radians("clinics"."longitude" - (SELECT longitude FROM origin)) / 2),
      2))))) AS distance, ccp.per_unit_cents AS unit, ccp.checked_on AS unit_checked_on
      FROM "clinic_current_prices" ccp JOIN "clinics" ON "clinics"."id" = ccp.clinic_id
      WHERE ccp.brand = $2 AND ccp.per_unit_cents <= $3 AND ccp.checked_on >= $4::date AND ("clinics"."latitude" IS NOT NULL AND "clinics"."longitude" IS NOT NULL and "clinics"."business_status" <> 'PERMANENTLY_CLOSED') AND ccp.checked_on >= $5::date
      ORDER BY ccp.per_unit_cents ASC, distance ASC, "clinics"."id" ASC LIMIT 10) UNION ALL (SELECT "clinics"."id" AS id,
        (7918::float8 * asin(least(1::float8, sqrt(
    power(sin(radians("clinics"."latitude" - (SELECT latitude FROM origin)) / 2), 2)
    + (SELECT cos_latitude FROM origin) * cos(radians("clinics"."latitude")) * power(sin(radians("clinics"."longitude" - (SELECT longitude FROM origin)) / 2),
      2))))) AS distance, ccp.per_unit_cents AS unit, ccp.checked_on AS unit_checked_on
      FROM "clinic_current_prices" ccp JOIN "clinics" ON "clinics"."id" = ccp.clinic_id
      WHERE ccp.brand = $2 AND ccp.per_unit_cents <= $3 AND ccp.checked_on >= $4::date AND ("clinics"."latitude" IS NOT NULL AND "clinics"."longitude" IS NOT NULL and "clinics"."business_status" <> 'PERMANENTLY_CLOSED') AND ccp.checked_on < $5::date
      ORDER BY ccp.per_unit_cents ASC, distance ASC, "clinics"."id" ASC LIMIT 10)) cheapest
      ORDER BY (CASE WHEN unit IS NULL THEN 2 WHEN unit_checked_on >= $5::date THEN 0 ELSE 1 END) ASC, unit ASC NULLS LAST,
        distance ASC, id ASC LIMIT $6 OFFSET $7),
    meta AS (SELECT origin.latitude AS "originLatitude", origin.longitude AS "originLongitude", origin.city AS "originCity",
      origin.state AS "originState", (SELECT count(*) FROM "clinic_current_prices" ccp JOIN "clinics" ON "clinics"."id" = ccp.clinic_id
      WHERE ccp.brand = $2 AND ccp.per_unit_cents <= $3 AND ccp.checked_on >= $4::date AND ("clinics"."latitude" IS NOT NULL AND "clinics"."longitude" IS NOT NULL and "clinics"."business_status" <> 'PERMANENTLY_CLOSED')) AS total,
        (SELECT n FROM located_clinics_generation WHERE id)::text AS generation FROM origin)
    SELECT meta.*, "clinics"."id" AS "id", "clinics"."name" AS "name", "clinics"."slug" AS "slug", "clinics"."site" AS "site",
      "clinics"."phone" AS "phone", "clinics"."full_address" AS "fullAddress", "clinics"."street" AS "street", "clinics"."city" AS "city",
      "clinics"."city_slug" AS "citySlug", "clinics"."state" AS "state", "clinics"."postal_code" AS "postalCode", "clinics"."country" AS "country",
      "clinics"."latitude" AS "latitude", "clinics"."longitude" AS "longitude", "clinics"."rating" AS "rating", "clinics"."review_count" AS "reviewCount",
      "clinics"."photo" AS "photo", "clinics"."street_view" AS "streetView", "clinics"."working_hours" AS "workingHours",
      "clinics"."business_status" AS "businessStatus", "clinics"."category" AS "category", "clinics"."location_link" AS "locationLink",
      "clinics"."time_zone" AS "timeZone", "clinics"."last_verified_on"::text AS "lastVerifiedOn", "clinics"."booking_url" AS "bookingUrl",
      "clinics"."booking_url_failures" AS "bookingUrlFailures", "clinics"."description" AS "description", "clinics"."claimed" AS "claimed",
      "clinics"."created_at" AS "createdAt", "clinics"."updated_at" AS "updatedAt", page.distance, lp.per_unit_cents AS "priceUnit",
      lpp.observed_on::text AS "priceObservedOn", lp.checked_on::text AS "priceCheckedOn", lpp.source AS "priceSource", (SELECT json_agg(json_build_array(v.role,
      v.credential, v.demo) ORDER BY v.role, v.credential) FROM (
    SELECT cs.role, cs.credential, bool_and(cs.source = 'demo') AS demo FROM "clinic_staff" cs
    WHERE cs.clinic_id = "clinics"."id" AND cs.license_status = 'active'
      AND cs.verified_on >= $8::date AND cs.verified_on <= $9::date
    GROUP BY cs.role, cs.credential) v) AS "verifiedRoles"
    FROM meta LEFT JOIN (page JOIN "clinics" ON "clinics"."id" = page.id LEFT JOIN "clinic_current_prices" lp ON lp.clinic_id = "clinics"."id" AND lp.brand = $2 AND lp.checked_on >= $4::date
    LEFT JOIN "clinic_prices" lpp ON lpp.id = lp.price_id) ON true
    ORDER BY (CASE WHEN page.unit IS NULL THEN 2 WHEN page.unit_checked_on >= $5::date THEN 0 ELSE 1 END) ASC, page.unit ASC NULLS LAST,
      page.distance ASC, page.id ASC;

-- ================================================================================================
-- GET /proxy/clinics-by-city/staffton  searchClinicsInCity
-- ================================================================================================
-- $1 = "staffton"
-- $2 = 10
-- $3 = 0
-- $4 = "2025-06-15"
-- $5 = "2026-06-15"
-- $6 = "botox"
-- $7 = "2025-06-15"
WITH ranked AS (
      SELECT k.*, row_number() OVER () AS rank FROM (
        SELECT "clinics"."id" AS id, NULL::float8 AS distance, NULL::int AS unit,
          NULL::date AS unit_checked_on, count(*) over () AS total
        FROM "clinics" WHERE ("clinics"."city_slug" = $1 and "clinics"."business_status" <> 'PERMANENTLY_CLOSED')
        ORDER BY "clinics"."review_count" DESC, "clinics"."rating" DESC NULLS LAST, "clinics"."name" asc, "clinics"."id" asc LIMIT 10) k),
    page AS (SELECT id, distance, unit, unit_checked_on, total FROM ranked ORDER BY rank LIMIT $2 OFFSET $3)
    SELECT "clinics"."id" AS "id", "clinics"."name" AS "name", "clinics"."slug" AS "slug", "clinics"."site" AS "site",
      "clinics"."phone" AS "phone", "clinics"."full_address" AS "fullAddress", "clinics"."street" AS "street", "clinics"."city" AS "city",
      "clinics"."city_slug" AS "citySlug", "clinics"."state" AS "state", "clinics"."postal_code" AS "postalCode", "clinics"."country" AS "country",
      "clinics"."latitude" AS "latitude", "clinics"."longitude" AS "longitude", "clinics"."rating" AS "rating", "clinics"."review_count" AS "reviewCount",
      "clinics"."photo" AS "photo", "clinics"."street_view" AS "streetView", "clinics"."working_hours" AS "workingHours",
      "clinics"."business_status" AS "businessStatus", "clinics"."category" AS "category", "clinics"."location_link" AS "locationLink",
      "clinics"."time_zone" AS "timeZone", "clinics"."last_verified_on"::text AS "lastVerifiedOn", "clinics"."booking_url" AS "bookingUrl",
      "clinics"."booking_url_failures" AS "bookingUrlFailures", "clinics"."description" AS "description", "clinics"."claimed" AS "claimed",
      "clinics"."created_at" AS "createdAt", "clinics"."updated_at" AS "updatedAt", "clinics"."xmin"::text AS "version", page.distance,
      page.total, lp.per_unit_cents AS "priceUnit", lpp.observed_on::text AS "priceObservedOn", lp.checked_on::text AS "priceCheckedOn",
      lpp.source AS "priceSource", (SELECT json_agg(json_build_array(v.role, v.credential, v.demo) ORDER BY v.role, v.credential) FROM (
    SELECT cs.role, cs.credential, bool_and(cs.source = 'demo') AS demo FROM "clinic_staff" cs
    WHERE cs.clinic_id = "clinics"."id" AND cs.license_status = 'active'
      AND cs.verified_on >= $4::date AND cs.verified_on <= $5::date
    GROUP BY cs.role, cs.credential) v) AS "verifiedRoles"
    FROM page JOIN "clinics" ON "clinics"."id" = page.id LEFT JOIN "clinic_current_prices" lp ON lp.clinic_id = "clinics"."id" AND lp.brand = $6 AND lp.checked_on >= $7::date
    LEFT JOIN "clinic_prices" lpp ON lpp.id = lp.price_id
    ORDER BY "clinics"."review_count" DESC, "clinics"."rating" DESC NULLS LAST, "clinics"."name" asc, "clinics"."id" asc;

-- ================================================================================================
-- GET /proxy/clinics-by-city/staffton-ny?sortBy=name&query=clinic  searchClinicsInCity
-- ================================================================================================
-- $1 = "staffton"
-- $2 = "NY"
-- $3 = "staffton-ny"
-- $4 = "%clinic%"
-- $5 = 10
-- $6 = 0
-- $7 = "2025-06-15"
-- $8 = "2026-06-15"
-- $9 = "botox"
-- $10 = "2025-06-15"
WITH ranked AS (
      SELECT k.*, row_number() OVER () AS rank FROM (
        SELECT "clinics"."id" AS id, NULL::float8 AS distance, NULL::int AS unit,
          NULL::date AS unit_checked_on, count(*) over () AS total
        FROM "clinics" WHERE ((("clinics"."city_slug" = $1 AND upper(trim("clinics"."state")) = $2) OR ("clinics"."city_slug" = $3 AND NOT EXISTS (SELECT 1 FROM "clinics" named WHERE named.city_slug = $1 AND upper(trim(named.state)) = $2))) and "clinics"."business_status" <> 'PERMANENTLY_CLOSED' and ("clinics"."name" ilike $4 or "clinics"."street" ilike $4 or "clinics"."full_address" ilike $4 or "clinics"."postal_code" ilike $4))
        ORDER BY lower("clinics"."name") asc, "clinics"."id" asc LIMIT 10) k),
    page AS (SELECT id, distance, unit, unit_checked_on, total FROM ranked ORDER BY rank LIMIT $5 OFFSET $6)
    SELECT "clinics"."id" AS "id", "clinics"."name" AS "name", "clinics"."slug" AS "slug", "clinics"."site" AS "site",
      "clinics"."phone" AS "phone", "clinics"."full_address" AS "fullAddress", "clinics"."street" AS "street", "clinics"."city" AS "city",
      "clinics"."city_slug" AS "citySlug", "clinics"."state" AS "state", "clinics"."postal_code" AS "postalCode", "clinics"."country" AS "country",
      "clinics"."latitude" AS "latitude", "clinics"."longitude" AS "longitude", "clinics"."rating" AS "rating", "clinics"."review_count" AS "reviewCount",
      "clinics"."photo" AS "photo", "clinics"."street_view" AS "streetView", "clinics"."working_hours" AS "workingHours",
      "clinics"."business_status" AS "businessStatus", "clinics"."category" AS "category", "clinics"."location_link" AS "locationLink",
      "clinics"."time_zone" AS "timeZone", "clinics"."last_verified_on"::text AS "lastVerifiedOn", "clinics"."booking_url" AS "bookingUrl",
      "clinics"."booking_url_failures" AS "bookingUrlFailures", "clinics"."description" AS "description", "clinics"."claimed" AS "claimed",
      "clinics"."created_at" AS "createdAt", "clinics"."updated_at" AS "updatedAt", "clinics"."xmin"::text AS "version", page.distance,
      page.total, lp.per_unit_cents AS "priceUnit", lpp.observed_on::text AS "priceObservedOn", lp.checked_on::text AS "priceCheckedOn",
      lpp.source AS "priceSource", (SELECT json_agg(json_build_array(v.role, v.credential, v.demo) ORDER BY v.role, v.credential) FROM (
    SELECT cs.role, cs.credential, bool_and(cs.source = 'demo') AS demo FROM "clinic_staff" cs
    WHERE cs.clinic_id = "clinics"."id" AND cs.license_status = 'active'
      AND cs.verified_on >= $7::date AND cs.verified_on <= $8::date
    GROUP BY cs.role, cs.credential) v) AS "verifiedRoles"
    FROM page JOIN "clinics" ON "clinics"."id" = page.id LEFT JOIN "clinic_current_prices" lp ON lp.clinic_id = "clinics"."id" AND lp.brand = $9 AND lp.checked_on >= $10::date
    LEFT JOIN "clinic_prices" lpp ON lpp.id = lp.price_id
    ORDER BY lower("clinics"."name") asc, "clinics"."id" asc;

-- ================================================================================================
-- GET /proxy/clinics-by-city/staffton?distance=10  searchClinicsInCity (the city's centre looked up first; the API keeps it)
-- ================================================================================================
-- statement 1 of 2
-- $1 = "staffton"
    SELECT avg("clinics"."latitude") AS latitude, avg("clinics"."longitude") AS longitude
    FROM "clinics"
    WHERE "clinics"."city_slug" = $1 AND "clinics"."latitude" IS NOT NULL AND "clinics"."longitude" IS NOT NULL;
-- statement 2 of 2
-- $1 = 40.775
-- $2 = 0.7572800921056231
-- $3 = -73.9875
-- $4 = "staffton"
-- $5 = 10
-- $6 = 10
-- $7 = 0
-- $8 = "2025-06-15"
-- $9 = "2026-06-15"
-- $10 = "botox"
-- $11 = "2025-06-15"
WITH ranked AS (
      SELECT k.*, row_number() OVER () AS rank FROM (
        SELECT "clinics"."id" AS id, (7918::float8 * asin(least(1::float8, sqrt(
    power(sin(radians("clinics"."latitude" - $1::float8) / 2), 2)
    + $2::float8 * cos(radians("clinics"."latitude")) * power(sin(radians("clinics"."longitude" - $3::float8) / 2),
      2))))) AS distance, NULL::int AS unit,
          NULL::date AS unit_checked_on, count(*) over () AS total
        FROM "clinics" WHERE (("clinics"."city_slug" = $4 and "clinics"."latitude" IS NOT NULL AND "clinics"."longitude" IS NOT NULL and (7918::float8 * asin(least(1::float8,
          sqrt(
    power(sin(radians("clinics"."latitude" - $1::float8) / 2), 2)
    + $2::float8 * cos(radians("clinics"."latitude")) * power(sin(radians("clinics"."longitude" - $3::float8) / 2),
      2))))) <= $5::float8) and "clinics"."business_status" <> 'PERMANENTLY_CLOSED')
        ORDER BY "clinics"."review_count" DESC, "clinics"."rating" DESC NULLS LAST, "clinics"."name" asc, "clinics"."id" asc LIMIT 10) k),
    page AS (SELECT id, distance, unit, unit_checked_on, total FROM ranked ORDER BY rank LIMIT $6 OFFSET $7)
    SELECT "clinics"."id" AS "id", "clinics"."name" AS "name", "clinics"."slug" AS "slug", "clinics"."site" AS "site",
      "clinics"."phone" AS "phone", "clinics"."full_address" AS "fullAddress", "clinics"."street" AS "street", "clinics"."city" AS "city",
      "clinics"."city_slug" AS "citySlug", "clinics"."state" AS "state", "clinics"."postal_code" AS "postalCode", "clinics"."country" AS "country",
      "clinics"."latitude" AS "latitude", "clinics"."longitude" AS "longitude", "clinics"."rating" AS "rating", "clinics"."review_count" AS "reviewCount",
      "clinics"."photo" AS "photo", "clinics"."street_view" AS "streetView", "clinics"."working_hours" AS "workingHours",
      "clinics"."business_status" AS "businessStatus", "clinics"."category" AS "category", "clinics"."location_link" AS "locationLink",
      "clinics"."time_zone" AS "timeZone", "clinics"."last_verified_on"::text AS "lastVerifiedOn", "clinics"."booking_url" AS "bookingUrl",
      "clinics"."booking_url_failures" AS "bookingUrlFailures", "clinics"."description" AS "description", "clinics"."claimed" AS "claimed",
      "clinics"."created_at" AS "createdAt", "clinics"."updated_at" AS "updatedAt", "clinics"."xmin"::text AS "version", page.distance,
      page.total, lp.per_unit_cents AS "priceUnit", lpp.observed_on::text AS "priceObservedOn", lp.checked_on::text AS "priceCheckedOn",
      lpp.source AS "priceSource", (SELECT json_agg(json_build_array(v.role, v.credential, v.demo) ORDER BY v.role, v.credential) FROM (
    SELECT cs.role, cs.credential, bool_and(cs.source = 'demo') AS demo FROM "clinic_staff" cs
    WHERE cs.clinic_id = "clinics"."id" AND cs.license_status = 'active'
      AND cs.verified_on >= $8::date AND cs.verified_on <= $9::date
    GROUP BY cs.role, cs.credential) v) AS "verifiedRoles"
    FROM page JOIN "clinics" ON "clinics"."id" = page.id LEFT JOIN "clinic_current_prices" lp ON lp.clinic_id = "clinics"."id" AND lp.brand = $10 AND lp.checked_on >= $11::date
    LEFT JOIN "clinic_prices" lpp ON lpp.id = lp.price_id
    ORDER BY "clinics"."review_count" DESC, "clinics"."rating" DESC NULLS LAST, "clinics"."name" asc, "clinics"."id" asc;

-- ================================================================================================
-- GET /proxy/clinics-by-city/staffton?sortBy=price&maxUnitPrice=12  searchClinicsInCity (read from the kept prices)
-- ================================================================================================
-- $1 = "staffton"
-- $2 = "botox"
-- $3 = "2025-06-15"
-- $4 = 1200
-- $5 = "2025-12-17"
-- $6 = 10
-- $7 = 0
-- $8 = "2025-06-15"
-- $9 = "2026-06-15"
WITH ranked AS (
      SELECT k.*, row_number() OVER () AS rank FROM (
        SELECT "clinics"."id" AS id, NULL::float8 AS distance, "clinic_current_prices"."per_unit_cents" AS unit,
          "clinic_current_prices"."checked_on" AS unit_checked_on, count(*) over () AS total
        FROM "clinic_current_prices" JOIN "clinics" ON "clinics"."id" = "clinic_current_prices"."clinic_id" WHERE ("clinic_current_prices"."city_slug" = $1 and "clinic_current_prices"."business_status" <> 'PERMANENTLY_CLOSED' and "clinic_current_prices"."brand" = $2 AND "clinic_current_prices"."checked_on" >= $3::date AND "clinic_current_prices"."per_unit_cents" <= $4)
        ORDER BY (CASE WHEN "clinic_current_prices"."per_unit_cents" IS NULL THEN 2 WHEN "clinic_current_prices"."checked_on" >= $5::date THEN 0 ELSE 1 END) ASC,
          "clinic_current_prices"."per_unit_cents" ASC NULLS LAST, "clinics"."review_count" DESC, "clinics"."rating" DESC NULLS LAST,
          "clinics"."name" asc, "clinics"."id" asc LIMIT 10) k),
    page AS (SELECT id, distance, unit, unit_checked_on, total FROM ranked ORDER BY rank LIMIT $6 OFFSET $7)
    SELECT "clinics"."id" AS "id", "clinics"."name" AS "name", "clinics"."slug" AS "slug", "clinics"."site" AS "site",
      "clinics"."phone" AS "phone", "clinics"."full_address" AS "fullAddress", "clinics"."street" AS "street", "clinics"."city" AS "city",
      "clinics"."city_slug" AS "citySlug", "clinics"."state" AS "state", "clinics"."postal_code" AS "postalCode", "clinics"."country" AS "country",
      "clinics"."latitude" AS "latitude", "clinics"."longitude" AS "longitude", "clinics"."rating" AS "rating", "clinics"."review_count" AS "reviewCount",
      "clinics"."photo" AS "photo", "clinics"."street_view" AS "streetView", "clinics"."working_hours" AS "workingHours",
      "clinics"."business_status" AS "businessStatus", "clinics"."category" AS "category", "clinics"."location_link" AS "locationLink",
      "clinics"."time_zone" AS "timeZone", "clinics"."last_verified_on"::text AS "lastVerifiedOn", "clinics"."booking_url" AS "bookingUrl",
      "clinics"."booking_url_failures" AS "bookingUrlFailures", "clinics"."description" AS "description", "clinics"."claimed" AS "claimed",
      "clinics"."created_at" AS "createdAt", "clinics"."updated_at" AS "updatedAt", "clinics"."xmin"::text AS "version", page.distance,
      page.total, lp.per_unit_cents AS "priceUnit", lpp.observed_on::text AS "priceObservedOn", lp.checked_on::text AS "priceCheckedOn",
      lpp.source AS "priceSource", (SELECT json_agg(json_build_array(v.role, v.credential, v.demo) ORDER BY v.role, v.credential) FROM (
    SELECT cs.role, cs.credential, bool_and(cs.source = 'demo') AS demo FROM "clinic_staff" cs
    WHERE cs.clinic_id = "clinics"."id" AND cs.license_status = 'active'
      AND cs.verified_on >= $8::date AND cs.verified_on <= $9::date
    GROUP BY cs.role, cs.credential) v) AS "verifiedRoles"
    FROM page JOIN "clinics" ON "clinics"."id" = page.id LEFT JOIN "clinic_current_prices" lp ON lp.clinic_id = "clinics"."id" AND lp.brand = $2 AND lp.checked_on >= $3::date
    LEFT JOIN "clinic_prices" lpp ON lpp.id = lp.price_id
    ORDER BY (CASE WHEN page.unit IS NULL THEN 2 WHEN page.unit_checked_on >= $5::date THEN 0 ELSE 1 END) ASC, page.unit ASC NULLS LAST,
      "clinics"."review_count" DESC, "clinics"."rating" DESC NULLS LAST, "clinics"."name" asc, "clinics"."id" asc;

-- ================================================================================================
-- GET /proxy/clinics-by-city/staffton?page=5  searchClinicsInCity (a page past the last: the total counted apart)
-- ================================================================================================
-- statement 1 of 2
-- $1 = "staffton"
-- $2 = 10
-- $3 = 40
-- $4 = "2025-06-15"
-- $5 = "2026-06-15"
-- $6 = "botox"
-- $7 = "2025-06-15"
WITH ranked AS (
      SELECT k.*, row_number() OVER () AS rank FROM (
        SELECT "clinics"."id" AS id, NULL::float8 AS distance, NULL::int AS unit,
          NULL::date AS unit_checked_on, count(*) over () AS total
        FROM "clinics" WHERE ("clinics"."city_slug" = $1 and "clinics"."business_status" <> 'PERMANENTLY_CLOSED')
        ORDER BY "clinics"."review_count" DESC, "clinics"."rating" DESC NULLS LAST, "clinics"."name" asc, "clinics"."id" asc LIMIT 50) k),
    page AS (SELECT id, distance, unit, unit_checked_on, total FROM ranked ORDER BY rank LIMIT $2 OFFSET $3)
    SELECT "clinics"."id" AS "id", "clinics"."name" AS "name", "clinics"."slug" AS "slug", "clinics"."site" AS "site",
      "clinics"."phone" AS "phone", "clinics"."full_address" AS "fullAddress", "clinics"."street" AS "street", "clinics"."city" AS "city",
      "clinics"."city_slug" AS "citySlug", "clinics"."state" AS "state", "clinics"."postal_code" AS "postalCode", "clinics"."country" AS "country",
      "clinics"."latitude" AS "latitude", "clinics"."longitude" AS "longitude", "clinics"."rating" AS "rating", "clinics"."review_count" AS "reviewCount",
      "clinics"."photo" AS "photo", "clinics"."street_view" AS "streetView", "clinics"."working_hours" AS "workingHours",
      "clinics"."business_status" AS "businessStatus", "clinics"."category" AS "category", "clinics"."location_link" AS "locationLink",
      "clinics"."time_zone" AS "timeZone", "clinics"."last_verified_on"::text AS "lastVerifiedOn", "clinics"."booking_url" AS "bookingUrl",
      "clinics"."booking_url_failures" AS "bookingUrlFailures", "clinics"."description" AS "description", "clinics"."claimed" AS "claimed",
      "clinics"."created_at" AS "createdAt", "clinics"."updated_at" AS "updatedAt", "clinics"."xmin"::text AS "version", page.distance,
      page.total, lp.per_unit_cents AS "priceUnit", lpp.observed_on::text AS "priceObservedOn", lp.checked_on::text AS "priceCheckedOn",
      lpp.source AS "priceSource", (SELECT json_agg(json_build_array(v.role, v.credential, v.demo) ORDER BY v.role, v.credential) FROM (
    SELECT cs.role, cs.credential, bool_and(cs.source = 'demo') AS demo FROM "clinic_staff" cs
    WHERE cs.clinic_id = "clinics"."id" AND cs.license_status = 'active'
      AND cs.verified_on >= $4::date AND cs.verified_on <= $5::date
    GROUP BY cs.role, cs.credential) v) AS "verifiedRoles"
    FROM page JOIN "clinics" ON "clinics"."id" = page.id LEFT JOIN "clinic_current_prices" lp ON lp.clinic_id = "clinics"."id" AND lp.brand = $6 AND lp.checked_on >= $7::date
    LEFT JOIN "clinic_prices" lpp ON lpp.id = lp.price_id
    ORDER BY "clinics"."review_count" DESC, "clinics"."rating" DESC NULLS LAST, "clinics"."name" asc, "clinics"."id" asc;
-- statement 2 of 2
-- $1 = "staffton"
select count(*) from "clinics" where ("clinics"."city_slug" = $1 and "clinics"."business_status" <> 'PERMANENTLY_CLOSED');

-- ================================================================================================
-- GET /proxy/clinic/listing-clinic-1  findClinicTextBySlugOrId
-- ================================================================================================
-- $1 = "listing-clinic-1"
SELECT "clinics"."id" AS "id", "clinics"."name" AS "name", "clinics"."slug" AS "slug", "clinics"."site" AS "site", "clinics"."phone" AS "phone",
  "clinics"."full_address" AS "fullAddress", "clinics"."street" AS "street", "clinics"."city" AS "city", "clinics"."city_slug" AS "citySlug",
  "clinics"."state" AS "state", "clinics"."postal_code" AS "postalCode", "clinics"."country" AS "country", "clinics"."latitude" AS "latitude",
  "clinics"."longitude" AS "longitude", "clinics"."rating" AS "rating", "clinics"."review_count" AS "reviewCount", "clinics"."photo" AS "photo",
  "clinics"."street_view" AS "streetView", "clinics"."working_hours" AS "workingHours", "clinics"."business_status" AS "businessStatus",
  "clinics"."category" AS "category", "clinics"."location_link" AS "locationLink", "clinics"."time_zone" AS "timeZone", "clinics"."last_verified_on"::text AS "lastVerifiedOn",
  "clinics"."booking_url" AS "bookingUrl", "clinics"."booking_url_failures" AS "bookingUrlFailures", "clinics"."description" AS "description",
  "clinics"."claimed" AS "claimed", "clinics"."created_at" AS "createdAt", "clinics"."updated_at" AS "updatedAt", "clinics"."xmin"::text AS "version" FROM "clinics" WHERE "clinics"."slug" = $1 ORDER BY "clinics"."id" LIMIT 1;

-- ================================================================================================
-- GET /proxy/clinic/listing-clinic-1?city=staffton  findClinicTextBySlugOrId
-- ================================================================================================
-- $1 = "listing-clinic-1"
-- $2 = "staffton"
SELECT "clinics"."id" AS "id", "clinics"."name" AS "name", "clinics"."slug" AS "slug", "clinics"."site" AS "site", "clinics"."phone" AS "phone",
  "clinics"."full_address" AS "fullAddress", "clinics"."street" AS "street", "clinics"."city" AS "city", "clinics"."city_slug" AS "citySlug",
  "clinics"."state" AS "state", "clinics"."postal_code" AS "postalCode", "clinics"."country" AS "country", "clinics"."latitude" AS "latitude",
  "clinics"."longitude" AS "longitude", "clinics"."rating" AS "rating", "clinics"."review_count" AS "reviewCount", "clinics"."photo" AS "photo",
  "clinics"."street_view" AS "streetView", "clinics"."working_hours" AS "workingHours", "clinics"."business_status" AS "businessStatus",
  "clinics"."category" AS "category", "clinics"."location_link" AS "locationLink", "clinics"."time_zone" AS "timeZone", "clinics"."last_verified_on"::text AS "lastVerifiedOn",
  "clinics"."booking_url" AS "bookingUrl", "clinics"."booking_url_failures" AS "bookingUrlFailures", "clinics"."description" AS "description",
  "clinics"."claimed" AS "claimed", "clinics"."created_at" AS "createdAt", "clinics"."updated_at" AS "updatedAt", "clinics"."xmin"::text AS "version" FROM "clinics" WHERE "clinics"."slug" = $1 AND "clinics"."city_slug" = $2 ORDER BY "clinics"."id" LIMIT 1;

-- ================================================================================================
-- GET /proxy/clinic/listing-clinic-1?city=staffton-ny  findClinicTextBySlugOrId
-- ================================================================================================
-- $1 = "listing-clinic-1"
-- $2 = "staffton"
-- $3 = "NY"
-- $4 = "staffton-ny"
SELECT "clinics"."id" AS "id", "clinics"."name" AS "name", "clinics"."slug" AS "slug", "clinics"."site" AS "site", "clinics"."phone" AS "phone",
  "clinics"."full_address" AS "fullAddress", "clinics"."street" AS "street", "clinics"."city" AS "city", "clinics"."city_slug" AS "citySlug",
  "clinics"."state" AS "state", "clinics"."postal_code" AS "postalCode", "clinics"."country" AS "country", "clinics"."latitude" AS "latitude",
  "clinics"."longitude" AS "longitude", "clinics"."rating" AS "rating", "clinics"."review_count" AS "reviewCount", "clinics"."photo" AS "photo",
  "clinics"."street_view" AS "streetView", "clinics"."working_hours" AS "workingHours", "clinics"."business_status" AS "businessStatus",
  "clinics"."category" AS "category", "clinics"."location_link" AS "locationLink", "clinics"."time_zone" AS "timeZone", "clinics"."last_verified_on"::text AS "lastVerifiedOn",
  "clinics"."booking_url" AS "bookingUrl", "clinics"."booking_url_failures" AS "bookingUrlFailures", "clinics"."description" AS "description",
  "clinics"."claimed" AS "claimed", "clinics"."created_at" AS "createdAt", "clinics"."updated_at" AS "updatedAt", "clinics"."xmin"::text AS "version" FROM "clinics" WHERE "clinics"."slug" = $1 AND (("clinics"."city_slug" = $2 AND upper(trim("clinics"."state")) = $3) OR ("clinics"."city_slug" = $4 AND NOT EXISTS (SELECT 1 FROM "clinics" named WHERE named.city_slug = $2 AND upper(trim(named.state)) = $3))) ORDER BY "clinics"."id" LIMIT 1;

-- ================================================================================================
-- GET /proxy/clinic/2  findClinicTextBySlugOrId (no such slug: by id)
-- ================================================================================================
-- statement 1 of 2
-- $1 = "2"
SELECT "clinics"."id" AS "id", "clinics"."name" AS "name", "clinics"."slug" AS "slug", "clinics"."site" AS "site", "clinics"."phone" AS "phone",
  "clinics"."full_address" AS "fullAddress", "clinics"."street" AS "street", "clinics"."city" AS "city", "clinics"."city_slug" AS "citySlug",
  "clinics"."state" AS "state", "clinics"."postal_code" AS "postalCode", "clinics"."country" AS "country", "clinics"."latitude" AS "latitude",
  "clinics"."longitude" AS "longitude", "clinics"."rating" AS "rating", "clinics"."review_count" AS "reviewCount", "clinics"."photo" AS "photo",
  "clinics"."street_view" AS "streetView", "clinics"."working_hours" AS "workingHours", "clinics"."business_status" AS "businessStatus",
  "clinics"."category" AS "category", "clinics"."location_link" AS "locationLink", "clinics"."time_zone" AS "timeZone", "clinics"."last_verified_on"::text AS "lastVerifiedOn",
  "clinics"."booking_url" AS "bookingUrl", "clinics"."booking_url_failures" AS "bookingUrlFailures", "clinics"."description" AS "description",
  "clinics"."claimed" AS "claimed", "clinics"."created_at" AS "createdAt", "clinics"."updated_at" AS "updatedAt", "clinics"."xmin"::text AS "version" FROM "clinics" WHERE "clinics"."slug" = $1 ORDER BY "clinics"."id" LIMIT 1;
-- statement 2 of 2
-- $1 = 2
SELECT "clinics"."id" AS "id", "clinics"."name" AS "name", "clinics"."slug" AS "slug", "clinics"."site" AS "site", "clinics"."phone" AS "phone",
  "clinics"."full_address" AS "fullAddress", "clinics"."street" AS "street", "clinics"."city" AS "city", "clinics"."city_slug" AS "citySlug",
  "clinics"."state" AS "state", "clinics"."postal_code" AS "postalCode", "clinics"."country" AS "country", "clinics"."latitude" AS "latitude",
  "clinics"."longitude" AS "longitude", "clinics"."rating" AS "rating", "clinics"."review_count" AS "reviewCount", "clinics"."photo" AS "photo",
  "clinics"."street_view" AS "streetView", "clinics"."working_hours" AS "workingHours", "clinics"."business_status" AS "businessStatus",
  "clinics"."category" AS "category", "clinics"."location_link" AS "locationLink", "clinics"."time_zone" AS "timeZone", "clinics"."last_verified_on"::text AS "lastVerifiedOn",
  "clinics"."booking_url" AS "bookingUrl", "clinics"."booking_url_failures" AS "bookingUrlFailures", "clinics"."description" AS "description",
  "clinics"."claimed" AS "claimed", "clinics"."created_at" AS "createdAt", "clinics"."updated_at" AS "updatedAt", "clinics"."xmin"::text AS "version" FROM "clinics" WHERE "clinics"."id" = $1;

-- ================================================================================================
-- POST /clinics/nearby {latitude, longitude, radius: 100}  listClinicsNearEncoded, whole rows with each card's current Botox price and verified staff
-- ================================================================================================
-- $1 = 40.75
-- $2 = -74
-- $3 = 0.7575649843840496
-- $4 = "2025-06-15"
-- $5 = "2026-06-15"
-- $6 = "botox"
-- $7 = "2025-06-15"
-- $8 = 100
-- $9 = 50
-- $10 = 0
WITH origin AS (SELECT cube(cube(cube(6378168::float8 * cos(radians($1::float8)) * cos(radians($2::float8))), 6378168::float8 * cos(radians($1::float8)) * sin(radians($2::float8))),
  6378168::float8 * sin(radians($1::float8))) AS earth),
    nearest AS (
      SELECT id, distance, row_number() OVER () AS rank FROM (
        SELECT "clinics"."id" AS id, (7918::float8 * asin(least(1::float8, sqrt(
    power(sin(radians("clinics"."latitude" - $1::float8) / 2), 2)
    + $3::float8 * cos(radians("clinics"."latitude")) * power(sin(radians("clinics"."longitude" - $2::float8) / 2),
      2))))) AS distance, ll_to_earth("clinics"."latitude", "clinics"."longitude") <-> (SELECT earth FROM origin) AS knn
        FROM "clinics" WHERE ("clinics"."latitude" IS NOT NULL AND "clinics"."longitude" IS NOT NULL and "clinics"."business_status" <> 'PERMANENTLY_CLOSED') ORDER BY knn LIMIT 50) k)
    SELECT "clinics"."id" AS "id", "clinics"."name" AS "name", "clinics"."slug" AS "slug", "clinics"."site" AS "site",
      "clinics"."phone" AS "phone", "clinics"."full_address" AS "fullAddress", "clinics"."street" AS "street", "clinics"."city" AS "city",
      "clinics"."city_slug" AS "citySlug", "clinics"."state" AS "state", "clinics"."postal_code" AS "postalCode", "clinics"."country" AS "country",
      "clinics"."latitude" AS "latitude", "clinics"."longitude" AS "longitude", "clinics"."rating" AS "rating", "clinics"."review_count" AS "reviewCount",
      "clinics"."photo" AS "photo", "clinics"."street_view" AS "streetView", "clinics"."working_hours" AS "workingHours",
      "clinics"."business_status" AS "businessStatus", "clinics"."category" AS "category", "clinics"."location_link" AS "locationLink",
      "clinics"."time_zone" AS "timeZone", "clinics"."last_verified_on"::text AS "lastVerifiedOn", "clinics"."booking_url" AS "bookingUrl",
      "clinics"."booking_url_failures" AS "bookingUrlFailures", "clinics"."description" AS "description", "clinics"."claimed" AS "claimed",
      "clinics"."created_at" AS "createdAt", "clinics"."updated_at" AS "updatedAt", "clinics"."xmin"::text AS "version", nearest.distance,
      lp.per_unit_cents AS "priceUnit", lpp.observed_on::text AS "priceObservedOn", lp.checked_on::text AS "priceCheckedOn",
      lpp.source AS "priceSource", (SELECT json_agg(json_build_array(v.role, v.credential, v.demo) ORDER BY v.role, v.credential) FROM (
    SELECT cs.role, cs.credential, bool_and(cs.source = 'demo') AS demo FROM "clinic_staff" cs
    WHERE cs.clinic_id = "clinics"."id" AND cs.license_status = 'active'
      AND cs.verified_on >= $4::date AND cs.verified_on <= $5::date
    GROUP BY cs.role, cs.credential) v) AS "verifiedRoles"
    FROM nearest JOIN "clinics" ON "clinics"."id" = nearest.id LEFT JOIN "clinic_current_prices" lp ON lp.clinic_id = "clinics"."id" AND lp.brand = $6 AND lp.checked_on >= $7::date
    LEFT JOIN "clinic_prices" lpp ON lpp.id = lp.price_id
    WHERE nearest.distance <= $8::float8
    ORDER BY nearest.rank LIMIT $9 OFFSET $10;

-- ================================================================================================
-- POST /clinics/nearby {latitude, longitude, radius: 100, openNow: true}  listClinicsNearEncoded, the same with most clinic texts kept
-- ================================================================================================
-- $1 = 40.75
-- $2 = -74
-- $3 = 0.7575649843840496
-- $4 = "2026-06-15T15:00:00.000Z"
-- $5 = "2025-06-15"
-- $6 = "2026-06-15"
-- $7 = "botox"
-- $8 = "2025-06-15"
-- $9 = 100
-- $10 = 50
-- $11 = 0
WITH origin AS (SELECT cube(cube(cube(6378168::float8 * cos(radians($1::float8)) * cos(radians($2::float8))), 6378168::float8 * cos(radians($1::float8)) * sin(radians($2::float8))),
  6378168::float8 * sin(radians($1::float8))) AS earth),
    nearest AS (
      SELECT id, distance, row_number() OVER () AS rank FROM (
        SELECT "clinics"."id" AS id, (7918::float8 * asin(least(1::float8, sqrt(
    power(sin(radians("clinics"."latitude" - $1::float8) / 2), 2)
    + $3::float8 * cos(radians("clinics"."latitude")) * power(sin(radians("clinics"."longitude" - $2::float8) / 2),
      2))))) AS distance, ll_to_earth("clinics"."latitude", "clinics"."longitude") <-> (SELECT earth FROM origin) AS knn
        FROM "clinics" WHERE ("clinics"."latitude" IS NOT NULL AND "clinics"."longitude" IS NOT NULL and "clinics"."business_status" <> 'PERMANENTLY_CLOSED' and ("clinics"."business_status" = 'OPERATIONAL' AND "clinics"."open_minutes" @> (extract(dow from ($4::timestamptz AT TIME ZONE "clinics"."time_zone"))::int * 1440 + extract(hour from ($4::timestamptz AT TIME ZONE "clinics"."time_zone"))::int * 60 + extract(minute from ($4::timestamptz AT TIME ZONE "clinics"."time_zone"))::int))) ORDER BY knn LIMIT 50) k)
    SELECT "clinics"."id" AS "id", "clinics"."name" AS "name", "clinics"."slug" AS "slug", "clinics"."site" AS "site",
      "clinics"."phone" AS "phone", "clinics"."full_address" AS "fullAddress", "clinics"."street" AS "street", "clinics"."city" AS "city",
      "clinics"."city_slug" AS "citySlug", "clinics"."state" AS "state", "clinics"."postal_code" AS "postalCode", "clinics"."country" AS "country",
      "clinics"."latitude" AS "latitude", "clinics"."longitude" AS "longitude", "clinics"."rating" AS "rating", "clinics"."review_count" AS "reviewCount",
      "clinics"."photo" AS "photo", "clinics"."street_view" AS "streetView", "clinics"."working_hours" AS "workingHours",
      "clinics"."business_status" AS "businessStatus", "clinics"."category" AS "category", "clinics"."location_link" AS "locationLink",
      "clinics"."time_zone" AS "timeZone", "clinics"."last_verified_on"::text AS "lastVerifiedOn", "clinics"."booking_url" AS "bookingUrl",
      "clinics"."booking_url_failures" AS "bookingUrlFailures", "clinics"."description" AS "description", "clinics"."claimed" AS "claimed",
      "clinics"."created_at" AS "createdAt", "clinics"."updated_at" AS "updatedAt", "clinics"."xmin"::text AS "version", nearest.distance,
      lp.per_unit_cents AS "priceUnit", lpp.observed_on::text AS "priceObservedOn", lp.checked_on::text AS "priceCheckedOn",
      lpp.source AS "priceSource", (SELECT json_agg(json_build_array(v.role, v.credential, v.demo) ORDER BY v.role, v.credential) FROM (
    SELECT cs.role, cs.credential, bool_and(cs.source = 'demo') AS demo FROM "clinic_staff" cs
    WHERE cs.clinic_id = "clinics"."id" AND cs.license_status = 'active'
      AND cs.verified_on >= $5::date AND cs.verified_on <= $6::date
    GROUP BY cs.role, cs.credential) v) AS "verifiedRoles"
    FROM nearest JOIN "clinics" ON "clinics"."id" = nearest.id LEFT JOIN "clinic_current_prices" lp ON lp.clinic_id = "clinics"."id" AND lp.brand = $7 AND lp.checked_on >= $8::date
    LEFT JOIN "clinic_prices" lpp ON lpp.id = lp.price_id
    WHERE nearest.distance <= $9::float8
    ORDER BY nearest.rank LIMIT $10 OFFSET $11;

-- ================================================================================================
-- GET /providers/near-user  listClinicsNear (100 miles)
-- ================================================================================================
-- $1 = 40.75
-- $2 = -74
-- $3 = 0.7575649843840496
-- $4 = 100
-- $5 = 10
-- $6 = 0
WITH origin AS (SELECT cube(cube(cube(6378168::float8 * cos(radians($1::float8)) * cos(radians($2::float8))), 6378168::float8 * cos(radians($1::float8)) * sin(radians($2::float8))),
  6378168::float8 * sin(radians($1::float8))) AS earth),
    nearest AS (
      SELECT id, distance, row_number() OVER () AS rank FROM (
        SELECT "clinics"."id" AS id, (7918::float8 * asin(least(1::float8, sqrt(
    power(sin(radians("clinics"."latitude" - $1::float8) / 2), 2)
    + $3::float8 * cos(radians("clinics"."latitude")) * power(sin(radians("clinics"."longitude" - $2::float8) / 2),
      2))))) AS distance, ll_to_earth("clinics"."latitude", "clinics"."longitude") <-> (SELECT earth FROM origin) AS knn
        FROM "clinics" WHERE ("clinics"."latitude" IS NOT NULL AND "clinics"."longitude" IS NOT NULL and "clinics"."business_status" <> 'PERMANENTLY_CLOSED') ORDER BY knn LIMIT 10) k)
    SELECT "clinics"."id" AS "id", "clinics"."name" AS "name", "clinics"."slug" AS "slug", "clinics"."site" AS "site",
      "clinics"."phone" AS "phone", "clinics"."full_address" AS "fullAddress", "clinics"."street" AS "street", "clinics"."city" AS "city",
      "clinics"."city_slug" AS "citySlug", "clinics"."state" AS "state", "clinics"."postal_code" AS "postalCode", "clinics"."country" AS "country",
      "clinics"."latitude" AS "latitude", "clinics"."longitude" AS "longitude", "clinics"."rating" AS "rating", "clinics"."review_count" AS "reviewCount",
      "clinics"."photo" AS "photo", "clinics"."street_view" AS "streetView", "clinics"."working_hours" AS "workingHours",
      "clinics"."business_status" AS "businessStatus", "clinics"."category" AS "category", "clinics"."location_link" AS "locationLink",
      "clinics"."time_zone" AS "timeZone", "clinics"."last_verified_on"::text AS "lastVerifiedOn", "clinics"."booking_url" AS "bookingUrl",
      "clinics"."booking_url_failures" AS "bookingUrlFailures", "clinics"."description" AS "description", "clinics"."claimed" AS "claimed",
      "clinics"."created_at" AS "createdAt", "clinics"."updated_at" AS "updatedAt", nearest.distance
    FROM nearest JOIN "clinics" ON "clinics"."id" = nearest.id
    WHERE nearest.distance <= $4::float8
    ORDER BY nearest.rank LIMIT $5 OFFSET $6;
