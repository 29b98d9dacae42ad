/**
 * What every ZIP page says about its area (the 25 miles around the ZIP), for ZIPs without a
 * pre-rendered page (no clinic inside them, such as downtown ZIPs): the price summary, the
 * per-area estimates at the local median and the running deals, asked of the API. The same
 * wording and rules as the pre-rendered PriceSummary, PriceEstimates and Deals.
 */
import { FILTERS } from "@botox/core/constants";
import { ESTIMATE_MSG, indexEstimates } from "@botox/core/estimates";
import { BRAND_LABELS, PRICE_RULES, formatPriceDate, priceIndexSummary } from "@botox/core/prices";
import { clinicPath } from "@botox/core/search";
import { apiClient, useQuery } from "../lib/query.ts";
import { dealPrice } from "../lib/deals.ts";

interface Props {
  apiUrl: string;
  zip: string;
}

export function AreaFacts({ apiUrl, zip }: Props) {
  const place = `the ${FILTERS.zipDefaultDistance} miles around ${zip}`;
  const index = useQuery({
    queryKey: ["price-index", zip],
    queryFn: () => apiClient(apiUrl).get("/price-index", { postalCode: zip, distance: FILTERS.zipDefaultDistance }),
  }).data;
  const deals = useQuery({
    queryKey: ["deals", zip],
    queryFn: () => apiClient(apiUrl).get("/deals", { postalCode: zip, distance: FILTERS.zipDefaultDistance }),
  }).data?.deals;
  const lines = index ? indexEstimates(index) : [];
  const sources = [...new Set(lines.map((l) => l.source))];
  return (
    <>
      {index && (
        <section className="card mt-6 p-5" aria-labelledby="price-index-h" data-price-index data-sufficient={String(index.sufficient)}>
          <h2 id="price-index-h" className="text-xl font-bold">
            {BRAND_LABELS[index.brand]} prices
          </h2>
          <p className="mt-2 text-slate-800" data-price-summary>
            {priceIndexSummary(index, place)}
          </p>
          <p className="mt-1 text-sm text-slate-600">
            {index.sufficient
              ? "Per-unit prices published by clinics or checked by us, each clinic counted once with its most recent price from the last 12 months. Ask the clinic for a quote before you book."
              : `We show a local figure once at least ${PRICE_RULES.minIndexClinics} clinics have a dated price${index.clinics > 0 ? ` (${index.clinics} so far)` : ""}. Each clinic's own prices are on its page.`}
          </p>
        </section>
      )}
      {lines.length > 0 && (
        <section className="card mt-6 p-5" aria-labelledby="estimates-h" data-price-estimates>
          <h2 id="estimates-h" className="text-xl font-bold">
            What a treatment costs around {zip}
          </h2>
          <ul className="mt-3 list-disc space-y-1 pl-5 text-slate-800">
            {lines.map((l) => (
              <li key={l.text} data-estimate>
                {l.text}
              </li>
            ))}
          </ul>
          <p className="mt-3 text-sm text-slate-700" data-doses-vary>
            {ESTIMATE_MSG.dosesVary}
          </p>
          <p className="mt-1 text-xs text-slate-600">Typical units from: {sources.join("; ")}.</p>
        </section>
      )}
      {deals && deals.length > 0 && (
        <section className="card mt-6 p-5" aria-labelledby="deals-h" data-deals>
          <h2 id="deals-h" className="text-xl font-bold">
            Deals around {zip}
          </h2>
          <ul className="mt-3 divide-y divide-slate-100">
            {deals.map((d) => (
              <li key={d.id} className="py-3" data-deal data-deal-ends={d.endsOn}>
                <p className="font-semibold text-slate-900">{d.title}</p>
                <p className="text-slate-800">
                  <span data-deal-price>{dealPrice(d)}</span> at{" "}
                  <a href={clinicPath(d.clinicCitySlug, d.clinicSlug)} className="link-tap text-brand-700 underline">
                    {d.clinicName}
                  </a>
                </p>
                {d.conditions && <p className="text-sm text-slate-700">{d.conditions}</p>}
                <p className="mt-1 text-xs text-slate-700" data-deal-end>
                  ends {formatPriceDate(d.endsOn)}
                  {d.belowTypical ? ` · below typical for ${place}` : ""}
                </p>
              </li>
            ))}
          </ul>
          <p className="mt-3 text-xs text-slate-600">Deals are set by the clinics: confirm the price and conditions before you book.</p>
        </section>
      )}
    </>
  );
}
