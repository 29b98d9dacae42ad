-- Owners' passwords and second factor (decision 286): an optional argon2id password, a sealed TOTP
-- key with the last accepted step (a code is never taken twice); recovery codes and the short
-- tickets between the first factor and the second are kept as hashes only.
CREATE TABLE "owner_recovery_codes" (
	"code_hash" text PRIMARY KEY NOT NULL,
	"owner_id" integer NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "owner_second_factor_tickets" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"owner_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "owners" ADD COLUMN "password_hash" text;--> statement-breakpoint
ALTER TABLE "owners" ADD COLUMN "totp_secret" text;--> statement-breakpoint
ALTER TABLE "owners" ADD COLUMN "totp_enabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "owners" ADD COLUMN "totp_last_step" bigint;--> statement-breakpoint
ALTER TABLE "owner_recovery_codes" ADD CONSTRAINT "owner_recovery_codes_owner_id_owners_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."owners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "owner_second_factor_tickets" ADD CONSTRAINT "owner_second_factor_tickets_owner_id_owners_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."owners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "owner_recovery_codes_owner_idx" ON "owner_recovery_codes" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "owner_second_factor_tickets_owner_idx" ON "owner_second_factor_tickets" USING btree ("owner_id");