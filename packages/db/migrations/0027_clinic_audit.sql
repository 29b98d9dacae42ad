-- The clinic audit log (decision 278): who changed what of a clinic, its prices, deals, staff
-- and claims, with the changed fields' values before and after. Triggers on those tables write
-- it in the writing transaction, and only when the writer has said who it is
-- (set_config('botox.audit_actor', '{"role","id","email"}', true): the API does for every write
-- of a signed-in person); imports, the seed and scripts say nothing and are not recorded. An
-- applied suggested edit also says which one (botox.audit_via). clinic_suggestions.owner_id
-- marks an owner's own edit (decision 279).
CREATE TABLE "clinic_audit" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"clinic_id" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_role" text NOT NULL,
	"actor_id" integer NOT NULL,
	"actor_email" text NOT NULL,
	"action" text NOT NULL,
	"entity" text NOT NULL,
	"entity_id" integer NOT NULL,
	"suggestion_id" integer,
	"fields" text[] NOT NULL,
	"before" jsonb NOT NULL,
	"after" jsonb NOT NULL,
	"subject" jsonb NOT NULL,
	CONSTRAINT "clinic_audit_actor_role_check" CHECK ("clinic_audit"."actor_role" IN ('admin', 'owner'))
);
--> statement-breakpoint
ALTER TABLE "clinic_suggestions" ADD COLUMN "owner_id" integer;--> statement-breakpoint
ALTER TABLE "clinic_audit" ADD CONSTRAINT "clinic_audit_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "clinic_audit_clinic_idx" ON "clinic_audit" USING btree ("clinic_id","id");--> statement-breakpoint
ALTER TABLE "clinic_suggestions" ADD CONSTRAINT "clinic_suggestions_owner_id_owners_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."owners"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Owners' edits stored before this migration name their owner in visitor_id ("owner:{id}",
-- "owner:{id}:live"), which a visitor's cookie id can never look like.
UPDATE "clinic_suggestions" s SET "owner_id" = o."id"
FROM "owners" o
WHERE s."visitor_id" ~ '^owner:[0-9]{1,9}(:live)?$' AND o."id" = split_part(s."visitor_id", ':', 2)::integer;--> statement-breakpoint
CREATE FUNCTION "clinic_audit_record"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	actor jsonb := nullif(current_setting('botox.audit_actor', true), '')::jsonb;
	via jsonb;
	-- Arguments: the entity, the columns that are never a change of their own (ids, derived
	-- and bookkeeping columns), the columns that name the row (subject).
	entity text := TG_ARGV[0];
	ignored text[] := TG_ARGV[1]::text[];
	naming text[] := TG_ARGV[2]::text[];
	old_row jsonb;
	new_row jsonb;
	cur jsonb;
	clinic integer;
	changed text[];
	act text;
