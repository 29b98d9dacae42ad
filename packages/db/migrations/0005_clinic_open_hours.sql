-- Open now (issue 14): each clinic's IANA time zone (from its coordinates) and its weekly
-- opening hours as minutes of the week in that zone's local time (Sunday 00:00 = 0), both
-- derived by the application on every write. NULL hours: none given, or text that could not
-- be read; such clinics never match openNow=true.
ALTER TABLE "clinics" ADD COLUMN IF NOT EXISTS "time_zone" text;--> statement-breakpoint
ALTER TABLE "clinics" ADD COLUMN IF NOT EXISTS "open_minutes" int4multirange;
