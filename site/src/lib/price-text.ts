/** Wording shared by the Prices card (build time) and the listing islands. */
import { SOURCE_LABELS, formatPriceDate, reportedFor, type PriceSource } from "@botox/core/price-format";

/**
 * "checked by phone 2 Nov 2026"; seeded demo rows say so in words of their own, and a
 * visitor's report names its month ("reported for November 2026 by a visitor").
 */
export function priceDated(p: { source: PriceSource; observedOn: string }): string {
  if (p.source === "patient_report") return reportedFor(p.observedOn);
  const date = formatPriceDate(p.observedOn);
  return p.source === "demo" ? `demo data dated ${date}` : `${SOURCE_LABELS[p.source]} ${date}`;
}
