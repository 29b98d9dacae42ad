-- Prices (issue 13): dated, sourced per-brand prices per clinic, and visitors' price reports.
-- per_unit_cents is the per-unit price a row states or implies (packages/core perUnitCents),
-- written with the row so searches can filter and sort on it through an index. checked_on is
-- the day a price was last known to hold (packages/core priceCheckedOn): every age rule reads it.
CREATE TYPE "public"."price_brand" AS ENUM('botox', 'dysport', 'xeomin', 'jeuveau', 'daxxify', 'other');--> statement-breakpoint
CREATE TYPE "public"."price_model" AS ENUM('per_unit', 'per_area', 'package', 'membership');--> statement-breakpoint
CREATE TYPE "public"."price_area" AS ENUM('forehead', 'frown_lines', 'crows_feet', 'masseter', 'full_face', 'lip_flip', 'other');--> statement-breakpoint
CREATE TYPE "public"."price_source" AS ENUM('clinic', 'phone', 'website', 'patient_report', 'demo');--> statement-breakpoint
CREATE TYPE "public"."price_status" AS ENUM('published', 'pending', 'rejected');--> statement-breakpoint
CREATE TABLE "clinic_prices" (
	"id" serial PRIMARY KEY NOT NULL,
	"clinic_id" integer NOT NULL,
	"brand" "price_brand" NOT NULL,
	"model" "price_model" NOT NULL,
	"unit_price_cents" integer,
	"area" "price_area",
	"price_cents" integer,
	"units" integer,
	"per_unit_cents" integer,
	"conditions" text,
	"new_patients_only" boolean DEFAULT false NOT NULL,
	"source" "price_source" NOT NULL,
	"evidence_url" text,
	"observed_on" date NOT NULL,
	"verified_on" date,
	"checked_on" date GENERATED ALWAYS AS (GREATEST("clinic_prices"."observed_on", "clinic_prices"."verified_on")) STORED,
	"status" "price_status" DEFAULT 'published' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clinic_prices_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE cascade ON UPDATE no action,
	CONSTRAINT "clinic_prices_amounts_check" CHECK (("unit_price_cents" IS NULL OR "unit_price_cents" > 0) AND ("price_cents" IS NULL OR "price_cents" > 0) AND ("units" IS NULL OR "units" > 0) AND ("per_unit_cents" IS NULL OR "per_unit_cents" > 0)),
	CONSTRAINT "clinic_prices_model_check" CHECK (CASE "model" WHEN 'per_unit' THEN "unit_price_cents" IS NOT NULL WHEN 'per_area' THEN "price_cents" IS NOT NULL AND "area" IS NOT NULL ELSE "price_cents" IS NOT NULL END)
);--> statement-breakpoint
-- A clinic's prices, newest first (its page, the admin edit screen).
CREATE INDEX "clinic_prices_clinic_idx" ON "clinic_prices" USING btree ("clinic_id","checked_on" DESC,"id" DESC);--> statement-breakpoint
-- A clinic's current per-unit price per brand, one index probe per clinic in searches and indexes.
CREATE INDEX "clinic_prices_current_idx" ON "clinic_prices" USING btree ("clinic_id","brand","checked_on" DESC,"id" DESC) INCLUDE ("per_unit_cents","observed_on","source") WHERE "clinic_prices"."status" = 'published' AND "clinic_prices"."per_unit_cents" IS NOT NULL;--> statement-breakpoint
-- The admin's stale-prices count and review queue.
CREATE INDEX "clinic_prices_status_idx" ON "clinic_prices" USING btree ("status","checked_on");--> statement-breakpoint
CREATE TABLE "price_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"clinic_id" integer NOT NULL,
	"brand" "price_brand" NOT NULL,
	"area" "price_area",
	"units" integer,
	"total_cents" integer NOT NULL,
	"treated_month" date NOT NULL,
	"report_month" date NOT NULL,
	"visitor_id" text NOT NULL,
	"address_hash" text NOT NULL,
	"status" "price_status" DEFAULT 'pending' NOT NULL,
	"reason" text,
	"price_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone,
	CONSTRAINT "price_reports_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE cascade ON UPDATE no action,
	CONSTRAINT "price_reports_price_id_clinic_prices_id_fk" FOREIGN KEY ("price_id") REFERENCES "public"."clinic_prices"("id") ON DELETE set null ON UPDATE no action,
	CONSTRAINT "price_reports_amounts_check" CHECK ("total_cents" > 0 AND ("units" IS NULL OR "units" > 0))
);--> statement-breakpoint
-- One report per visitor (cookie, and keyed address hash) per clinic per calendar month (UTC).
CREATE UNIQUE INDEX "price_reports_clinic_visitor_month_key" ON "price_reports" USING btree ("clinic_id","visitor_id","report_month");--> statement-breakpoint
CREATE UNIQUE INDEX "price_reports_clinic_address_month_key" ON "price_reports" USING btree ("clinic_id","address_hash","report_month");--> statement-breakpoint
CREATE INDEX "price_reports_status_idx" ON "price_reports" USING btree ("status","created_at");
