import { useId, useState, type SubmitEvent } from "react";
import { FRESHNESS, SUGGESTION_MSG } from "@botox/core/freshness";
import { ApiRequestError, errorMessageOf } from "@botox/core/http";
import type { BusinessStatus } from "@botox/core/status";
import { CLINIC_CATEGORIES, type ClinicCategory } from "@botox/core/clinic-category";
import { apiClient } from "../lib/query.ts";
import type { PublicConfig } from "../lib/config.ts";
import { reactIsland } from "../lib/react-island.ts";

interface Props {
  clinicId: number;
  clinicName: string;
  config: PublicConfig;
}

type State = { kind: "closed" } | { kind: "open" } | { kind: "sending" } | { kind: "sent" } | { kind: "error"; message: string };

interface Values {
  phone: string;
  site: string;
  fullAddress: string;
  category: ClinicCategory | "";
  workingHours: string;
  businessStatus: BusinessStatus | "";
  note: string;
}

const EMPTY: Values = { phone: "", site: "", fullAddress: "", category: "", workingHours: "", businessStatus: "", note: "" };

const STATUS_OPTIONS: { value: BusinessStatus; label: string }[] = [
  { value: "OPERATIONAL", label: "Open" },
  { value: "CLOSED_TEMPORARILY", label: "Closed temporarily" },
  { value: "PERMANENTLY_CLOSED", label: "Closed permanently or moved" },
];

/**
 * The request body: only the fields the visitor filled in.
 * @internal Exported for its tests.
 */
export function suggestionBody(v: Values) {
  const changes: Record<string, string> = {};
  for (const key of ["phone", "site", "fullAddress", "category", "workingHours", "businessStatus"] as const) {
    const value = v[key].trim();
    if (value) changes[key] = value;
  }
  const note = v.note.trim();
  return { changes, ...(note ? { note } : {}) };
}

function failureText(err: unknown): string {
  if (err instanceof ApiRequestError && err.status === 429) return SUGGESTION_MSG.tooMany;
  return errorMessageOf(err, SUGGESTION_MSG.error);
}

/**
 * "Suggest an edit": a visitor's correction of the listing goes in pending and
 * changes the page only once an editor has applied it. Closed until asked for, so the page
 * stays as it was built.
 */
export default function SuggestEdit({ clinicId, clinicName, config }: Props) {
  const id = useId();
  const [values, setValues] = useState<Values>(EMPTY);
  const [state, setState] = useState<State>({ kind: "closed" });
  const [problem, setProblem] = useState<string | null>(null);

  const set = <K extends keyof Values>(key: K, value: Values[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setProblem(null);
  };

  async function onSubmit(e: SubmitEvent) {
    e.preventDefault();
    const body = suggestionBody(values);
    if (Object.keys(body.changes).length === 0) {
      setProblem(SUGGESTION_MSG.noChange);
      return;
    }
    setState({ kind: "sending" });
    try {
      await apiClient(config.apiUrl).send("POST", `/clinics/${clinicId}/suggestions`, body);
      setState({ kind: "sent" });
    } catch (err) {
      setState({ kind: "error", message: failureText(err) });
    }
  }

  if (state.kind === "closed") {
    return (
      <div data-suggest-state="closed">
        <button type="button" className="btn-outline" onClick={() => setState({ kind: "open" })}>
          Suggest an edit
        </button>
      </div>
    );
  }

  if (state.kind === "sent") {
    return (
      <div role="status" data-suggest-state="sent" className="rounded-md border border-green-200 bg-green-50 p-3">
        <p className="font-semibold text-slate-900">{SUGGESTION_MSG.pending}</p>
      </div>
    );
  }

  const sending = state.kind === "sending";
  const field = (key: keyof Values, label: string, input: "text" | "url" | "tel", max: number) => (
    <div>
      <label htmlFor={`${id}-${key}`} className="mb-1 block text-sm font-medium">
        {label}
      </label>
      <input id={`${id}-${key}`} className="input" type={input} maxLength={max} value={values[key]} onChange={(e) => set(key, e.target.value)} />
    </div>
  );

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby={`${id}-h`} aria-busy={sending || undefined} data-suggest-state={state.kind} className="card p-5">
      <h2 id={`${id}-h`} className="text-lg font-bold">
        Suggest an edit
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        Something wrong about {clinicName}? Fill in only what has changed. An editor checks every suggestion before it appears.
      </p>
      <div className="mt-3 grid gap-3 sm:grid-cols-2">
        {field("phone", "Phone", "tel", 50)}
        {field("site", "Website", "url", 2048)}
        <div className="sm:col-span-2">{field("fullAddress", "Address", "text", 500)}</div>
        <div className="sm:col-span-2">
          <label htmlFor={`${id}-workingHours`} className="mb-1 block text-sm font-medium">
            Hours
          </label>
          <textarea
            id={`${id}-workingHours`}
            className="input"
            rows={2}
            maxLength={5000}
            placeholder="e.g. Mon–Fri 9 AM–5 PM"
            value={values.workingHours}
            onChange={(e) => set("workingHours", e.target.value)}
          />
        </div>
        <div className="sm:col-span-2">
          <label htmlFor={`${id}-category`} className="mb-1 block text-sm font-medium">
            Category
          </label>
          <select id={`${id}-category`} className="input" value={values.category} onChange={(e) => set("category", e.target.value as ClinicCategory | "")}>
            <option value="">No change</option>
            {CLINIC_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </div>
        <div className="sm:col-span-2">
          <label htmlFor={`${id}-businessStatus`} className="mb-1 block text-sm font-medium">
            Status
          </label>
          <select
            id={`${id}-businessStatus`}
            className="input"
            value={values.businessStatus}
            onChange={(e) => set("businessStatus", e.target.value as BusinessStatus | "")}
          >
            <option value="">No change</option>
            {STATUS_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </div>
        <div className="sm:col-span-2">
          <label htmlFor={`${id}-note`} className="mb-1 block text-sm font-medium">
            Note (optional)
          </label>
          <textarea
            id={`${id}-note`}
            className="input"
            rows={2}
            maxLength={FRESHNESS.suggestionNoteMax}
            value={values.note}
            onChange={(e) => set("note", e.target.value)}
          />
        </div>
      </div>
      {problem && (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {problem}
        </p>
      )}
      {state.kind === "error" && (
        <p role="alert" className="mt-3 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {state.message}
        </p>
      )}
      <div className="mt-4 flex gap-3">
        <button type="submit" className="btn-primary" disabled={sending}>
          {sending ? "Sending…" : "Send suggestion"}
        </button>
        <button type="button" className="btn-outline" disabled={sending} onClick={() => setState({ kind: "closed" })}>
          Cancel
        </button>
      </div>
    </form>
  );
}

reactIsland(SuggestEdit);
