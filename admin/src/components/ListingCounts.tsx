import { useQuery } from "@tanstack/react-query";
import {
  LISTING_EVENTS,
  LISTING_EVENT_LABELS,
  LISTING_EVENT_TYPES,
  errorMessageOf,
  zeroListingEventCounts,
  type ListingEventCounts,
  type ListingEventWeek,
} from "@botox/core";
import { keys } from "../api/queries.ts";
import { useApi } from "../api/session.tsx";
import { Alert } from "./ui/Alert.tsx";
import { Card } from "./ui/Card.tsx";
import { Spinner } from "./ui/Spinner.tsx";

/** The taps on the page that reach the clinic: everything but views. */
const ACTIONS = ["call", "website", "directions", "booking"] as const;

/**
 * "Nov 23": a week by its Monday (weeks are kept in UTC).
 * @internal Exported for its tests.
 */
export const weekLabel = (weekStart: string) =>
  new Date(`${weekStart}T00:00:00Z`).toLocaleDateString("en-US", { month: "short", day: "numeric", timeZone: "UTC" });

/**
 * What the listing brings (decision 277): a clinic's counts of the last 12 weeks, on the
 * owner's workspace and the team's clinic screen. Bars for page views and for taps (calls,
 * website, directions, booking); the chart is drawn for the eye only, and the same figures are
 * given as text and in a table.
 */
export function ListingCounts({ clinicId, clinicName }: { clinicId: number; clinicName?: string }) {
  const api = useApi();
  const counts = useQuery({
    queryKey: keys.clinicEvents(clinicId),
    queryFn: () => api.get(`/clinics/${clinicId}/events`, { weeks: LISTING_EVENTS.weeksDefault }),
  });
  return (
    <Card
      title={clinicName ? `What the listing brings: ${clinicName}` : "What the listing brings"}
      description="What visitors did on the clinic's page, week by week (Monday to Sunday, UTC). Only counts are kept, nothing about the visitors."
    >
      {counts.isPending ? (
        <Spinner label="Loading listing counts..." />
      ) : counts.isError ? (
        <Alert title={errorMessageOf(counts.error, "Could not load the listing counts.")} />
      ) : (
        <WeeksChart weeks={counts.data.weeks} />
      )}
    </Card>
  );
}

function totalsOf(weeks: readonly ListingEventWeek[]): ListingEventCounts {
  const totals = zeroListingEventCounts();
  for (const week of weeks) for (const type of LISTING_EVENT_TYPES) totals[type] += week[type];
  return totals;
}

const actionsOf = (week: ListingEventWeek) => ACTIONS.reduce((n, type) => n + week[type], 0);

const BAR = 10;
const GAP = 4;
const HEIGHT = 120;

function WeeksChart({ weeks }: { weeks: readonly ListingEventWeek[] }) {
  const totals = totalsOf(weeks);
  if (LISTING_EVENT_TYPES.every((type) => totals[type] === 0)) {
    return <p className="text-sm text-slate-600">No visits counted in the last {weeks.length} weeks yet. Counts start when visitors open the clinic's page.</p>;
  }
  const highest = Math.max(1, ...weeks.map((w) => Math.max(w.view, actionsOf(w))));
  const slot = 2 * BAR + GAP * 2;
  const height = (n: number) => Math.round((n / highest) * HEIGHT);
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-700" data-testid="listing-totals">
        Last {weeks.length} weeks: {LISTING_EVENT_TYPES.map((type) => `${totals[type]} ${LISTING_EVENT_LABELS[type].toLowerCase()}`).join(", ")}.
      </p>
      <figure className="space-y-2">
        {/* The figures are in the text above and the table below: the drawing adds nothing to read aloud. */}
        <svg viewBox={`0 0 ${weeks.length * slot} ${HEIGHT + 16}`} className="h-40 w-full" aria-hidden="true" preserveAspectRatio="none">
          {weeks.map((week, i) => {
            const x = i * slot + GAP;
            const actions = actionsOf(week);
            return (
              <g key={week.weekStart}>
                <rect x={x} y={HEIGHT - height(week.view)} width={BAR} height={height(week.view)} className="fill-brand-500">
                  <title>{`${weekLabel(week.weekStart)}: ${week.view} page views`}</title>
                </rect>
                <rect x={x + BAR} y={HEIGHT - height(actions)} width={BAR} height={height(actions)} className="fill-slate-700">
                  <title>{`${weekLabel(week.weekStart)}: ${actions} taps`}</title>
                </rect>
              </g>
            );
          })}
          <line x1={0} x2={weeks.length * slot} y1={HEIGHT + 0.5} y2={HEIGHT + 0.5} className="stroke-slate-300" />
        </svg>
        <figcaption className="flex flex-wrap gap-4 text-xs text-slate-600">
          <span>
            <span className="mr-1 inline-block h-2.5 w-2.5 rounded-sm bg-brand-500" /> Page views
          </span>
          <span>
            <span className="mr-1 inline-block h-2.5 w-2.5 rounded-sm bg-slate-700" /> Taps: calls, website, directions, booking
          </span>
          <span>
            {weekLabel(weeks[0]?.weekStart ?? "")} to {weekLabel(weeks.at(-1)?.weekStart ?? "")}
          </span>
        </figcaption>
      </figure>
      <details>
        <summary className="cursor-pointer text-sm text-brand-700">Counts by week</summary>
        <div className="mt-2 overflow-x-auto">
          <table className="w-full text-left text-xs">
            <caption className="sr-only">Listing counts by week</caption>
            <thead>
              <tr className="border-b border-slate-200">
                <th scope="col" className="py-1 pr-3 font-medium">
                  Week of
                </th>
                {LISTING_EVENT_TYPES.map((type) => (
                  <th key={type} scope="col" className="py-1 pr-3 text-right font-medium">
                    {LISTING_EVENT_LABELS[type]}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {weeks.map((week) => (
                <tr key={week.weekStart} className="border-b border-slate-100">
                  <th scope="row" className="py-1 pr-3 font-normal">
                    {weekLabel(week.weekStart)}
                  </th>
                  {LISTING_EVENT_TYPES.map((type) => (
                    <td key={type} className="py-1 pr-3 text-right tabular-nums">
                      {week[type]}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </div>
  );
}
