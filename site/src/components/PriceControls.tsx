import { useId } from "react";

/** Choices of the price filter, dollars per unit of Botox. */
const MAX_UNIT_PRICE_CHOICES = [10, 12, 14, 16, 20] as const;

/** "Botox price per unit": any, or at most one of the choices (only priced clinics then). */
export function MaxPriceField({ value, onChange }: { value: number | null; onChange: (value: number | null) => void }) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium">
        Botox price per unit
      </label>
      <select id={id} className="input" value={value == null ? "" : String(value)} onChange={(e) => onChange(e.target.value ? Number(e.target.value) : null)}>
        <option value="">Any price</option>
        {MAX_UNIT_PRICE_CHOICES.map((d) => (
          <option key={d} value={String(d)}>
            Up to ${d} a unit
          </option>
        ))}
      </select>
    </div>
  );
}

export type ZipSort = "distance" | "price";

/** The ZIP page's order: nearest first, or cheapest Botox first (unpriced clinics last). */
export function ZipSortField({ value, onChange }: { value: ZipSort; onChange: (value: ZipSort) => void }) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium">
        Sort by
      </label>
      <select id={id} className="input" value={value} onChange={(e) => onChange(e.target.value === "price" ? "price" : "distance")}>
        <option value="distance">Nearest</option>
        <option value="price">Lowest Botox price</option>
      </select>
    </div>
  );
}
