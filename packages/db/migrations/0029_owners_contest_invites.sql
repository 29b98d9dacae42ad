-- Contested claims (decision 284): a verified claim on a clinic that has owners waits 7 days
-- (contest_ends_at) in which the owners may object (objection, objected_by, objected_at); a
-- scheduled step grants the ones nobody objected to. The claimant's evidence (decision 285): a
-- note, an organisation NPI, and a document uploaded with a single-use token (only its SHA-256
-- kept), stored in clinic_claim_evidence, apart from the public uploads. Owners invite
-- co-owners with a single-use link, only the SHA-256 of its token kept.
CREATE TABLE "clinic_claim_evidence" (
	"claim_id" integer PRIMARY KEY NOT NULL,
	"image" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clinic_owner_invites" (
	"id" serial PRIMARY KEY NOT NULL,
	"clinic_id" integer NOT NULL,
	"email" text NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by" integer,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clinic_owner_invites_token_key" UNIQUE("token_hash"),
	CONSTRAINT "clinic_owner_invites_email_lower_check" CHECK ("clinic_owner_invites"."email" = lower("clinic_owner_invites"."email"))
);
--> statement-breakpoint
ALTER TABLE "clinic_claims" ADD COLUMN "contest_ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "clinic_claims" ADD COLUMN "objection" text;--> statement-breakpoint
ALTER TABLE "clinic_claims" ADD COLUMN "objected_by" integer;--> statement-breakpoint
ALTER TABLE "clinic_claims" ADD COLUMN "objected_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "clinic_claims" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "clinic_claims" ADD COLUMN "evidence_token_hash" text;--> statement-breakpoint
ALTER TABLE "clinic_claims" ADD COLUMN "npi" text;--> statement-breakpoint
ALTER TABLE "clinic_claim_evidence" ADD CONSTRAINT "clinic_claim_evidence_claim_id_clinic_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."clinic_claims"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_owner_invites" ADD CONSTRAINT "clinic_owner_invites_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_owner_invites" ADD CONSTRAINT "clinic_owner_invites_invited_by_owners_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."owners"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "clinic_owner_invites_clinic_idx" ON "clinic_owner_invites" USING btree ("clinic_id","created_at");--> statement-breakpoint
CREATE INDEX "clinic_owner_invites_invited_by_idx" ON "clinic_owner_invites" USING btree ("invited_by","created_at");--> statement-breakpoint
ALTER TABLE "clinic_claims" ADD CONSTRAINT "clinic_claims_objected_by_owners_id_fk" FOREIGN KEY ("objected_by") REFERENCES "public"."owners"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "clinic_claims_evidence_token_key" ON "clinic_claims" USING btree ("evidence_token_hash");--> statement-breakpoint
CREATE INDEX "clinic_claims_contest_idx" ON "clinic_claims" USING btree ("contest_ends_at") WHERE "clinic_claims"."status" = 'contested' AND "clinic_claims"."objected_at" IS NULL;