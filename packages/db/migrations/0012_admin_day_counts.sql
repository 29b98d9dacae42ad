-- The dashboard's remaining counts kept as rows change (issue 26, decision 189): issue 21's
-- staff counts and the pending suggestions were counted over whole tables on every /stats
-- request, and the out-of-date prices over every out-of-date clinic's row. The staff counts depend on the day (a check counts for 365 days), so what is kept
-- is a count per day, and /stats sums the few days of its window (at most 366 rows) by index.
-- Not in schema.ts: read with SQL (queries/admin-counts.ts), like admin_counts (migration 0011).

-- Pending suggestions: one more counter of admin_counts, kept by the same trigger function.
INSERT INTO "admin_counts" ("name", "n") VALUES
	('pending_suggestions', (SELECT count(*) FROM "clinic_suggestions" WHERE "status" = 'pending'));
--> statement-breakpoint
CREATE TRIGGER "pending_suggestions_count_insert" AFTER INSERT ON "clinic_suggestions" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "admin_counts_keep"('pending_suggestions', '"status" = ''pending''');--> statement-breakpoint
CREATE TRIGGER "pending_suggestions_count_update" AFTER UPDATE ON "clinic_suggestions" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "admin_counts_keep"('pending_suggestions', '"status" = ''pending''');--> statement-breakpoint
CREATE TRIGGER "pending_suggestions_count_delete" AFTER DELETE ON "clinic_suggestions" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "admin_counts_keep"('pending_suggestions', '"status" = ''pending''');--> statement-breakpoint
CREATE TRIGGER "pending_suggestions_count_truncate" AFTER TRUNCATE ON "clinic_suggestions" FOR EACH STATEMENT EXECUTE FUNCTION "admin_counts_keep"('pending_suggestions');--> statement-breakpoint

-- Counts by day (name, day):
--  - 'staff_checks': staff rows with an active licence checked on that day (any role): the
--    checks going stale are the days from 365 to 336 days ago;
--  - 'newest_injector_checks': clinics whose newest active injector check was on that day:
--    the clinics with a verified injector are the days of the last 365 (with a correction
--    for a check dated after today, which only SQL by hand can write: see admin-counts.ts);
--  - 'newest_price_checks': clinics whose newest published price was checked on that day
--    (clinic_newest_prices by day; below).
-- A day's row stays at 0 once emptied (days are few: one row per day a check was made).
CREATE TABLE "admin_day_counts" (
	"name" text NOT NULL,
	"day" date NOT NULL,
	"n" bigint NOT NULL,
	CONSTRAINT "admin_day_counts_pkey" PRIMARY KEY ("name", "day")
);
--> statement-breakpoint
-- Each clinic's newest active injector check (clinics without one have no row); the day
-- counts above follow it. No foreign key: a clinic's deletion reaches it through the
-- cascade to its staff, whose trigger keeps both.
CREATE TABLE "clinic_injector_checks" (
	"clinic_id" integer PRIMARY KEY NOT NULL,
	"checked_on" date NOT NULL
);
--> statement-breakpoint
CREATE INDEX "clinic_injector_checks_checked_on_idx" ON "clinic_injector_checks" USING btree ("checked_on");--> statement-breakpoint
INSERT INTO "admin_day_counts" ("name", "day", "n")
SELECT 'staff_checks', "verified_on", count(*) FROM "clinic_staff"
WHERE "license_status" = 'active' AND "verified_on" IS NOT NULL GROUP BY "verified_on";
--> statement-breakpoint
INSERT INTO "clinic_injector_checks" ("clinic_id", "checked_on")
SELECT "clinic_id", max("verified_on") FROM "clinic_staff"
WHERE "role" = 'injector' AND "license_status" = 'active' AND "verified_on" IS NOT NULL GROUP BY "clinic_id";
--> statement-breakpoint
INSERT INTO "admin_day_counts" ("name", "day", "n")
SELECT 'newest_injector_checks', "checked_on", count(*) FROM "clinic_injector_checks" GROUP BY "checked_on";
--> statement-breakpoint
-- One statement's staff changes (transition tables: an import of 100,000 rows is one pass).
CREATE OR REPLACE FUNCTION "clinic_staff_keep_day_counts"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
	touched integer[] := '{}';
