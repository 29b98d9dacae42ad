-- The located clinics' write generation (migration 0013) also moves when a clinic's current
-- price does (issue 26, decision 213): the cheapest-first search at any distance keeps its total
-- (every located clinic priced at most the ceiling) with the generation it was counted at, like
-- the searches without a price, so a new price, a price taken down or one replaced must make it
-- count again. clinic_current_prices is kept by a trigger on clinic_prices, so every write path
-- moves it.
CREATE TRIGGER "clinic_current_prices_generation_insert" AFTER INSERT ON "clinic_current_prices" FOR EACH STATEMENT EXECUTE FUNCTION "located_clinics_generation_keep"();--> statement-breakpoint
CREATE TRIGGER "clinic_current_prices_generation_update" AFTER UPDATE ON "clinic_current_prices" FOR EACH STATEMENT EXECUTE FUNCTION "located_clinics_generation_keep"();--> statement-breakpoint
CREATE TRIGGER "clinic_current_prices_generation_delete" AFTER DELETE ON "clinic_current_prices" FOR EACH STATEMENT EXECUTE FUNCTION "located_clinics_generation_keep"();--> statement-breakpoint
CREATE TRIGGER "clinic_current_prices_generation_truncate" AFTER TRUNCATE ON "clinic_current_prices" FOR EACH STATEMENT EXECUTE FUNCTION "located_clinics_generation_keep"();
