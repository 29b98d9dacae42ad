-- Clinic owners (decision 267): an owner account is an address that signs in with an emailed
-- one-time link; sessions carry a role (admin: user_id, owner: owner_id); clinic_owners says
-- which clinics an owner manages (a clinic with a row is "claimed"); booking_url is the
-- owner's booking link.
CREATE TABLE "clinic_owners" (
	"clinic_id" integer NOT NULL,
	"owner_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clinic_owners_clinic_id_owner_id_pk" PRIMARY KEY("clinic_id","owner_id")
);
--> statement-breakpoint
CREATE TABLE "owner_sign_in_links" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"owner_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "owners" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "owners_email_key" UNIQUE("email"),
	CONSTRAINT "owners_email_lower_check" CHECK ("owners"."email" = lower("owners"."email"))
);
--> statement-breakpoint
ALTER TABLE "sessions" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "clinics" ADD COLUMN "booking_url" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "role" text DEFAULT 'admin' NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "owner_id" integer;--> statement-breakpoint
ALTER TABLE "clinic_owners" ADD CONSTRAINT "clinic_owners_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_owners" ADD CONSTRAINT "clinic_owners_owner_id_owners_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."owners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "owner_sign_in_links" ADD CONSTRAINT "owner_sign_in_links_owner_id_owners_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."owners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "clinic_owners_owner_idx" ON "clinic_owners" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "owner_sign_in_links_owner_idx" ON "owner_sign_in_links" USING btree ("owner_id","created_at");--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_owner_id_owners_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."owners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sessions_owner_idx" ON "sessions" USING btree ("owner_id");--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_role_check" CHECK (("sessions"."role" = 'admin' AND "sessions"."user_id" IS NOT NULL AND "sessions"."owner_id" IS NULL) OR ("sessions"."role" = 'owner' AND "sessions"."owner_id" IS NOT NULL AND "sessions"."user_id" IS NULL));