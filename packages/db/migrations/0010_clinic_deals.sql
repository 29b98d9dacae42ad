-- Deals (issue 23): a clinic's time-limited offer with its brand, per-unit price (stated, or an
-- area price over its units), conditions and end date (at most 180 days after its start).
CREATE TYPE "public"."deal_model" AS ENUM('per_unit', 'per_area');--> statement-breakpoint
CREATE TABLE "clinic_deals" (
	"id" serial PRIMARY KEY NOT NULL,
	"clinic_id" integer NOT NULL,
	"title" text NOT NULL,
	"brand" "price_brand" NOT NULL,
	"model" "deal_model" NOT NULL,
	"unit_price_cents" integer,
	"area" "price_area",
	"area_price_cents" integer,
	"units" integer,
	"per_unit_cents" integer NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"conditions" text,
	"new_patients_only" boolean DEFAULT false NOT NULL,
	"source_url" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clinic_deals_shape_check" CHECK (CASE "clinic_deals"."model" WHEN 'per_unit' THEN "clinic_deals"."unit_price_cents" IS NOT NULL WHEN 'per_area' THEN "clinic_deals"."area" IS NOT NULL AND "clinic_deals"."area_price_cents" IS NOT NULL AND "clinic_deals"."units" IS NOT NULL END),
	CONSTRAINT "clinic_deals_amounts_check" CHECK ("clinic_deals"."per_unit_cents" > 0 AND ("clinic_deals"."unit_price_cents" IS NULL OR "clinic_deals"."unit_price_cents" > 0) AND ("clinic_deals"."area_price_cents" IS NULL OR "clinic_deals"."area_price_cents" > 0) AND ("clinic_deals"."units" IS NULL OR "clinic_deals"."units" > 0)),
	CONSTRAINT "clinic_deals_dates_check" CHECK ("clinic_deals"."ends_on" >= "clinic_deals"."starts_on" AND "clinic_deals"."ends_on" <= "clinic_deals"."starts_on" + 180),
	CONSTRAINT "clinic_deals_brand_check" CHECK ("clinic_deals"."brand" <> 'other')
);
--> statement-breakpoint
ALTER TABLE "clinic_deals" ADD CONSTRAINT "clinic_deals_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_deals" ADD CONSTRAINT "clinic_deals_created_by_admin_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "clinic_deals_clinic_idx" ON "clinic_deals" USING btree ("clinic_id","ends_on");--> statement-breakpoint
CREATE INDEX "clinic_deals_running_idx" ON "clinic_deals" USING btree ("ends_on","starts_on");