BEGIN
	IF TG_OP = 'TRUNCATE' THEN
		DELETE FROM "clinic_injector_checks";
		UPDATE "admin_day_counts" SET "n" = 0 WHERE "name" IN ('staff_checks', 'newest_injector_checks') AND "n" <> 0;
		RETURN NULL;
	END IF;

	-- Active checks by day: what the statement brought in, less what it took out.
	IF TG_OP IN ('INSERT', 'UPDATE') THEN
		INSERT INTO "admin_day_counts" ("name", "day", "n")
		SELECT 'staff_checks', "verified_on", count(*) FROM new_rows
		WHERE "license_status" = 'active' AND "verified_on" IS NOT NULL GROUP BY "verified_on" ORDER BY "verified_on"
		ON CONFLICT ("name", "day") DO UPDATE SET "n" = "admin_day_counts"."n" + excluded."n";
	END IF;
	IF TG_OP IN ('DELETE', 'UPDATE') THEN
		UPDATE "admin_day_counts" d SET "n" = d."n" - o.n
		FROM (SELECT "verified_on" AS day, count(*) AS n FROM old_rows
			WHERE "license_status" = 'active' AND "verified_on" IS NOT NULL GROUP BY "verified_on") o
		WHERE d."name" = 'staff_checks' AND d."day" = o.day;
	END IF;

	-- The clinics whose injectors the statement touched: their newest check, computed again.
	IF TG_OP IN ('INSERT', 'UPDATE') THEN
		touched := touched || ARRAY(SELECT DISTINCT "clinic_id" FROM new_rows WHERE "role" = 'injector');
	END IF;
	IF TG_OP IN ('DELETE', 'UPDATE') THEN
		touched := touched || ARRAY(SELECT DISTINCT "clinic_id" FROM old_rows WHERE "role" = 'injector');
	END IF;
	IF cardinality(touched) = 0 THEN
		RETURN NULL;
	END IF;
	-- Writers of one clinic's staff take turns (its row locked in id order, released at
	-- commit), so each computes the newest check after the previous one has committed.
	PERFORM 1 FROM "clinics" c WHERE c."id" = ANY (touched) ORDER BY c."id" FOR NO KEY UPDATE;
	WITH fresh AS (
		SELECT t."clinic_id",
			(SELECT max(s."verified_on") FROM "clinic_staff" s
			 WHERE s."clinic_id" = t."clinic_id" AND s."role" = 'injector' AND s."license_status" = 'active') AS new_on
		FROM (SELECT DISTINCT unnest(touched) AS "clinic_id") t
	), changed AS (
		SELECT f."clinic_id", k."checked_on" AS old_on, f.new_on
		FROM fresh f LEFT JOIN "clinic_injector_checks" k ON k."clinic_id" = f."clinic_id"
		WHERE k."checked_on" IS DISTINCT FROM f.new_on
	), kept AS (
		INSERT INTO "clinic_injector_checks" ("clinic_id", "checked_on")
		SELECT "clinic_id", new_on FROM changed WHERE new_on IS NOT NULL
		ON CONFLICT ("clinic_id") DO UPDATE SET "checked_on" = excluded."checked_on"
	), dropped AS (
		DELETE FROM "clinic_injector_checks" k USING changed
		WHERE k."clinic_id" = changed."clinic_id" AND changed.new_on IS NULL
	)
	INSERT INTO "admin_day_counts" ("name", "day", "n")
	SELECT 'newest_injector_checks', day, sum(d) FROM (
		SELECT new_on AS day, 1 AS d FROM changed WHERE new_on IS NOT NULL
		UNION ALL
		SELECT old_on, -1 FROM changed WHERE old_on IS NOT NULL
	) moves GROUP BY day ORDER BY day
	ON CONFLICT ("name", "day") DO UPDATE SET "n" = "admin_day_counts"."n" + excluded."n";
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "clinic_staff_day_counts_insert" AFTER INSERT ON "clinic_staff" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "clinic_staff_keep_day_counts"();--> statement-breakpoint
CREATE TRIGGER "clinic_staff_day_counts_update" AFTER UPDATE ON "clinic_staff" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "clinic_staff_keep_day_counts"();--> statement-breakpoint
CREATE TRIGGER "clinic_staff_day_counts_delete" AFTER DELETE ON "clinic_staff" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "clinic_staff_keep_day_counts"();--> statement-breakpoint
CREATE TRIGGER "clinic_staff_day_counts_truncate" AFTER TRUNCATE ON "clinic_staff" FOR EACH STATEMENT EXECUTE FUNCTION "clinic_staff_keep_day_counts"();--> statement-breakpoint
-- Clinics whose newest published price is out of date (decision 044): counted by day as
-- well, by a row trigger on clinic_newest_prices (whichever way its rows change: the price
-- trigger, a clinic's deletion cascading to it, TRUNCATE), so /stats reads the days of the
-- last 180 and a counter instead of every out-of-date clinic's row.
INSERT INTO "admin_counts" ("name", "n") VALUES ('priced_clinics', (SELECT count(*) FROM "clinic_newest_prices"));
--> statement-breakpoint
CREATE TRIGGER "priced_clinics_count_insert" AFTER INSERT ON "clinic_newest_prices" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "admin_counts_keep"('priced_clinics');--> statement-breakpoint
CREATE TRIGGER "priced_clinics_count_delete" AFTER DELETE ON "clinic_newest_prices" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "admin_counts_keep"('priced_clinics');--> statement-breakpoint
CREATE TRIGGER "priced_clinics_count_truncate" AFTER TRUNCATE ON "clinic_newest_prices" FOR EACH STATEMENT EXECUTE FUNCTION "admin_counts_keep"('priced_clinics');--> statement-breakpoint
INSERT INTO "admin_day_counts" ("name", "day", "n")
SELECT 'newest_price_checks', "checked_on", count(*) FROM "clinic_newest_prices" GROUP BY "checked_on";
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "clinic_newest_prices_keep_days"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'TRUNCATE' THEN
		UPDATE "admin_day_counts" SET "n" = 0 WHERE "name" = 'newest_price_checks' AND "n" <> 0;
		RETURN NULL;
	END IF;
	IF TG_OP IN ('DELETE', 'UPDATE') THEN
		UPDATE "admin_day_counts" SET "n" = "n" - 1 WHERE "name" = 'newest_price_checks' AND "day" = OLD."checked_on";
	END IF;
	IF TG_OP IN ('INSERT', 'UPDATE') THEN
		INSERT INTO "admin_day_counts" ("name", "day", "n") VALUES ('newest_price_checks', NEW."checked_on", 1)
		ON CONFLICT ("name", "day") DO UPDATE SET "n" = "admin_day_counts"."n" + 1;
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "clinic_newest_prices_keep_days" AFTER INSERT OR UPDATE OR DELETE ON "clinic_newest_prices" FOR EACH ROW EXECUTE FUNCTION "clinic_newest_prices_keep_days"();--> statement-breakpoint
CREATE TRIGGER "clinic_newest_prices_keep_days_truncate" AFTER TRUNCATE ON "clinic_newest_prices" FOR EACH STATEMENT EXECUTE FUNCTION "clinic_newest_prices_keep_days"();--> statement-breakpoint
-- A price write that leaves the clinic's newest day as it was no longer rewrites its row
-- (nor its day's count); otherwise as in migration 0011.
CREATE OR REPLACE FUNCTION "refresh_clinic_newest_price"(p_clinic integer) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
	old_on date;
	new_on date;
BEGIN
	SELECT "checked_on" INTO old_on FROM "clinic_newest_prices" WHERE "clinic_id" = p_clinic;
	SELECT max(cp."checked_on") INTO new_on
	FROM "clinic_prices" cp
	JOIN "clinics" c ON c."id" = cp."clinic_id"
	WHERE cp."clinic_id" = p_clinic AND cp."status" = 'published';
	IF old_on IS NOT DISTINCT FROM new_on THEN
		RETURN;
	END IF;
	DELETE FROM "clinic_newest_prices" WHERE "clinic_id" = p_clinic;
	IF new_on IS NOT NULL THEN
		INSERT INTO "clinic_newest_prices" ("clinic_id", "checked_on") VALUES (p_clinic, new_on);
	END IF;
END
$$;
--> statement-breakpoint
-- TRUNCATE fires no row trigger: clinic_newest_prices follows a truncated clinic_prices here
-- (its own triggers then keep the counts).
CREATE OR REPLACE FUNCTION "clinic_prices_truncate_newest"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM "clinic_newest_prices";
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "clinic_prices_truncate_newest" AFTER TRUNCATE ON "clinic_prices" FOR EACH STATEMENT EXECUTE FUNCTION "clinic_prices_truncate_newest"();
