-- The owner's workspace (decisions 282, 283): a clinic's description (plain text, at most 1,500
-- characters) and its photos (at most 10, counted by the API under the clinic's row lock).
CREATE TABLE "clinic_photos" (
	"id" serial PRIMARY KEY NOT NULL,
	"clinic_id" integer NOT NULL,
	"upload_name" text NOT NULL,
	"url" text NOT NULL,
	"alt" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "clinics" ADD COLUMN "description" text;--> statement-breakpoint
ALTER TABLE "clinic_photos" ADD CONSTRAINT "clinic_photos_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "clinic_photos_clinic_idx" ON "clinic_photos" USING btree ("clinic_id","position");--> statement-breakpoint
ALTER TABLE "clinics" ADD CONSTRAINT "clinics_description_length_check" CHECK (char_length("clinics"."description") <= 1500);