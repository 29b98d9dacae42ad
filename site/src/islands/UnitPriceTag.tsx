import { BRAND_LABELS, formatUnitPrice } from "@botox/core/price-format";
import type { CurrentUnitPrice } from "@botox/core/prices";
import { priceDated } from "../lib/price-text.ts";

/** A listed clinic's current price, dated and sourced: "Botox $13/unit, checked by phone 2 Nov 2026". */
export function UnitPriceTag({ price }: { price: CurrentUnitPrice }) {
  return (
    <span data-unit-price={price.perUnitCents}>
      <strong className="font-semibold text-slate-900">
        {BRAND_LABELS[price.brand]} {formatUnitPrice(price.perUnitCents)}
      </strong>
      , {priceDated(price)}
    </span>
  );
}
