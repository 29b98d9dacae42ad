-- Mail (decisions 244-248): the outbox a worker in each API process sends from, the
-- suppression list, double opt-in for the newsletter with its consent, and what the digests and
-- price alerts have already told each person (so a rerun sends nothing twice).
-- Subscriptions stored before double opt-in were never confirmed: they start pending.
ALTER TABLE "newsletter_subscriptions"
	ADD COLUMN "status" text NOT NULL DEFAULT 'pending',
	ADD COLUMN "confirmed_at" timestamp with time zone,
	ADD COLUMN "unsubscribed_at" timestamp with time zone,
	ADD COLUMN "consent_at" timestamp with time zone,
	ADD COLUMN "consent_network" text,
	ADD COLUMN "consent_text_version" text,
	ADD COLUMN "radius_miles" integer NOT NULL DEFAULT 25,
	ADD COLUMN "brands" text[] NOT NULL DEFAULT '{}',
	ADD COLUMN "frequency" text NOT NULL DEFAULT 'new',
	ADD COLUMN "manage_nonce" text NOT NULL DEFAULT md5(random()::text || clock_timestamp()::text),
	ADD COLUMN "last_digest_at" timestamp with time zone,
	ADD COLUMN "last_alert_on" date;
--> statement-breakpoint
ALTER TABLE "newsletter_subscriptions" ADD CONSTRAINT "newsletter_status_check" CHECK ("status" IN ('pending', 'confirmed', 'unsubscribed'));
--> statement-breakpoint
ALTER TABLE "newsletter_subscriptions" ADD CONSTRAINT "newsletter_radius_check" CHECK ("radius_miles" IN (5, 10, 25, 50));
--> statement-breakpoint
ALTER TABLE "newsletter_subscriptions" ADD CONSTRAINT "newsletter_frequency_check" CHECK ("frequency" IN ('new', 'weekly'));
--> statement-breakpoint
CREATE INDEX "newsletter_status_created_idx" ON "newsletter_subscriptions" ("status", "created_at");
--> statement-breakpoint
-- Confirmation tokens: only their SHA-256 is kept; single use, valid until expires_at.
CREATE TABLE "newsletter_tokens" (
	"token_hash" text PRIMARY KEY,
	"subscription_id" integer NOT NULL REFERENCES "newsletter_subscriptions"("id") ON DELETE CASCADE,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX "newsletter_tokens_subscription_idx" ON "newsletter_tokens" ("subscription_id");
--> statement-breakpoint
CREATE TABLE "mail_messages" (
	"id" bigserial PRIMARY KEY,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text,
	-- Extra headers (List-Unsubscribe, ...) as a JSON object of strings.
	"headers" jsonb NOT NULL DEFAULT '{}',
	"kind" text NOT NULL,
	-- Fixed when the message is written, so a resend after a crash carries the same one.
	"message_id" text NOT NULL UNIQUE,
	"status" text NOT NULL DEFAULT 'queued',
	"attempts" integer NOT NULL DEFAULT 0,
	"next_attempt_at" timestamp with time zone NOT NULL DEFAULT now(),
	"locked_until" timestamp with time zone,
	"last_error" text,
	"subscription_id" integer REFERENCES "newsletter_subscriptions"("id") ON DELETE CASCADE,
	"created_at" timestamp with time zone NOT NULL DEFAULT now(),
	"sent_at" timestamp with time zone,
	CONSTRAINT "mail_messages_status_check" CHECK ("status" IN ('queued', 'sent', 'failed', 'suppressed', 'captured'))
);
--> statement-breakpoint
CREATE INDEX "mail_messages_due_idx" ON "mail_messages" ("next_attempt_at", "id") WHERE "status" = 'queued';
--> statement-breakpoint
CREATE INDEX "mail_messages_to_idx" ON "mail_messages" (lower("to_address"), "id");
--> statement-breakpoint
CREATE INDEX "mail_messages_status_created_idx" ON "mail_messages" ("status", "created_at");
--> statement-breakpoint
CREATE TABLE "mail_suppressions" (
	"email" text PRIMARY KEY,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL DEFAULT now(),
	CONSTRAINT "mail_suppressions_lower_check" CHECK ("email" = lower("email"))
);
--> statement-breakpoint
CREATE TABLE "price_alerts" (
	"id" serial PRIMARY KEY,
	"subscription_id" integer NOT NULL REFERENCES "newsletter_subscriptions"("id") ON DELETE CASCADE,
	"brand" "price_brand" NOT NULL,
	"max_unit_cents" integer NOT NULL CHECK ("max_unit_cents" > 0),
	"zip_code" text NOT NULL,
	"radius_miles" integer NOT NULL CHECK ("radius_miles" IN (5, 10, 25, 50)),
	"created_at" timestamp with time zone NOT NULL DEFAULT now(),
	UNIQUE ("subscription_id", "brand", "max_unit_cents", "zip_code", "radius_miles")
);
--> statement-breakpoint
-- One row per clinic price an alert has told about: it fires once per price that crosses.
CREATE TABLE "price_alert_hits" (
	"alert_id" integer NOT NULL REFERENCES "price_alerts"("id") ON DELETE CASCADE,
	"price_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL DEFAULT now(),
	PRIMARY KEY ("alert_id", "price_id")
);
--> statement-breakpoint
-- What each subscriber's digests have shown: never the same deal (or price drop, or new clinic) twice.
CREATE TABLE "digest_items_sent" (
	"subscription_id" integer NOT NULL REFERENCES "newsletter_subscriptions"("id") ON DELETE CASCADE,
	"item" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL DEFAULT now(),
	PRIMARY KEY ("subscription_id", "item")
);
