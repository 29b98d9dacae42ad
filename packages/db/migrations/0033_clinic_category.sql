-- A clinic's one category (decision 301), from packages/core CLINIC_CATEGORIES; null while
-- unknown. The clinics audit trigger (migration 0027) records every column but those it names
-- as ignored, so a category change is logged without touching it.
ALTER TABLE "clinics" ADD COLUMN "category" text;--> statement-breakpoint
ALTER TABLE "clinics" ADD CONSTRAINT "clinics_category_check" CHECK ("clinics"."category" IN ('Medical spa', 'Dermatology practice', 'Plastic surgery practice', 'Aesthetic clinic', 'Other'));