-- A write generation of the located clinics (issue 26, decision 197): one number that moves,
-- in the writing transaction, whenever a statement changes what a search at any distance
-- counts (a clinic's place, status or hours; a staff member's licence check). A search keeps
-- its total with the generation it was counted at and reads the generation in the page's own
-- statement: the same number means the same clinics in that snapshot, so the kept total is
-- exact, and only a changed number counts again. A row, not a sequence: a sequence moves
-- before the write commits and is never rolled back.
-- Not in schema.ts: read with SQL (queries/clinic-search.ts), like admin_counts (migration 0011).
CREATE TABLE "located_clinics_generation" (
	"id" boolean PRIMARY KEY DEFAULT true CHECK ("id"),
	"n" bigint NOT NULL
);
--> statement-breakpoint
INSERT INTO "located_clinics_generation" ("id", "n") VALUES (true, 0);
--> statement-breakpoint
-- Updates of clinics move it only when a counted column changed (a rating or a photo does not):
-- the rows as they are after the statement that were not so before it.
CREATE OR REPLACE FUNCTION "located_clinics_generation_keep"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
	-- Nested: the transition tables exist only for the clinics update trigger.
	IF TG_OP = 'UPDATE' AND TG_TABLE_NAME = 'clinics' THEN
		IF NOT EXISTS (
			SELECT "id", "latitude", "longitude", "business_status", "open_minutes", "time_zone" FROM new_rows
			EXCEPT
			SELECT "id", "latitude", "longitude", "business_status", "open_minutes", "time_zone" FROM old_rows
		) THEN
			RETURN NULL;
		END IF;
	END IF;
	UPDATE "located_clinics_generation" SET "n" = "n" + 1;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "clinics_generation_insert" AFTER INSERT ON "clinics" FOR EACH STATEMENT EXECUTE FUNCTION "located_clinics_generation_keep"();--> statement-breakpoint
CREATE TRIGGER "clinics_generation_update" AFTER UPDATE ON "clinics" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "located_clinics_generation_keep"();--> statement-breakpoint
CREATE TRIGGER "clinics_generation_delete" AFTER DELETE ON "clinics" FOR EACH STATEMENT EXECUTE FUNCTION "located_clinics_generation_keep"();--> statement-breakpoint
CREATE TRIGGER "clinics_generation_truncate" AFTER TRUNCATE ON "clinics" FOR EACH STATEMENT EXECUTE FUNCTION "located_clinics_generation_keep"();--> statement-breakpoint
CREATE TRIGGER "clinic_staff_generation_insert" AFTER INSERT ON "clinic_staff" FOR EACH STATEMENT EXECUTE FUNCTION "located_clinics_generation_keep"();--> statement-breakpoint
CREATE TRIGGER "clinic_staff_generation_update" AFTER UPDATE ON "clinic_staff" FOR EACH STATEMENT EXECUTE FUNCTION "located_clinics_generation_keep"();--> statement-breakpoint
CREATE TRIGGER "clinic_staff_generation_delete" AFTER DELETE ON "clinic_staff" FOR EACH STATEMENT EXECUTE FUNCTION "located_clinics_generation_keep"();--> statement-breakpoint
CREATE TRIGGER "clinic_staff_generation_truncate" AFTER TRUNCATE ON "clinic_staff" FOR EACH STATEMENT EXECUTE FUNCTION "located_clinics_generation_keep"();
