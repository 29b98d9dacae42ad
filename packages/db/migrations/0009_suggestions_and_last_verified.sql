-- Fresh and fair listings (issue 22).
-- The day a listing's details were last checked (an admin's "verified today", an applied
-- suggestion, or the import's last_verified_on column).
ALTER TABLE "clinics" ADD COLUMN IF NOT EXISTS "last_verified_on" date;--> statement-breakpoint
-- A keyed hash of the rater's network (IPv4 address, IPv6 /64), never the address: the
-- 30-day cap per network and the distinct networks rating markup needs count it. For IPv4
-- the network is the address, so older rows keep their address hash.
ALTER TABLE "ratings" ADD COLUMN IF NOT EXISTS "network_hash" text;--> statement-breakpoint
UPDATE "ratings" SET "network_hash" = "address_hash" WHERE "network_hash" IS NULL;--> statement-breakpoint
ALTER TABLE "ratings" ALTER COLUMN "network_hash" SET NOT NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "ratings_clinic_network_created_idx" ON "ratings" USING btree ("clinic_id","network_hash","created_at");--> statement-breakpoint
DO $$ BEGIN
  CREATE TYPE "public"."suggestion_status" AS ENUM('pending', 'applied', 'rejected');
EXCEPTION WHEN duplicate_object THEN NULL;
END $$;--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "clinic_suggestions" (
  "id" serial PRIMARY KEY NOT NULL,
  "clinic_id" integer NOT NULL,
  "changes" jsonb NOT NULL,
  "note" text,
  "visitor_id" text NOT NULL,
  "address_hash" text NOT NULL,
  "status" "suggestion_status" DEFAULT 'pending' NOT NULL,
  "reason" text,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "decided_at" timestamp with time zone
);--> statement-breakpoint
DO $$ BEGIN
  ALTER TABLE "clinic_suggestions" ADD CONSTRAINT "clinic_suggestions_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE cascade ON UPDATE no action;
EXCEPTION WHEN duplicate_object THEN NULL;
END $$;--> statement-breakpoint
-- One pending suggestion per visitor (cookie) and per address per clinic.
CREATE UNIQUE INDEX IF NOT EXISTS "clinic_suggestions_pending_visitor_key" ON "clinic_suggestions" USING btree ("clinic_id","visitor_id") WHERE "status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "clinic_suggestions_pending_address_key" ON "clinic_suggestions" USING btree ("clinic_id","address_hash") WHERE "status" = 'pending';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "clinic_suggestions_status_idx" ON "clinic_suggestions" USING btree ("status","created_at");--> statement-breakpoint
-- A city's display name is looked up in the cities data by name and state.
CREATE INDEX IF NOT EXISTS "zip_codes_lower_city_state_idx" ON "zip_codes" USING btree (lower("city"),"state");
