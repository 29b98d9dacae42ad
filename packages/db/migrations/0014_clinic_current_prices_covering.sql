-- Each clinic's current price read from an index alone (issue 26, decision 200). A price search
-- in a radius probes clinic_current_prices once per clinic within it (about 2,000 in 25 miles
-- of a dense ZIP at 100,000 clinics): through the primary key each probe also read the row from
-- the table, about 40% of PostgreSQL's work per request. This index carries every column the
-- searches read (the price filter and sort, and the page's current price with its price id), so
-- those probes are index-only scans while the visibility map is current (autovacuum keeps it).
-- drizzle-kit cannot express INCLUDE: not in schema.ts (like 0003's columns), read by the planner.
CREATE INDEX IF NOT EXISTS "clinic_current_prices_covering_idx" ON "clinic_current_prices" USING btree ("clinic_id", "brand") INCLUDE ("per_unit_cents", "checked_on", "price_id");
