CREATE TYPE "public"."business_status" AS ENUM('OPERATIONAL', 'CLOSED_TEMPORARILY', 'PERMANENTLY_CLOSED');--> statement-breakpoint
CREATE TYPE "public"."publish_build_status" AS ENUM('queued', 'running', 'succeeded', 'failed');--> statement-breakpoint
CREATE TYPE "public"."rating_emoji" AS ENUM('love-eyes', 'smile', 'neutral', 'sad', 'angry');--> statement-breakpoint
CREATE TABLE "admin_users" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"password_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "admin_users_username_key" UNIQUE("username")
);
--> statement-breakpoint
CREATE TABLE "blog_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "blog_categories_slug_key" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "blog_posts" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"slug" text NOT NULL,
	"content" text NOT NULL,
	"excerpt" text,
	"author" text DEFAULT 'Botox Near Me Team' NOT NULL,
	"featured_image" text,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published" boolean DEFAULT false NOT NULL,
	"category_id" integer,
	"meta_title" text,
	"meta_description" text,
	"keywords" text,
	"no_index" boolean DEFAULT false NOT NULL,
	"estimated_read_time" integer,
	CONSTRAINT "blog_posts_slug_key" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "clinics" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"site" text,
	"phone" text,
	"full_address" text,
	"street" text,
	"city" text NOT NULL,
	"city_slug" text NOT NULL,
	"state" text NOT NULL,
	"postal_code" text,
	"country" text DEFAULT 'USA' NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"rating" real,
	"review_count" integer DEFAULT 0 NOT NULL,
	"photo" text,
	"street_view" text,
	"working_hours" jsonb,
	"business_status" "business_status" DEFAULT 'OPERATIONAL' NOT NULL,
	"location_link" text,
	"source_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"subject" text,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone,
	"handled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "content_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"entity" text NOT NULL,
	"entity_id" integer,
	"action" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "newsletter_subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"zip_code" text,
	"first_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "publish_builds" (
	"id" serial PRIMARY KEY NOT NULL,
	"status" "publish_build_status" DEFAULT 'queued' NOT NULL,
	"trigger" text NOT NULL,
	"change_watermark" bigint DEFAULT 0 NOT NULL,
	"folder" text,
	"live" boolean DEFAULT false NOT NULL,
	"page_count" integer,
	"duration_ms" integer,
	"log" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "ratings" (
	"id" serial PRIMARY KEY NOT NULL,
	"clinic_id" integer NOT NULL,
	"emoji" "rating_emoji" NOT NULL,
	"comment" text,
	"visitor_id" text NOT NULL,
	"address_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "zip_codes" (
	"zip" text PRIMARY KEY NOT NULL,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL
);
--> statement-breakpoint
ALTER TABLE "blog_posts" ADD CONSTRAINT "blog_posts_category_id_blog_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."blog_categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_admin_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."admin_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "blog_posts_published_idx" ON "blog_posts" USING btree ("published","published_at");--> statement-breakpoint
CREATE INDEX "blog_posts_category_idx" ON "blog_posts" USING btree ("category_id");--> statement-breakpoint
CREATE UNIQUE INDEX "clinics_city_slug_slug_key" ON "clinics" USING btree ("city_slug","slug");--> statement-breakpoint
CREATE UNIQUE INDEX "clinics_source_key_key" ON "clinics" USING btree ("source_key");--> statement-breakpoint
CREATE INDEX "clinics_city_slug_idx" ON "clinics" USING btree ("city_slug");--> statement-breakpoint
CREATE INDEX "clinics_postal_code_idx" ON "clinics" USING btree ("postal_code");--> statement-breakpoint
CREATE INDEX "clinics_status_idx" ON "clinics" USING btree ("business_status");--> statement-breakpoint
CREATE INDEX "clinics_updated_at_idx" ON "clinics" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "clinics_earth_idx" ON "clinics" USING gist (ll_to_earth("latitude", "longitude")) WHERE "clinics"."latitude" IS NOT NULL AND "clinics"."longitude" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_email_key" ON "newsletter_subscriptions" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "publish_builds_created_idx" ON "publish_builds" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ratings_clinic_visitor_key" ON "ratings" USING btree ("clinic_id","visitor_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ratings_clinic_address_key" ON "ratings" USING btree ("clinic_id","address_hash");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "zip_codes_city_state_idx" ON "zip_codes" USING btree ("city","state");