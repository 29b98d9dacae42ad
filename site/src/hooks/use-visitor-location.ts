import { FETCH } from "@botox/core/constants";
import { detectLocation, geolocationGranted, preciseLocation, readCachedLocation, writeCachedLocation, type DetectedLocation } from "../lib/location.ts";
import type { PublicConfig } from "../lib/config.ts";
import { useQuery, useQueryClient } from "../lib/query.ts";

const LOCATION_KEY = ["location"] as const;

/** The detected location, shared by every island of the page and cached 30 minutes. */
export function useVisitorLocation(config: PublicConfig) {
  const qc = useQueryClient();
  const query = useQuery({
    queryKey: LOCATION_KEY,
    queryFn: async () => {
      const cached = readCachedLocation();
      if (cached?.precise) return cached;
      // A visitor who already granted precise location gets it without a tap (the IP's answer
      // still names the place); when the browser cannot give it now, the IP's answer stands.
      const granted = await geolocationGranted();
      if (cached && !granted) return cached;
      const found = cached ?? (await detectLocation(config.apiUrl, config.geoServices));
      const located = granted ? await preciseLocation(found).catch(() => found) : found;
      writeCachedLocation(located);
      return located;
    },
    staleTime: FETCH.location.staleTime,
    retry: FETCH.location.retry,
  });
  const usePrecise = async () => {
    const current = query.data;
    if (!current) return;
    const precise = await preciseLocation(current);
    writeCachedLocation(precise);
    qc.setQueryData<DetectedLocation>(LOCATION_KEY, precise);
  };
  return { ...query, usePrecise };
}
