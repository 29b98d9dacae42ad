/** GET /search/lookup: the places of the ZIP data and the clinics a search box's text names. */
import { z } from "zod";

export const searchLookupQuerySchema = z.object({
  q: z.string().trim().min(2, "Type at least two letters.").max(100, "Search text is too long (at most 100 characters)."),
});
export type SearchLookupQuery = z.infer<typeof searchLookupQuerySchema>;

export const searchPlaceSchema = z.object({
  city: z.string(),
  state: z.string(),
  zip: z.string().describe("The place's ZIP whose centroid is nearest the place's centre"),
  latitude: z.number().describe("Mean of the place's ZIP centroids"),
  longitude: z.number(),
});
export type SearchPlace = z.infer<typeof searchPlaceSchema>;

export const searchClinicSchema = z.object({
  name: z.string(),
  city: z.string(),
  state: z.string(),
  citySlug: z.string(),
  slug: z.string(),
});
export type SearchClinic = z.infer<typeof searchClinicSchema>;

export const searchLookupSchema = z.object({
  places: z.array(searchPlaceSchema).describe("Places named exactly (a state code may follow), most ZIP codes first, at most 5"),
  clinics: z
    .array(searchClinicSchema)
    .describe(
      "Clinics whose name is the text or starts with it, exact names first; when none, those whose name starts within the text's typing slips of it, fewest first; at most 5",
    ),
});
export type SearchLookup = z.infer<typeof searchLookupSchema>;
