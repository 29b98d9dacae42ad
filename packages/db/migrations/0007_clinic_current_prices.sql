-- Each clinic's newest published per-unit price per brand (issue 13, bench at 100,000 clinics):
-- searches filter and sort by price through this table instead of probing clinic_prices once
-- per clinic, which at "any distance" meant once per located clinic. A trigger on
-- clinic_prices keeps it, so every write path (admin, import, seed, report review) does.
CREATE TABLE "clinic_current_prices" (
	"clinic_id" integer NOT NULL,
	"brand" "price_brand" NOT NULL,
	"price_id" integer NOT NULL,
	"per_unit_cents" integer NOT NULL,
	"checked_on" date NOT NULL,
	CONSTRAINT "clinic_current_prices_clinic_id_brand_pk" PRIMARY KEY("clinic_id","brand")
);
--> statement-breakpoint
ALTER TABLE "clinic_current_prices" ADD CONSTRAINT "clinic_current_prices_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "clinic_current_prices_unit_idx" ON "clinic_current_prices" USING btree ("brand","per_unit_cents","checked_on");--> statement-breakpoint
-- The same choice as the current-price reads: newest checked_on, then the highest id.
CREATE OR REPLACE FUNCTION "refresh_clinic_current_price"(p_clinic integer, p_brand "price_brand") RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM "clinic_current_prices" WHERE "clinic_id" = p_clinic AND "brand" = p_brand;
	INSERT INTO "clinic_current_prices" ("clinic_id", "brand", "price_id", "per_unit_cents", "checked_on")
	SELECT cp."clinic_id", cp."brand", cp."id", cp."per_unit_cents", cp."checked_on"
	FROM "clinic_prices" cp
	JOIN "clinics" c ON c."id" = cp."clinic_id"
	WHERE cp."clinic_id" = p_clinic AND cp."brand" = p_brand AND cp."status" = 'published' AND cp."per_unit_cents" IS NOT NULL
	ORDER BY cp."checked_on" DESC, cp."id" DESC
	LIMIT 1;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "clinic_prices_keep_current"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP <> 'INSERT' THEN
		PERFORM "refresh_clinic_current_price"(OLD."clinic_id", OLD."brand");
	END IF;
	IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW."clinic_id" <> OLD."clinic_id" OR NEW."brand" <> OLD."brand") THEN
		PERFORM "refresh_clinic_current_price"(NEW."clinic_id", NEW."brand");
	END IF;
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "clinic_prices_keep_current" AFTER INSERT OR UPDATE OR DELETE ON "clinic_prices"
FOR EACH ROW EXECUTE FUNCTION "clinic_prices_keep_current"();--> statement-breakpoint
INSERT INTO "clinic_current_prices" ("clinic_id", "brand", "price_id", "per_unit_cents", "checked_on")
SELECT DISTINCT ON (cp."clinic_id", cp."brand") cp."clinic_id", cp."brand", cp."id", cp."per_unit_cents", cp."checked_on"
FROM "clinic_prices" cp
WHERE cp."status" = 'published' AND cp."per_unit_cents" IS NOT NULL
ORDER BY cp."clinic_id", cp."brand", cp."checked_on" DESC, cp."id" DESC;
