import { useId } from "react";
import { FETCH, SEARCH } from "@botox/core/constants";
import { FETCH_MSG, SEARCH_MSG } from "@botox/core/messages";
import { cityPath, nearestCities } from "@botox/core/search";
import { apiClient, useQuery } from "../lib/query.ts";
import type { PublicConfig } from "../lib/config.ts";
import { useVisitorLocation } from "../hooks/use-visitor-location.ts";
import { reactIsland } from "../lib/react-island.ts";

interface Props {
  config: PublicConfig;
  title?: string;
}

/** A city card's box and its two lines, blank: the grid's place for a city not known yet. */
function CityCardBlank({ pulse = false }: { pulse?: boolean }) {
  return (
    <div className={`card block p-4${pulse ? " animate-pulse bg-slate-100" : ""}`} aria-hidden="true">
      <span className="block font-semibold">{"\u00a0"}</span>
      <span className="text-sm">{"\u00a0"}</span>
    </div>
  );
}

export default function NearbyCities({ config, title = "Cities With Botox Clinics Near You" }: Props) {
  const id = useId();
  const location = useVisitorLocation(config);
  const popular = useQuery({
    queryKey: ["cities-popular", SEARCH.popularCitiesLimit],
    staleTime: FETCH.cities.staleTime,
    queryFn: async () => {
      try {
        return await apiClient(config.apiUrl).get("/cities/popular", { limit: SEARCH.popularCitiesLimit });
      } catch {
        throw new Error(FETCH_MSG.cities);
      }
    },
  });
  const loc = location.data;
  const cities = loc && popular.data ? nearestCities(popular.data, { latitude: loc.lat, longitude: loc.lon }, SEARCH.cityGridSize) : [];
  // A precise location without a place name is named after the nearest city of the grid.
  const nearest = cities[0];
  const badge =
    loc && !loc.fallback && loc.city
      ? SEARCH_MSG.citiesNear(loc.city, loc.region)
      : loc && !loc.fallback && nearest
        ? SEARCH_MSG.citiesNear(nearest.city, nearest.state)
        : SEARCH_MSG.citiesFallback;

  const settled = popular.isError || (!location.isPending && popular.isSuccess);

  // The badge's line and a card's place per city of the grid are in the HTML from the first
  // paint (the badge invisible until the place is known), so the answers move nothing.
  return (
    <section aria-labelledby={`${id}-h`} data-needs-js="" data-location-island="" data-settled={settled ? "" : undefined} className="bg-slate-50 py-12">
      <div className="container-page">
        <h2 id={`${id}-h`} className="text-3xl font-bold text-slate-900">
          {title}
        </h2>
        <p
          className={`mt-2 inline-block rounded-full bg-brand-100 px-3 py-1 text-sm text-brand-800${loc ? "" : " invisible"}`}
          aria-hidden={loc ? undefined : true}
          data-cities-badge={loc ? "" : undefined}
        >
          {loc ? badge : SEARCH_MSG.citiesFallback}
        </p>
        {popular.isError ? (
          <p role="alert" className="mt-4 text-slate-800">
            {FETCH_MSG.cities}
          </p>
        ) : location.isPending || popular.isPending ? (
          <div className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3" role="status" aria-busy="true" aria-label="Loading cities">
            {Array.from({ length: SEARCH.cityGridSize }, (_, i) => (
              <CityCardBlank key={i} pulse />
            ))}
          </div>
        ) : (
          <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {cities.map((c) => (
              <li key={c.citySlug}>
                <a href={cityPath(c.citySlug)} className="card block p-4 hover:border-brand-600">
                  <span className="block font-semibold text-slate-900">
                    {c.city}, {c.state}
                  </span>
                  <span className="text-sm text-slate-700">
                    {c.count} {c.count === 1 ? "clinic" : "clinics"} · {Math.round(c.distance)} miles away
                  </span>
                </a>
              </li>
            ))}
            {/* Fewer cities than the grid's places (a small catalogue): the rest keep their space. */}
            {cities.length > 0 &&
              Array.from({ length: SEARCH.cityGridSize - cities.length }, (_, i) => (
                <li key={`empty${i}`} aria-hidden="true" className="invisible">
                  <CityCardBlank />
                </li>
              ))}
          </ul>
        )}
      </div>
    </section>
  );
}

reactIsland(NearbyCities);
