import { formatUsDate, isoDay } from "@botox/core";
import { Button } from "../../components/ui/Button.tsx";

/**
 * When the listing's details were last checked: the clinic page says so, and says
 * "Not checked in over a year" past that. "Verified today" stamps it; saving stores it.
 */
export function LastVerifiedField({
  value,
  error,
  onValue,
  today = isoDay(new Date()),
}: {
  value: string;
  error?: string;
  onValue: (v: string) => void;
  today?: string;
}) {
  return (
    <div className="md:col-span-2" data-last-verified>
      <p className="text-sm font-medium text-slate-700">Details last checked</p>
      <div className="mt-1 flex flex-wrap items-center gap-3">
        <span className="text-sm text-slate-900" data-last-verified-value>
          {value ? formatUsDate(value) : "Never"}
        </span>
        <Button size="sm" variant="outline" disabled={value === today} onClick={() => onValue(today)}>
          Verified today
        </Button>
      </div>
      {error ? (
        <p className="mt-1 text-sm text-red-700">{error}</p>
      ) : (
        <p className="mt-1 text-xs text-slate-500">Use it after checking hours, phone and address with the clinic; save to keep it.</p>
      )}
    </div>
  );
}
