/**
 * Which prices count, as SQL: the first days of the age rules (PRICE_RULES in
 * packages/core) and the price filter of the searches. Shared by the searches, the price index
 * and the dashboard counts, so each rule is written once.
 */
import { sql, type SQL } from "drizzle-orm";
import { PRICE_RULES, isoDay } from "@botox/core";
import { clinicCurrentPrices } from "../schema/schema.ts";

const daysBefore = (today: string, days: number): string => isoDay(new Date(Date.parse(`${today}T00:00:00Z`) - days * 86_400_000));

/** The first day a price may be observed on and still count (PRICE_RULES.maxAgeDays before `today`). */
export function oldestCountingDay(today: string): string {
  return daysBefore(today, PRICE_RULES.maxAgeDays);
}

/** The first day a price may be checked on and not be out of date (PRICE_RULES.outOfDateDays before `today`). */
export function oldestFreshDay(today: string): string {
  return daysBefore(today, PRICE_RULES.outOfDateDays);
}

/** drizzle writes a lone table's columns unqualified, and inside a subquery on clinic_prices an unqualified "id" would be the price's. */
export const clinicIdQualified = sql`${sql.identifier("clinics")}.${sql.identifier("id")}`;

/**
 * "This kept current price counts": of `brand`, checked since `oldestCounting`, and at most
 * `maxUnitCents` when given; on clinic_current_prices' own columns (unaliased), for statements
 * that read an area's prices from that table alone (decision 215). Each value as it is bound.
 */
export function keptPriceCounts(brand: unknown, oldestCounting: unknown, maxUnitCents?: unknown): SQL {
  return sql`${clinicCurrentPrices.brand} = ${brand} AND ${clinicCurrentPrices.checkedOn} >= ${oldestCounting}::date${
    maxUnitCents === undefined ? sql`` : sql` AND ${clinicCurrentPrices.perUnitCents} <= ${maxUnitCents}`
  }`;
}

/**
 * "Its current price of `brand`, checked since `oldestCounting`, is at most `maxUnitCents`" as a
 * semi-join on clinic_current_prices_unit_idx: the planner can start from the few priced clinics
 * instead of probing every clinic in range (at "any distance", every located clinic). Each value
 * as it is bound (a fixed statement's names).
 */
export function pricedAtMostOn(brand: unknown, oldestCounting: unknown, maxUnitCents: unknown, clinicId: SQL = clinicIdQualified): SQL {
  return sql`${clinicId} IN (SELECT ccp.clinic_id FROM ${clinicCurrentPrices} ccp
    WHERE ccp.brand = ${brand} AND ccp.per_unit_cents <= ${maxUnitCents} AND ccp.checked_on >= ${oldestCounting}::date)`;
}
