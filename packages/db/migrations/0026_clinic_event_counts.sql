-- What the listing brings (decision 277): what visitors did on a clinic's page, counted per
-- clinic, ISO week (its Monday, UTC) and kind. Counts only: no address, cookie or time of day.
-- The beacon raises a row's count in place; room left on each page (fillfactor) keeps those
-- updates on the row's own page (HOT), no index touched, as no indexed column changes.
CREATE TABLE "clinic_event_counts" (
	"clinic_id" integer NOT NULL,
	"week_start" date NOT NULL,
	"type" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "clinic_event_counts_clinic_id_week_start_type_pk" PRIMARY KEY("clinic_id","week_start","type"),
	CONSTRAINT "clinic_event_counts_type_check" CHECK ("clinic_event_counts"."type" IN ('view', 'call', 'website', 'directions', 'booking', 'deal-view')),
	CONSTRAINT "clinic_event_counts_monday_check" CHECK (extract(isodow from "clinic_event_counts"."week_start") = 1)
);
--> statement-breakpoint
ALTER TABLE "clinic_event_counts" ADD CONSTRAINT "clinic_event_counts_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "clinic_event_counts_week_idx" ON "clinic_event_counts" USING btree ("week_start");--> statement-breakpoint
ALTER TABLE "clinic_event_counts" SET (fillfactor = 80);
