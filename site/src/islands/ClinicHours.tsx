import { DAY_NAMES } from "@botox/core/hours";
import { localDayOfWeek } from "@botox/core/open-now";
import type { HoursTableRow } from "../lib/hours-table.ts";
import OpenNowBadge, { openNowLineShown, type OpenNowClinic } from "./OpenNowBadge.tsx";
import { useViewNow } from "../hooks/use-view-now.ts";
import { reactIsland } from "../lib/react-island.ts";

/**
 * The clinic page's "Hours of Operation": the source's own texts (built into the HTML), and,
 * in the browser, the open-now line and today's row highlighted in the clinic's time zone.
 */
export default function ClinicHours({ clinic, rows }: { clinic: OpenNowClinic; rows: HoursTableRow[] }) {
  const now = useViewNow();
  const today = now ? localDayOfWeek(now, clinic.timeZone) : undefined;
  if (rows.length === 0) return <p className="mt-2 text-slate-700">Hours not available. Please call to confirm.</p>;
  return (
    <>
      {clinic.openHours == null ? (
        // Hours we cannot read tell no open/closed line: the text is shown as the clinic posted it.
        <p className="mt-2 text-sm text-slate-700" data-hours-as-posted>
          Hours as posted. Please call to confirm whether the clinic is open now.
        </p>
      ) : openNowLineShown(clinic) ? (
        // The line's height is kept in the HTML: it fills in once the visitor's clock is read.
        <div className="mt-2 min-h-6" data-open-now-line>
          <OpenNowBadge clinic={clinic} className="block" />
        </div>
      ) : null}
      <table className="mt-2 w-full text-sm">
        <tbody>
          {rows.map((row, i) => {
            const isToday = today !== undefined && row.day !== null && row.days.includes(today);
            return row.day ? (
              <tr
                key={i}
                className={`border-b border-slate-100 ${isToday ? "bg-brand-50 font-semibold" : ""}`}
                data-today={isToday || undefined}
                aria-current={isToday ? "date" : undefined}
              >
                <th scope="row" className="py-1 pr-3 text-left font-medium">
                  {row.day}
                  {isToday && <span className="sr-only"> (today, {DAY_NAMES[today]})</span>}
                </th>
                <td className="py-1 text-slate-700">{row.hours}</td>
              </tr>
            ) : (
              <tr key={i}>
                <td className="py-1 text-slate-700">{row.hours}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </>
  );
}

reactIsland(ClinicHours);
