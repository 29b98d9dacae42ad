import { useId, useState, type SubmitEvent } from "react";
import { AREA_LABELS, BRAND_LABELS, PRICE_AREAS, PRICE_BRANDS, PRICE_MSG, isoDay, type PriceArea, type PriceBrand } from "@botox/core/prices";
import { API_MSG } from "@botox/core/messages";
import { ApiRequestError, errorMessageOf } from "@botox/core/http";
import { apiClient } from "../lib/query.ts";
import type { PublicConfig } from "../lib/config.ts";
import {
  emptyPriceReport,
  priceReportBody,
  reportMonthBounds,
  validatePriceReport,
  type PriceReportErrors,
  type PriceReportValues,
} from "../lib/price-report.ts";
import { reactIsland } from "../lib/react-island.ts";

interface Props {
  clinicId: number;
  clinicName: string;
  config: PublicConfig;
  /** "YYYY-MM-DD"; the visitor's clock when omitted (tests pass their own). */
  today?: string;
}

type State = { kind: "idle" } | { kind: "sending" } | { kind: "sent" } | { kind: "error"; message: string };

/** @internal Exported for its tests. */
export const REPORT_FAILED = "We could not send your report. Please try again.";

/** The message of a failed send: the API's own text (409 one per month, 400), the rate-limit line, or a plain retry. */
function failureText(err: unknown): string {
  if (err instanceof ApiRequestError && err.status === 429) return API_MSG.rateLimited;
  return errorMessageOf(err, REPORT_FAILED);
}

/** "Report what you paid": a visitor's price goes in pending and appears once an admin has checked it. */
export default function PriceReportForm({ clinicId, clinicName, config, today: fixedToday }: Props) {
  const id = useId();
  const [today] = useState(() => fixedToday ?? isoDay(new Date()));
  const [values, setValues] = useState<PriceReportValues>(() => emptyPriceReport(today));
  const [errors, setErrors] = useState<PriceReportErrors>({});
  const [state, setState] = useState<State>({ kind: "idle" });
  const bounds = reportMonthBounds(today);

  const set = <K extends keyof PriceReportValues>(key: K, value: PriceReportValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors(({ [key]: _gone, ...rest }) => rest);
  };

  async function onSubmit(e: SubmitEvent) {
    e.preventDefault();
    const found = validatePriceReport(values, today);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setState({ kind: "sending" });
    try {
      await apiClient(config.apiUrl).send("POST", `/clinics/${clinicId}/price-reports`, priceReportBody(values));
      setState({ kind: "sent" });
    } catch (err) {
      setState({ kind: "error", message: failureText(err) });
    }
  }

  const heading = (
    <h3 id={`${id}-h`} className="text-lg font-bold">
      Report what you paid
    </h3>
  );

  if (state.kind === "sent") {
    return (
      <div aria-labelledby={`${id}-h`} role="status" data-report-state="sent">
        {heading}
        <p className="mt-2 font-semibold text-slate-900">{PRICE_MSG.reportPending}</p>
        <p className="mt-1 text-sm text-slate-700">Status: pending review.</p>
      </div>
    );
  }

  const control = (key: keyof PriceReportValues) => ({
    id: `${id}-${key}`,
    "aria-invalid": errors[key] ? true : undefined,
    "aria-describedby": errors[key] ? `${id}-${key}-err` : undefined,
  });
  const err = (key: keyof PriceReportValues) =>
    errors[key] ? (
      <p id={`${id}-${key}-err`} className="mt-1 text-sm text-red-700">
        {errors[key]}
      </p>
    ) : null;
  const sending = state.kind === "sending";

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby={`${id}-h`} aria-busy={sending || undefined} data-report-state={state.kind}>
      {heading}
      <p className="mt-1 text-sm text-slate-700">Tell other visitors what you paid at {clinicName}. We check every report before it is shown.</p>
      <div className="mt-3 grid gap-3 sm:grid-cols-2">
        <div>
          <label htmlFor={`${id}-brand`} className="mb-1 block text-sm font-medium">
            Brand
          </label>
          <select className="input" {...control("brand")} value={values.brand} onChange={(e) => set("brand", e.target.value as PriceBrand)}>
            {PRICE_BRANDS.map((b) => (
              <option key={b} value={b}>
                {BRAND_LABELS[b]}
              </option>
            ))}
          </select>
          {err("brand")}
        </div>
        <div>
          <label htmlFor={`${id}-area`} className="mb-1 block text-sm font-medium">
            Area treated
          </label>
          <select className="input" {...control("area")} value={values.area} onChange={(e) => set("area", e.target.value as PriceArea | "")}>
            <option value="">Not one area (priced per unit)</option>
            {PRICE_AREAS.map((a) => (
              <option key={a} value={a}>
                {AREA_LABELS[a]}
              </option>
            ))}
          </select>
          {err("area")}
        </div>
        <div>
          <label htmlFor={`${id}-units`} className="mb-1 block text-sm font-medium">
            Units (if you know)
          </label>
          <input className="input" inputMode="numeric" {...control("units")} value={values.units} onChange={(e) => set("units", e.target.value)} />
          {err("units")}
        </div>
        <div>
          <label htmlFor={`${id}-total`} className="mb-1 block text-sm font-medium">
            Total paid ($)
          </label>
          <input className="input" inputMode="decimal" required {...control("total")} value={values.total} onChange={(e) => set("total", e.target.value)} />
          {err("total")}
        </div>
        <div>
          <label htmlFor={`${id}-treatedMonth`} className="mb-1 block text-sm font-medium">
            Month treated
          </label>
          <input
            className="input"
            type="month"
            required
            min={bounds.min}
            max={bounds.max}
            placeholder="YYYY-MM"
            {...control("treatedMonth")}
            value={values.treatedMonth}
            onChange={(e) => set("treatedMonth", e.target.value)}
          />
          {err("treatedMonth")}
        </div>
      </div>
      {state.kind === "error" && (
        <p role="alert" className="mt-3 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {state.message}
        </p>
      )}
      <button type="submit" className="btn-primary mt-4" disabled={sending}>
        {sending ? "Sending…" : "Send report"}
      </button>
    </form>
  );
}

reactIsland(PriceReportForm);
