import { useEffect, useState } from "react";
import { DAY_NAMES, DISPLAY_DAY_ORDER } from "@botox/core";
import { Button } from "../../components/ui/Button.tsx";
import { Input } from "../../components/ui/Input.tsx";
import { Select } from "../../components/ui/Select.tsx";
import { Textarea } from "../../components/ui/Textarea.tsx";
import { DEFAULT_RANGE, closesNextDay, dayError, type DayHours, type HoursMode, type WeekHours } from "./hours-editor.ts";

/** The minute's clock for the preview, moving on each minute (the preview is a live reading). */
function useMinuteClock(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

const KIND_LABELS: Record<DayHours["kind"], string> = { open: "Open", closed: "Closed", allDay: "24 hours" };

/**
 * Working hours, day by day: each day closed, open in one or more ranges, or open
 * 24 hours, with today's open-now line as visitors will read it. Hours the parser cannot read
 * are kept as free text only on purpose, with the warning of what that costs.
 */
export function HoursEditor({
  mode,
  week,
  text,
  error,
  preview,
  onMode,
  onWeek,
  onText,
}: {
  mode: HoursMode;
  week: WeekHours;
  text: string;
  error?: string | undefined;
  /** Today's line for a given instant. */
  preview: (now: Date) => string;
  onMode: (mode: HoursMode) => void;
  onWeek: (week: WeekHours) => void;
  onText: (text: string) => void;
}) {
  const now = useMinuteClock();
  const setDay = (d: number, day: DayHours) => onWeek(week.map((x, i) => (i === d ? day : x)));
  return (
    <fieldset className="space-y-3 md:col-span-2" data-hours-editor={mode}>
      <legend className="text-sm font-medium text-slate-800">Working hours</legend>
      {mode === "none" ? (
        <div className="flex flex-wrap items-center gap-3">
          <p className="text-sm text-slate-600">No hours: visitors are asked to call.</p>
          <Button variant="outline" size="sm" onClick={() => onMode("week")}>
            Set hours
          </Button>
        </div>
      ) : mode === "text" ? (
        <div className="space-y-2">
          <p role="alert" className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900" data-free-text-warning>
            Saved as free text: visitors see these hours as posted, with no open-now line, and the clinic drops out of the &ldquo;Open now&rdquo; filter.
          </p>
          <label className="block text-sm text-slate-700" htmlFor="hours-free-text">
            Hours as posted
          </label>
          <Textarea id="hours-free-text" rows={3} value={text} invalid={error != null} onChange={(e) => onText(e.target.value)} />
          <Button variant="outline" size="sm" onClick={() => onMode("week")}>
            Set hours day by day instead
          </Button>
        </div>
      ) : (
        <div className="space-y-2">
          <ul className="divide-y divide-slate-100 rounded-md border border-slate-200">
            {DISPLAY_DAY_ORDER.map((d) => {
              const day = week[d] ?? { kind: "closed", ranges: [] };
              const name = DAY_NAMES[d];
              const problem = dayError(day);
              return (
                <li key={d} className="flex flex-wrap items-start gap-2 p-2" data-hours-day={name}>
                  <span className="w-24 pt-2 text-sm font-medium">{name}</span>
                  <Select
                    aria-label={`${name} hours`}
                    className="w-32"
                    value={day.kind}
                    onChange={(e) => {
                      const kind = e.target.value as DayHours["kind"];
                      setDay(d, { kind, ranges: kind === "open" ? (day.ranges.length ? day.ranges : [DEFAULT_RANGE]) : [] });
                    }}
                  >
                    {(["open", "closed", "allDay"] as const).map((k) => (
                      <option key={k} value={k}>
                        {KIND_LABELS[k]}
                      </option>
                    ))}
                  </Select>
                  {day.kind === "open" && (
                    <div className="flex min-w-0 flex-col gap-2">
                      {day.ranges.map((r, i) => (
                        <div key={i} className="flex flex-wrap items-center gap-2">
                          <Input
                            type="time"
                            aria-label={`${name} range ${i + 1} opens`}
                            className="w-32"
                            value={r.from}
                            onChange={(e) => setDay(d, { ...day, ranges: day.ranges.map((x, j) => (j === i ? { ...x, from: e.target.value } : x)) })}
                          />
                          <span aria-hidden="true">–</span>
                          <Input
                            type="time"
                            aria-label={`${name} range ${i + 1} closes`}
                            className="w-32"
                            value={r.to}
                            onChange={(e) => setDay(d, { ...day, ranges: day.ranges.map((x, j) => (j === i ? { ...x, to: e.target.value } : x)) })}
                          />
                          {closesNextDay(r) && (
                            <label className="flex items-center gap-1 text-sm text-slate-700">
                              <input
                                type="checkbox"
                                checked={r.overnight === true}
                                onChange={(e) => setDay(d, { ...day, ranges: day.ranges.map((x, j) => (j === i ? { ...x, overnight: e.target.checked } : x)) })}
                              />
                              Runs past midnight
                            </label>
                          )}
                          {day.ranges.length > 1 && (
                            <Button
                              variant="ghost"
                              size="sm"
                              aria-label={`Remove ${name} range ${i + 1}`}
                              onClick={() => setDay(d, { ...day, ranges: day.ranges.filter((_, j) => j !== i) })}
                            >
                              Remove
                            </Button>
                          )}
                        </div>
                      ))}
                      <Button
                        variant="ghost"
                        size="sm"
                        className="self-start"
                        aria-label={`Add range on ${name}`}
                        onClick={() => setDay(d, { ...day, ranges: [...day.ranges, { from: "", to: "" }] })}
                      >
                        Add range
                      </Button>
                      {problem && <p className="text-sm text-red-700">{problem}</p>}
                    </div>
                  )}
                </li>
              );
            })}
          </ul>
          <p className="rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-800" aria-live="polite" data-hours-preview>
            <span className="font-medium">Today, as visitors see it:</span> {preview(now)}
          </p>
          <div className="flex flex-wrap gap-3">
            <Button variant="ghost" size="sm" onClick={() => onMode("text")}>
              Save as free text instead
            </Button>
            <Button variant="ghost" size="sm" onClick={() => onMode("none")}>
              Clear hours
            </Button>
          </div>
        </div>
      )}
      {error && (
        <p role="alert" className="text-sm text-red-700" data-hours-error>
          {error}
        </p>
      )}
    </fieldset>
  );
}
