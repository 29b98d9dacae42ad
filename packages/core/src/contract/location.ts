/** The visitor's location (product.md §7.1, GET /location), told from CDN headers, a GeoIP file or the fallback. */
import { z } from "zod";

export const userLocationSchema = z.object({
  lat: z.number(),
  lon: z.number(),
  city: z.string(),
  region: z.string(),
  country: z.string(),
  source: z.enum(["cdn", "geoip", "fallback"]).describe("Where the location came from: CDN headers, a local GeoIP file, or the fallback"),
});
export type UserLocation = z.infer<typeof userLocationSchema>;
