import { BRAND_LABELS, MAY_BE_OUT_OF_DATE, formatUnitPrice, isPriceOutOfDate, isoDay } from "@botox/core/price-format";
import type { CurrentUnitPrice } from "@botox/core/prices";
import { priceDated } from "../lib/price-text.ts";
import { viewNow } from "../lib/clock.ts";

/**
 * A listed clinic's current price, dated and sourced: "Botox $13/unit, checked by phone 2 Nov
 * 2026", with the clinic page's own "may be out of date" mark past 180 days.
 */
export function UnitPriceTag({ price }: { price: CurrentUnitPrice }) {
  const outOfDate = isPriceOutOfDate(price.checkedOn, isoDay(viewNow()));
  return (
    <span data-unit-price={price.perUnitCents}>
      <strong className="font-semibold text-slate-900">
        {BRAND_LABELS[price.brand]} {formatUnitPrice(price.perUnitCents)}
      </strong>
      , {priceDated(price)}
      {outOfDate && (
        <>
          {" "}
          <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-amber-900" data-out-of-date>
            {MAY_BE_OUT_OF_DATE}
          </span>
        </>
      )}
    </span>
  );
}
