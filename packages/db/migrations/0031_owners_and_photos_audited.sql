-- The clinic audit log (decision 278) also records who became or stopped being one of a
-- clinic's owners, and its photos added and removed (decision 298): the owners' workspace
-- changes a listing through both. Same rule as the other triggers: only writes whose writer
-- said who it is (botox.audit_actor) are recorded.
CREATE FUNCTION "clinic_owner_audit_record"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	actor jsonb := nullif(current_setting('botox.audit_actor', true), '')::jsonb;
	clinic integer;
	owner_id integer;
	owner_email jsonb;
BEGIN
	IF actor IS NULL THEN
		RETURN NULL;
	END IF;
	IF TG_OP = 'INSERT' THEN
		clinic := NEW.clinic_id;
		owner_id := NEW.owner_id;
	ELSE
		clinic := OLD.clinic_id;
		owner_id := OLD.owner_id;
	END IF;
	-- Rows removed with their clinic: the clinic's log goes with it.
	IF NOT EXISTS (SELECT 1 FROM "clinics" WHERE "id" = clinic) THEN
		RETURN NULL;
	END IF;
	-- The owner is named by their address as it is now (null once the account is gone).
	SELECT to_jsonb(o."email") INTO owner_email FROM "owners" o WHERE o."id" = owner_id;
	owner_email := coalesce(owner_email, 'null'::jsonb);
	INSERT INTO "clinic_audit" ("clinic_id", "actor_role", "actor_id", "actor_email", "action", "entity", "entity_id", "suggestion_id", "fields", "before", "after", "subject")
	VALUES (
		clinic,
		actor ->> 'role',
		(actor ->> 'id')::integer,
		actor ->> 'email',
		CASE WHEN TG_OP = 'INSERT' THEN 'owner.add' ELSE 'owner.remove' END,
		'owner',
		owner_id,
		NULL,
		'{email}',
		CASE WHEN TG_OP = 'INSERT' THEN '{}'::jsonb ELSE jsonb_build_object('email', owner_email) END,
		CASE WHEN TG_OP = 'INSERT' THEN jsonb_build_object('email', owner_email) ELSE '{}'::jsonb END,
		jsonb_build_object('email', owner_email)
	);
	RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "clinic_owners_audit" AFTER INSERT OR DELETE ON "clinic_owners" FOR EACH ROW
	WHEN (nullif(current_setting('botox.audit_actor', true), '') IS NOT NULL)
	EXECUTE FUNCTION "clinic_owner_audit_record"();--> statement-breakpoint
CREATE TRIGGER "clinic_photos_audit" AFTER INSERT OR UPDATE OR DELETE ON "clinic_photos" FOR EACH ROW
	WHEN (nullif(current_setting('botox.audit_actor', true), '') IS NOT NULL)
	EXECUTE FUNCTION "clinic_audit_record"('photo', '{id,clinic_id,upload_name,width,height,created_at}', '{alt}');
