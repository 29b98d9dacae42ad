-- Claims of a listing (decision 268): proved by a 6-digit code mailed to an address on the
-- clinic's own registrable domain, or decided by the team. One open claim per address and
-- clinic; the code is kept as a keyed hash only. clinics.claimed says whether a clinic has an
-- owner, kept by a trigger on clinic_owners so every answer reads it from the row.
CREATE TABLE "clinic_claims" (
	"id" serial PRIMARY KEY NOT NULL,
	"clinic_id" integer NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"role" text NOT NULL,
	"status" text NOT NULL,
	"method" text NOT NULL,
	"code_hash" text,
	"code_expires_at" timestamp with time zone,
	"code_attempts" integer DEFAULT 0 NOT NULL,
	"network" text NOT NULL,
	"reason" text,
	"owner_id" integer,
	"decided_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "clinic_claims_email_lower_check" CHECK ("clinic_claims"."email" = lower("clinic_claims"."email")),
	CONSTRAINT "clinic_claims_status_check" CHECK ("clinic_claims"."status" IN ('code-sent', 'pending-review', 'contested', 'verified', 'rejected')),
	CONSTRAINT "clinic_claims_method_check" CHECK ("clinic_claims"."method" IN ('email-domain', 'review'))
);
--> statement-breakpoint
ALTER TABLE "clinics" ADD COLUMN "claimed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "clinic_claims" ADD CONSTRAINT "clinic_claims_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_claims" ADD CONSTRAINT "clinic_claims_owner_id_owners_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."owners"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_claims" ADD CONSTRAINT "clinic_claims_decided_by_admin_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "clinic_claims_open_key" ON "clinic_claims" USING btree ("clinic_id","email") WHERE "clinic_claims"."status" IN ('code-sent', 'pending-review', 'contested');--> statement-breakpoint
CREATE INDEX "clinic_claims_status_idx" ON "clinic_claims" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "clinic_claims_email_idx" ON "clinic_claims" USING btree ("email","created_at");--> statement-breakpoint
CREATE INDEX "clinic_claims_network_idx" ON "clinic_claims" USING btree ("network","created_at");--> statement-breakpoint
CREATE FUNCTION "clinic_claimed_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "clinics" SET "claimed" = EXISTS (SELECT 1 FROM "clinic_owners" o WHERE o."clinic_id" = "clinics"."id")
	WHERE "id" = COALESCE(NEW."clinic_id", OLD."clinic_id");
	RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "clinic_owners_claimed" AFTER INSERT OR DELETE ON "clinic_owners" FOR EACH ROW EXECUTE FUNCTION "clinic_claimed_sync"();--> statement-breakpoint
UPDATE "clinics" SET "claimed" = true WHERE "id" IN (SELECT "clinic_id" FROM "clinic_owners");
