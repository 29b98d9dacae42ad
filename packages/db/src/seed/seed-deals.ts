/**
 * Demo deals (decision 242): without them a newcomer never sees deals. A few demo clinics in
 * about half the demo cities get one running offer each, every one marked `demo` so the pages
 * label it as demo data, as they do demo prices and demo people. Deterministic for a seed and a
 * day; each passes the admin's own deal rules (core's shape, plausibility and date checks).
 */
import { isoDay } from "@botox/core";
import type { Random } from "./random.ts";
import type { DealValues } from "../queries/deals.ts";
import type { SeedClinic } from "./seed-prices.ts";

export interface DemoDeal {
  clinicId: number;
  values: DealValues;
}

const DAY_MS = 86_400_000;
const dayFrom = (today: Date, days: number) => isoDay(new Date(today.getTime() + days * DAY_MS));

/** One offer: mostly Botox per unit, some Dysport frown-lines packages at the label's 50 units. */
function demoOffer(r: Random): Omit<DealValues, "startsOn" | "endsOn"> {
  if (r.chance(0.25)) {
    const units = 50;
    const areaPriceCents = r.int(18, 24) * 1000 + 900;
    return { title: "Demo offer: Dysport frown lines", brand: "dysport", model: "per_area", area: "frown_lines", areaPriceCents, units };
  }
  const unitPriceCents = r.pick([850, 900, 950, 999, 1050, 1099]);
  return { title: "Demo offer: Botox by the unit", brand: "botox", model: "per_unit", unitPriceCents };
}

/**
 * For about half the cities, one or two of their clinics get a running deal: started up to 20
 * days before `today`, ending 14–90 days after it.
 */
export function generateDemoDeals(r: Random, clinics: readonly SeedClinic[], today: Date): DemoDeal[] {
  const byCity = new Map<string, SeedClinic[]>();
  for (const c of clinics) {
    const key = `${c.citySlug}|${c.state}`;
    const list = byCity.get(key);
    if (list) list.push(c);
    else byCity.set(key, [c]);
  }
  const out: DemoDeal[] = [];
  for (const [, list] of [...byCity].sort(([a], [b]) => a.localeCompare(b))) {
    if (!r.chance(0.5)) continue;
    const n = list.length > 10 && r.chance(0.5) ? 2 : 1;
    const chosen = new Set<SeedClinic>();
    while (chosen.size < Math.min(n, list.length)) chosen.add(r.pick(list));
    for (const c of chosen) {
      out.push({
        clinicId: c.id,
        values: {
          ...demoOffer(r),
          startsOn: dayFrom(today, -r.int(0, 20)),
          endsOn: dayFrom(today, r.int(14, 90)),
          conditions: "Demo data: an invented offer, not this clinic's.",
          newPatientsOnly: r.chance(0.3),
          sourceUrl: null,
          demo: true,
        },
      });
    }
  }
  return out;
}
