/** Wording shared by the Prices card (build time) and the listing islands. */
import { SOURCE_LABELS, formatPriceDate, type PriceSource } from "@botox/core/price-format";

/** "checked by phone 2 Nov 2026"; seeded demo rows say so in words of their own. */
export function priceDated(p: { source: PriceSource; observedOn: string }): string {
  const date = formatPriceDate(p.observedOn);
  return p.source === "demo" ? `demo data dated ${date}` : `${SOURCE_LABELS[p.source]} ${date}`;
}
