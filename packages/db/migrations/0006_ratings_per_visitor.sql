-- One rating per visitor cookie (issue 16): the address no longer decides "already rated";
-- it only caps ratings per clinic per day, counted through this index.
DROP INDEX IF EXISTS "ratings_clinic_address_key";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "ratings_clinic_address_created_idx" ON "ratings" USING btree ("clinic_id","address_hash","created_at");
