/** Cities (product.md §7.1): GET /cities/popular and /cities/nearby. */
import { z } from "zod";
import { SEARCH } from "../constants.ts";
import { limitParam } from "./shared.ts";

export const citySchema = z.object({
  city: z.string(),
  state: z.string(),
  citySlug: z.string(),
  count: z.number().int(),
  latitude: z.number(),
  longitude: z.number(),
  distance: z.number().optional().describe("Miles from the visitor, one decimal"),
});
export type City = z.infer<typeof citySchema>;

// ---- GET /cities/popular ----
export const popularCitiesQuerySchema = z.object({
  limit: limitParam(SEARCH.popularCitiesLimit, 100),
});
export type PopularCitiesQuery = z.infer<typeof popularCitiesQuerySchema>;
