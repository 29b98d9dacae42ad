import { useId } from "react";

/** The listings' "Open now" filter: asks the API for clinics open at this moment. */
export function OpenNowFilter({ checked, onChange }: { checked: boolean; onChange: (openNow: boolean) => void }) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <input id={id} type="checkbox" className="h-6 w-6" checked={checked} onChange={(e) => onChange(e.target.checked)} data-open-now-filter />
      <label htmlFor={id} className="text-sm font-medium">
        Open now
      </label>
    </div>
  );
}

/** Shown under an empty list while the filter is on. */
export function OpenNowEmptyNote() {
  return (
    <p className="mt-1 text-slate-700" data-open-now-empty>
      No clinic here is open right now by its posted hours. Clear "Open now" to see them all.
    </p>
  );
}

/** A query key part that changes each minute while the filter is on, so answers follow the clock. */
export const openNowMinute = (openNow: boolean, now: Date): number | null => (openNow ? Math.floor(now.getTime() / 60_000) : null);
