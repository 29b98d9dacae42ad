/**
 * Demo prices: dated, per-brand prices for a realistic share of the demo clinics,
 * drawn around regional levels, always with source `demo` so real data never mixes with them
 * unnoticed. Some cities get many priced clinics (an index), some few (not enough data).
 *
 * Levels: typical US Botox prices run about $10–$20 a unit, higher on the coasts; Dysport
 * units cost about a third as much (it takes 2.5–3 units for one of Botox).
 */
import { UNIT_PRICE_BOUNDS_CENTS, isoDay, type PriceArea } from "@botox/core";
import type { Random } from "./random.ts";
import type { PriceValues } from "../queries/clinic-prices.ts";
import type { clinics } from "../schema/schema.ts";

/** A state's typical Botox price per unit, in cents. */
const STATE_LEVEL_CENTS: Record<string, number> = {
  NY: 1600,
  CA: 1500,
  MA: 1500,
  NJ: 1500,
  CT: 1500,
  DC: 1600,
  WA: 1400,
  HI: 1500,
  IL: 1400,
  CO: 1400,
  FL: 1300,
  TX: 1300,
  AZ: 1300,
  GA: 1300,
  NV: 1400,
  OR: 1400,
  VA: 1400,
  MD: 1400,
  PA: 1300,
  MN: 1300,
};
const DEFAULT_LEVEL_CENTS = 1200;

const regionalLevelCents = (state: string): number => STATE_LEVEL_CENTS[state.toUpperCase()] ?? DEFAULT_LEVEL_CENTS;

/** Units a typical area takes (Botox), for area prices whose units are quoted. */
const AREA_UNITS: Partial<Record<PriceArea, number>> = { forehead: 15, frown_lines: 20, crows_feet: 24, lip_flip: 6, masseter: 50 };

/** A demo clinic as stored: what its prices and staff are drawn from. */
export type SeedClinic = Pick<typeof clinics.$inferSelect, "id" | "citySlug" | "state">;

export interface DemoPrice {
  clinicId: number;
  values: PriceValues;
}

const clampToBounds = (brand: "botox" | "dysport", cents: number): number => {
  const b = UNIT_PRICE_BOUNDS_CENTS[brand];
  return b ? Math.min(b.max, Math.max(b.min, cents)) : cents;
};

/**
 * Prices for some of `clinics`. Each city draws how much of it is priced: about 60% of cities
 * are well covered (about 40% of their clinics), the rest thinly (about 6%). A priced clinic
 * gets a Botox unit price around its state's level (±25%, whole dollars mostly), observed up to
 * about a year ago (a few older: out of date or past every index), and sometimes a Dysport
 * price, an area price (units quoted or not) or a new-patient offer.
 */
export function generateDemoPrices(r: Random, clinics: readonly SeedClinic[], today: Date): DemoPrice[] {
  const coverage = new Map<string, number>();
  const out: DemoPrice[] = [];
  const daysAgo = (n: number) => isoDay(new Date(today.getTime() - n * 86_400_000));
  for (const c of clinics) {
    let share = coverage.get(c.citySlug);
    if (share === undefined) {
      share = r.chance(0.6) ? 0.4 : 0.06;
      coverage.set(c.citySlug, share);
    }
    if (!r.chance(share)) continue;
    const level = regionalLevelCents(c.state);
    const spread = 0.75 + r.next() * 0.5;
    const raw = level * spread;
    const cents = clampToBounds("botox", r.chance(0.8) ? Math.round(raw / 100) * 100 : Math.round(raw / 50) * 50);
    // Mostly recent; about 12% past 180 days ("may be out of date"), 3% past 365 (in no index).
    const roll = r.next();
    const age = roll < 0.85 ? r.int(3, 180) : roll < 0.97 ? r.int(181, 365) : r.int(366, 540);
    const observedOn = daysAgo(age);
    out.push({
      clinicId: c.id,
      values: {
        brand: "botox",
        model: "per_unit",
        unitPriceCents: cents,
        source: "demo",
        observedOn,
        verifiedOn: r.chance(0.3) ? observedOn : null,
        newPatientsOnly: false,
      },
    });
    if (r.chance(0.2)) {
      out.push({
        clinicId: c.id,
        values: {
          brand: "dysport",
          model: "per_unit",
          unitPriceCents: clampToBounds("dysport", Math.round(cents / 2.8 / 25) * 25),
          source: "demo",
          observedOn,
        },
      });
    }
    if (r.chance(0.15)) {
      const area = r.pick(["forehead", "frown_lines", "crows_feet", "lip_flip", "masseter"] as const);
      const typical = AREA_UNITS[area] ?? 20;
      const quoted = r.chance(0.6);
      out.push({
        clinicId: c.id,
        values: {
          brand: "botox",
          model: "per_area",
          area,
          // An area is usually priced a little under its units at the unit price.
          priceCents: Math.round((typical * cents * 0.95) / 500) * 500,
          units: quoted ? typical : null,
          source: "demo",
          observedOn: daysAgo(Math.min(age + r.int(0, 60), 540)),
        },
      });
    }
    if (r.chance(0.05)) {
      out.push({
        clinicId: c.id,
        values: {
          brand: "botox",
          model: "per_unit",
          unitPriceCents: clampToBounds("botox", cents - 200),
          newPatientsOnly: true,
          conditions: "First treatment only",
          source: "demo",
          // Older than the clinic's regular price, which stays its current one.
          observedOn: daysAgo(Math.min(age + r.int(1, 20), 540)),
        },
      });
    }
  }
  return out;
}