BEGIN
	-- The triggers' WHEN already skips unsigned writes (an import's or the seed's rows queue nothing).
	IF actor IS NULL THEN
		RETURN NULL;
	END IF;
	old_row := CASE WHEN TG_OP = 'INSERT' THEN '{}'::jsonb ELSE to_jsonb(OLD) END;
	new_row := CASE WHEN TG_OP = 'DELETE' THEN '{}'::jsonb ELSE to_jsonb(NEW) END;
	cur := CASE WHEN TG_OP = 'DELETE' THEN old_row ELSE new_row END;
	clinic := (cur ->> CASE WHEN entity = 'clinic' THEN 'id' ELSE 'clinic_id' END)::integer;
	-- A row removed with its clinic: the clinic's log goes with it.
	IF NOT EXISTS (SELECT 1 FROM "clinics" WHERE "id" = clinic) THEN
		RETURN NULL;
	END IF;
	SELECT coalesce(array_agg(k ORDER BY k), '{}') INTO changed
	FROM jsonb_object_keys(cur) AS k
	WHERE k <> ALL (ignored) AND coalesce(old_row -> k, 'null'::jsonb) IS DISTINCT FROM coalesce(new_row -> k, 'null'::jsonb);
	IF cardinality(changed) = 0 THEN
		RETURN NULL;
	END IF;
	via := nullif(current_setting('botox.audit_via', true), '')::jsonb;
	IF entity = 'claim' THEN
		-- A claim is recorded when it is decided, not while it waits.
		IF NOT ('status' = ANY (changed)) OR (new_row ->> 'status') NOT IN ('verified', 'rejected') THEN
			RETURN NULL;
		END IF;
		act := 'claim.' || (new_row ->> 'status');
	ELSIF entity = 'clinic' AND via IS NOT NULL THEN
		act := (via ->> 'kind') || '.applied';
	ELSE
		act := entity || '.' || CASE TG_OP WHEN 'INSERT' THEN 'create' WHEN 'UPDATE' THEN 'update' ELSE 'delete' END;
	END IF;
	INSERT INTO "clinic_audit" ("clinic_id", "actor_role", "actor_id", "actor_email", "action", "entity", "entity_id", "suggestion_id", "fields", "before", "after", "subject")
	VALUES (
		clinic,
		actor ->> 'role',
		(actor ->> 'id')::integer,
		actor ->> 'email',
		act,
		entity,
		(cur ->> 'id')::integer,
		CASE WHEN entity = 'clinic' THEN (via ->> 'suggestionId')::integer END,
		changed,
		(SELECT coalesce(jsonb_object_agg(k, old_row -> k), '{}'::jsonb) FROM unnest(changed) AS k WHERE old_row ? k),
		(SELECT coalesce(jsonb_object_agg(k, new_row -> k), '{}'::jsonb) FROM unnest(changed) AS k WHERE new_row ? k),
		(SELECT coalesce(jsonb_object_agg(k, cur -> k), '{}'::jsonb) FROM unnest(naming) AS k WHERE cur ? k)
	);
	RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "clinics_audit" AFTER INSERT OR UPDATE ON "clinics" FOR EACH ROW
	WHEN (nullif(current_setting('botox.audit_actor', true), '') IS NOT NULL)
	EXECUTE FUNCTION "clinic_audit_record"('clinic', '{id,city_slug,time_zone,open_minutes,source_key,claimed,created_at,updated_at}', '{}');--> statement-breakpoint
CREATE TRIGGER "clinic_prices_audit" AFTER INSERT OR UPDATE OR DELETE ON "clinic_prices" FOR EACH ROW
	WHEN (nullif(current_setting('botox.audit_actor', true), '') IS NOT NULL)
	EXECUTE FUNCTION "clinic_audit_record"('price', '{id,clinic_id,per_unit_cents,checked_on,created_at,updated_at}', '{brand,model}');--> statement-breakpoint
CREATE TRIGGER "clinic_deals_audit" AFTER INSERT OR UPDATE OR DELETE ON "clinic_deals" FOR EACH ROW
	WHEN (nullif(current_setting('botox.audit_actor', true), '') IS NOT NULL)
	EXECUTE FUNCTION "clinic_audit_record"('deal', '{id,clinic_id,per_unit_cents,created_by,created_at,updated_at}', '{title,brand}');--> statement-breakpoint
CREATE TRIGGER "clinic_staff_audit" AFTER INSERT OR UPDATE OR DELETE ON "clinic_staff" FOR EACH ROW
	WHEN (nullif(current_setting('botox.audit_actor', true), '') IS NOT NULL)
	EXECUTE FUNCTION "clinic_audit_record"('staff', '{id,clinic_id,latitude,longitude,business_status,city_slug,state,created_at,updated_at}', '{name,role}');--> statement-breakpoint
CREATE TRIGGER "clinic_claims_audit" AFTER UPDATE ON "clinic_claims" FOR EACH ROW
	WHEN (nullif(current_setting('botox.audit_actor', true), '') IS NOT NULL)
	EXECUTE FUNCTION "clinic_audit_record"('claim', '{id,clinic_id,email,name,role,method,code_hash,code_expires_at,code_attempts,network,owner_id,decided_by,created_at,decided_at}', '{email,name,role}');
