-- A staff member counts as checked only when the server itself looked the NPI up in the NPI
-- Registry and the saved name, credential, licence number and state matched its answer
-- (decision 236). "verified_via" records that check; "verified_on" is the day it was made and
-- is set only with it, so every verified-staff read (the credential filter, the listings'
-- roles, the dashboard counts and their partial indexes on "verified_on") needs no change. No
-- row stored before this was checked by the server: their dates were typed in by an admin or
-- an export, and demo people are invented, so those dates are cleared (the rows stay, shown as
-- entered by the clinic, not checked).
ALTER TABLE "clinic_staff" ADD COLUMN IF NOT EXISTS "verified_via" text;--> statement-breakpoint
UPDATE "clinic_staff" SET "verified_on" = NULL, "verified_by" = NULL WHERE "verified_via" IS NULL AND ("verified_on" IS NOT NULL OR "verified_by" IS NOT NULL);--> statement-breakpoint
ALTER TABLE "clinic_staff" DROP CONSTRAINT IF EXISTS "clinic_staff_verified_via_check";--> statement-breakpoint
ALTER TABLE "clinic_staff" ADD CONSTRAINT "clinic_staff_verified_via_check" CHECK (("verified_via" IS NULL OR "verified_via" = 'npi_registry') AND (("verified_on" IS NULL) = ("verified_via" IS NULL)) AND ("source" <> 'demo' OR "verified_via" IS NULL));
