import { createRoute } from "@hono/zod-openapi";
import { searchLookupQuerySchema, searchLookupSchema } from "@botox/core";
import { lookupSearchText } from "@botox/db";
import { cachedJson } from "../../lib/cached-json.ts";
import { clinicNameIndex } from "../../lib/clinic-name-index.ts";
import { commonErrors, createRouter, json } from "../../lib/openapi.ts";

/** As many clinics as the database's prefix match answers with. */
const LOOKUP_LIMIT = 5;

const lookupRoute = createRoute({
  method: "get",
  path: "/search/lookup",
  summary:
    "What a search box's text names when it is no city page: places of the ZIP data named exactly (a state code may follow: naperville-il), each with its centre and the ZIP nearest it, and clinics whose name starts with the text, or when none does, whose name starts within the text's typing slips of it (none under four letters, one up to seven, two from eight)",
  tags: ["search"],
  request: { query: searchLookupQuerySchema },
  responses: { 200: json("Places and clinics", searchLookupSchema), ...commonErrors },
});

export const searchRoutes = createRouter().openapi(lookupRoute, (c) => {
  const { q } = c.req.valid("query");
  const { db, state } = c.get("deps");
  return cachedJson(c, async () => {
    const found = await lookupSearchText(db, q);
    if (found.clinics.length > 0) return found;
    return { ...found, clinics: (await clinicNameIndex(state.clinicNameIndexes, db)).find(q, LOOKUP_LIMIT) };
  });
});
