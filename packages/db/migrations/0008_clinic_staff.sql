-- Who injects here (issue 21): a clinic's medical director and injectors, each with a
-- credential and a licence checked against a public record (source_url) on verified_on.
-- source marks who entered the row; demo rows are invented people of the demo seed.
CREATE TYPE "public"."staff_role" AS ENUM('medical_director', 'injector');--> statement-breakpoint
CREATE TYPE "public"."staff_credential" AS ENUM('MD', 'DO', 'NP', 'PA', 'RN', 'other');--> statement-breakpoint
CREATE TYPE "public"."license_status" AS ENUM('active', 'inactive', 'unknown');--> statement-breakpoint
CREATE TYPE "public"."staff_source" AS ENUM('admin', 'import', 'demo');--> statement-breakpoint
CREATE TABLE "clinic_staff" (
	"id" serial PRIMARY KEY NOT NULL,
	"clinic_id" integer NOT NULL,
	"name" text NOT NULL,
	"role" "staff_role" NOT NULL,
	"credential" "staff_credential" NOT NULL,
	"npi" text,
	"license_state" text,
	"license_number" text,
	"license_status" "license_status" DEFAULT 'unknown' NOT NULL,
	"source_url" text,
	"verified_on" date,
	"verified_by" text,
	"source" "staff_source" DEFAULT 'admin' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clinic_staff_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE cascade ON UPDATE no action,
	CONSTRAINT "clinic_staff_npi_check" CHECK ("npi" IS NULL OR "npi" ~ '^[0-9]{10}$'),
	CONSTRAINT "clinic_staff_license_state_check" CHECK ("license_state" IS NULL OR "license_state" ~ '^[A-Z]{2}$'),
	CONSTRAINT "clinic_staff_source_url_check" CHECK ("source_url" IS NULL OR "source_url" LIKE 'https://%')
);--> statement-breakpoint
-- A clinic's staff in page order (its page, the admin edit screen, the import's replace).
CREATE INDEX "clinic_staff_clinic_idx" ON "clinic_staff" USING btree ("clinic_id","role","id");--> statement-breakpoint
-- The credential filter's EXISTS probe and verifiedCredentials: one index probe per clinic,
-- only over active licences (the only ones that can count as verified).
CREATE INDEX "clinic_staff_verified_idx" ON "clinic_staff" USING btree ("clinic_id","credential","verified_on") WHERE "clinic_staff"."license_status" = 'active';--> statement-breakpoint
-- The dashboard's checks going stale.
CREATE INDEX "clinic_staff_verified_on_idx" ON "clinic_staff" USING btree ("verified_on");
