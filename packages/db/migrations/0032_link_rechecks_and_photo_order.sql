-- Booking links re-checked daily (decision 299) and photos in the order their owners choose
-- (decision 300). The re-check's bookkeeping columns are never a change of their own in the
-- clinic audit log; a photo's position is not either: a reorder is one photo.reorder row
-- with the whole order before and after, written by a statement trigger.
ALTER TABLE "clinics" ADD COLUMN "booking_url_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "clinics" ADD COLUMN "booking_url_failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "clinics" ADD COLUMN "booking_url_failing_since" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "clinics_booking_url_checked_idx" ON "clinics" USING btree ("booking_url_checked_at") WHERE "clinics"."booking_url" IS NOT NULL;;--> statement-breakpoint
DROP TRIGGER "clinics_audit" ON "clinics";--> statement-breakpoint
CREATE TRIGGER "clinics_audit" AFTER INSERT OR UPDATE ON "clinics" FOR EACH ROW
	WHEN (nullif(current_setting('botox.audit_actor', true), '') IS NOT NULL)
	EXECUTE FUNCTION "clinic_audit_record"('clinic', '{id,city_slug,time_zone,open_minutes,source_key,claimed,created_at,updated_at,booking_url_checked_at,booking_url_failures,booking_url_failing_since}', '{}');--> statement-breakpoint
DROP TRIGGER "clinic_photos_audit" ON "clinic_photos";--> statement-breakpoint
CREATE TRIGGER "clinic_photos_audit" AFTER INSERT OR UPDATE OR DELETE ON "clinic_photos" FOR EACH ROW
	WHEN (nullif(current_setting('botox.audit_actor', true), '') IS NOT NULL)
	EXECUTE FUNCTION "clinic_audit_record"('photo', '{id,clinic_id,upload_name,width,height,position,created_at}', '{alt}');--> statement-breakpoint
CREATE FUNCTION "clinic_photo_order_record"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	actor jsonb := nullif(current_setting('botox.audit_actor', true), '')::jsonb;
	moved record;
BEGIN
	IF actor IS NULL THEN
		RETURN NULL;
	END IF;
	-- Each clinic whose photos changed places in this statement: its photos' ids in page order
	-- before (a photo not updated keeps its place) and after.
	FOR moved IN
		SELECT c.clinic_id,
			(SELECT jsonb_agg(p."id" ORDER BY coalesce(o."position", p."position"), p."id")
				FROM "clinic_photos" p LEFT JOIN old_rows o ON o."id" = p."id" WHERE p."clinic_id" = c.clinic_id) AS before_order,
			(SELECT jsonb_agg(p."id" ORDER BY p."position", p."id") FROM "clinic_photos" p WHERE p."clinic_id" = c.clinic_id) AS after_order
		FROM (
			SELECT DISTINCT n."clinic_id" AS clinic_id FROM new_rows n JOIN old_rows o ON o."id" = n."id"
			WHERE n."position" IS DISTINCT FROM o."position"
		) c
		WHERE EXISTS (SELECT 1 FROM "clinics" WHERE "id" = c.clinic_id)
	LOOP
		IF moved.before_order IS DISTINCT FROM moved.after_order THEN
			INSERT INTO "clinic_audit" ("clinic_id", "actor_role", "actor_id", "actor_email", "action", "entity", "entity_id", "suggestion_id", "fields", "before", "after", "subject")
			VALUES (
				moved.clinic_id,
				actor ->> 'role',
				(actor ->> 'id')::integer,
				actor ->> 'email',
				'photo.reorder',
				'clinic',
				moved.clinic_id,
				NULL,
				'{photo_order}',
				jsonb_build_object('photo_order', moved.before_order),
				jsonb_build_object('photo_order', moved.after_order),
				'{}'::jsonb
			);
		END IF;
	END LOOP;
	RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "clinic_photos_order_audit" AFTER UPDATE ON "clinic_photos" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "clinic_photo_order_record"();
