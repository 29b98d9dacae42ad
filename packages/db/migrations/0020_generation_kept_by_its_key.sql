-- The located clinics' generation (migration 0013) is moved by its key. Without the key the
-- trigger's UPDATE read the one-row table by a sequential scan, and a transaction that writes
-- clinics one statement at a time (the seed, an import) leaves that table hundreds of pages long,
-- with its live row at the end: every clinic-writing statement then read all of them (decision
-- 224 found the same cost on the read side).
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
	UPDATE "located_clinics_generation" SET "n" = "n" + 1 WHERE "id";
	RETURN NULL;
END
$$;
