import { useState, type FormEvent } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  AREA_LABELS,
  BRAND_LABELS,
  DEAL_BRANDS,
  DEAL_MODELS,
  MODEL_LABELS,
  PRICE_AREAS,
  errorMessageOf,
  formatCents,
  formatPriceDate,
  formatUnitPrice,
  isDealRunning,
  isoDay,
  type Deal,
  type DealBrand,
  type DealModel,
  type PriceArea,
} from "@botox/core";
import { useApi } from "../../api/session.tsx";
import { ConfirmDialog } from "../../components/ConfirmDialog.tsx";
import { SaveErrors, SelectField, TextField, TextareaField } from "../../components/FormFields.tsx";
import { useToast } from "../../components/toast.tsx";
import { useFailureToast } from "../../hooks/use-failure-toast.ts";
import { Alert } from "../../components/ui/Alert.tsx";
import { Badge } from "../../components/ui/Badge.tsx";
import { Button } from "../../components/ui/Button.tsx";
import { Card } from "../../components/ui/Card.tsx";
import { Spinner } from "../../components/ui/Spinner.tsx";
import { fieldIssuesOf, sessionExpired } from "../../lib/errors.ts";

const dealsKey = (clinicId: number) => ["clinic-deals", clinicId] as const;

interface DealFormState {
  title: string;
  brand: DealBrand;
  model: DealModel;
  /** Dollars as typed. */
  unitPrice: string;
  area: PriceArea | "";
  /** Dollars as typed. */
  areaPrice: string;
  units: string;
  startsOn: string;
  endsOn: string;
  conditions: string;
  newPatientsOnly: boolean;
  sourceUrl: string;
}

const emptyForm = (today: string): DealFormState => ({
  title: "",
  brand: "botox",
  model: "per_unit",
  unitPrice: "",
  area: "",
  areaPrice: "",
  units: "",
  startsOn: today,
  endsOn: "",
  conditions: "",
  newPatientsOnly: false,
  sourceUrl: "",
});

const dollars = (cents: number | null) => (cents == null ? "" : (cents / 100).toFixed(2).replace(/\.00$/, ""));

function toForm(d: Deal): DealFormState {
  return {
    title: d.title,
    brand: d.brand,
    model: d.model,
    unitPrice: dollars(d.unitPriceCents),
    area: d.area ?? "",
    areaPrice: dollars(d.areaPriceCents),
    units: d.units == null ? "" : String(d.units),
    startsOn: d.startsOn,
    endsOn: d.endsOn,
    conditions: d.conditions ?? "",
    newPatientsOnly: d.newPatientsOnly,
    sourceUrl: d.sourceUrl ?? "",
  };
}

/** Dollars as typed → cents; anything that is not an amount goes as typed, for the API to refuse with its message. */
const cents = (typed: string): number | null => {
  const t = typed.trim().replace(/^\$/, "");
  if (t === "") return null;
  return /^-?\d+(\.\d{1,2})?$/.test(t) ? Math.round(Number(t) * 100) : Number.NaN;
};

/**
 * The request body: the fields of the chosen model only. The API checks every rule (dates, units, https source).
 * @internal Exported for its tests.
 */
export function dealPayload(v: DealFormState) {
  const perUnit = v.model === "per_unit";
  const units = v.units.trim() === "" ? null : Number(v.units);
  return {
    title: v.title,
    brand: v.brand,
    model: v.model,
    unitPriceCents: perUnit ? cents(v.unitPrice) : null,
    area: perUnit || v.area === "" ? null : v.area,
    areaPriceCents: perUnit ? null : cents(v.areaPrice),
    units: perUnit ? null : units,
    startsOn: v.startsOn,
    endsOn: v.endsOn,
    conditions: v.conditions,
    newPatientsOnly: v.newPatientsOnly,
    sourceUrl: v.sourceUrl,
  };
}

/** Form field names of the API's issue paths. */
const FIELD: Record<string, keyof DealFormState> = { unitPriceCents: "unitPrice", areaPriceCents: "areaPrice" };
const AREA_CHOICES: readonly (PriceArea | "")[] = ["", ...PRICE_AREAS];

function dealLine(d: Deal): string {
  if (d.model === "per_unit") return `${BRAND_LABELS[d.brand]} ${formatUnitPrice(d.perUnitCents)}`;
  return `${BRAND_LABELS[d.brand]}, ${d.area ? AREA_LABELS[d.area] : ""}: ${formatCents(d.areaPriceCents ?? 0)} for ${d.units ?? 0} units (${formatUnitPrice(d.perUnitCents)})`;
}

/** Deals of one clinic on its edit screen: list, add, edit, delete. */
export function ClinicDeals({ clinicId, today = isoDay(new Date()) }: { clinicId: number; today?: string }) {
  const api = useApi();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Deal | "new" | null>(null);
  const [toDelete, setToDelete] = useState<Deal | null>(null);
  const failed = useFailureToast();

  const deals = useQuery({
    queryKey: dealsKey(clinicId),
    queryFn: async () => (await api.get(`/clinics/${clinicId}/deals`)).deals,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: dealsKey(clinicId) });
  const remove = useMutation({
    mutationFn: (d: Deal) => api.send("DELETE", `/deals/${d.id}`),
    onSuccess: async () => {
      toast({ title: "Deal deleted" });
      setToDelete(null);
      await refresh();
    },
    onError: (err) => {
      setToDelete(null);
      failed("Failed to delete the deal.")(err);
    },
  });

  const list = deals.data ?? [];
  return (
    <Card
      title="Deals"
      description="Time-limited offers shown on the clinic's page and on its city and ZIP pages while they run. A deal states its brand and its price per unit (or an area price with its units), and ends at most 180 days after it starts."
    >
      {deals.isPending ? (
        <Spinner label="Loading deals..." />
      ) : deals.isError ? (
        <Alert title="Failed to load the deals.">
          <Button size="sm" variant="outline" className="mt-2" onClick={() => void deals.refetch()}>
            Retry
          </Button>
        </Alert>
      ) : (
        <div className="space-y-4">
          {list.length === 0 ? (
            <p className="text-sm text-slate-500">No deals for this clinic.</p>
          ) : (
            <ul className="divide-y divide-slate-100" aria-label="Deals">
              {list.map((d) => (
                <li key={d.id} className="flex flex-wrap items-center justify-between gap-2 py-2" data-deal-row>
                  <div>
                    <p className="font-medium">{d.title}</p>
                    <p className="text-sm text-slate-600">
                      {dealLine(d)} · {formatPriceDate(d.startsOn)} to {formatPriceDate(d.endsOn)}
                    </p>
                  </div>
                  <div className="flex items-center gap-2">
                    {isDealRunning(d, today) ? (
                      <Badge tone="green">Running</Badge>
                    ) : d.endsOn < today ? (
                      <Badge>Ended</Badge>
                    ) : (
                      <Badge tone="blue">Upcoming</Badge>
                    )}
                    <Button size="sm" variant="outline" onClick={() => setEditing(d)}>
                      Edit
                    </Button>
                    <Button size="sm" variant="outline" onClick={() => setToDelete(d)}>
                      Delete
                    </Button>
                  </div>
                </li>
              ))}
            </ul>
          )}
          {editing ? (
            <DealEditor
              key={editing === "new" ? "new" : editing.id}
              clinicId={clinicId}
              deal={editing === "new" ? null : editing}
              today={today}
              onDone={async () => {
                setEditing(null);
                await refresh();
              }}
              onCancel={() => setEditing(null)}
            />
          ) : (
            <Button variant="outline" onClick={() => setEditing("new")}>
              Add deal
            </Button>
          )}
        </div>
      )}
      <ConfirmDialog
        open={toDelete != null}
        title="Delete deal?"
        description="The deal disappears from the public pages at the next site build. This cannot be undone."
        busy={remove.isPending}
        onCancel={() => setToDelete(null)}
        onConfirm={() => toDelete && remove.mutate(toDelete)}
      />
    </Card>
  );
}

function DealEditor({
  clinicId,
  deal,
  today,
  onDone,
  onCancel,
}: {
  clinicId: number;
  deal: Deal | null;
  today: string;
  onDone: () => Promise<void>;
  onCancel: () => void;
}) {
  const api = useApi();
  const toast = useToast();
  const [values, setValues] = useState<DealFormState>(() => (deal ? toForm(deal) : emptyForm(today)));
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [saveError, setSaveError] = useState<string | null>(null);
  const set = <K extends keyof DealFormState>(name: K, value: DealFormState[K]) => {
    setValues((v) => ({ ...v, [name]: value }));
    setServerErrors(({ [name]: _gone, ...rest }) => rest);
  };
  const save = useMutation({
    mutationFn: () =>
      deal ? api.send("PATCH", `/deals/${deal.id}`, dealPayload(values)) : api.send("POST", `/clinics/${clinicId}/deals`, dealPayload(values)),
    onSuccess: async () => {
      toast({ title: deal ? "Deal updated" : "Deal added" });
      await onDone();
    },
    onError: (err) => {
      if (sessionExpired(err)) return;
      const issues = fieldIssuesOf(err);
      setServerErrors(Object.fromEntries(Object.entries(issues).map(([k, m]) => [FIELD[k] ?? k, m])));
      setSaveError(errorMessageOf(err, "Failed to save the deal."));
    },
  });
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setSaveError(null);
    const field = values.model === "per_unit" ? "unitPrice" : "areaPrice";
    if (Number.isNaN(cents(values[field]))) {
      setServerErrors({ [field]: "Enter an amount in dollars, e.g. 9.99." });
      return;
    }
    save.mutate();
  };
  const errorOf = (name: keyof DealFormState) => serverErrors[name];
  const perUnit = values.model === "per_unit";
  return (
    <form noValidate onSubmit={onSubmit} aria-label={deal ? "Edit deal" : "Add deal"} className="space-y-4 rounded-md border border-slate-200 p-4">
      <h3 className="font-semibold">{deal ? "Edit deal" : "Add deal"}</h3>
      {saveError ? <SaveErrors title={saveError} errors={serverErrors} shownAtFields={Object.keys(values)} /> : null}
      <div className="grid gap-4 md:grid-cols-3">
        <TextField label="Title" error={errorOf("title")} className="md:col-span-3" maxLength={120} value={values.title} onValue={(v) => set("title", v)} />
        <SelectField
          label="Brand"
          error={errorOf("brand")}
          value={values.brand}
          options={DEAL_BRANDS}
          optionLabel={(b) => BRAND_LABELS[b]}
          onValue={(b) => set("brand", b)}
        />
        <SelectField
          label="Pricing"
          error={errorOf("model")}
          value={values.model}
          options={DEAL_MODELS}
          optionLabel={(m) => MODEL_LABELS[m]}
          onValue={(m) => set("model", m)}
        />
        {perUnit ? (
          <TextField
            label="Price per unit ($)"
            error={errorOf("unitPrice")}
            inputMode="decimal"
            value={values.unitPrice}
            onValue={(v) => set("unitPrice", v)}
          />
        ) : (
          <>
            <SelectField
              label="Area"
              error={errorOf("area")}
              value={values.area}
              options={AREA_CHOICES}
              optionLabel={(a) => (a === "" ? "Choose an area" : AREA_LABELS[a])}
              onValue={(a) => set("area", a)}
            />
            <TextField label="Area price ($)" error={errorOf("areaPrice")} inputMode="decimal" value={values.areaPrice} onValue={(v) => set("areaPrice", v)} />
            <TextField
              label="Units included"
              hint="Required: without them the deal cannot be compared with unit prices."
              error={errorOf("units")}
              inputMode="numeric"
              value={values.units}
              onValue={(v) => set("units", v)}
            />
          </>
        )}
        <TextField label="Starts on" error={errorOf("startsOn")} type="date" value={values.startsOn} onValue={(v) => set("startsOn", v)} />
        <TextField
          label="Ends on"
          hint="Its last day."
          error={errorOf("endsOn")}
          type="date"
          min={today}
          value={values.endsOn}
          onValue={(v) => set("endsOn", v)}
        />
        <TextField
          label="Source URL"
          error={errorOf("sourceUrl")}
          type="url"
          placeholder="https://"
          value={values.sourceUrl}
          onValue={(v) => set("sourceUrl", v)}
        />
        <TextareaField
          label="Conditions"
          hint="E.g. minimum 20 units; weekdays only."
          error={errorOf("conditions")}
          className="md:col-span-2"
          rows={2}
          maxLength={500}
          value={values.conditions}
          onValue={(v) => set("conditions", v)}
        />
        <label className="flex items-center gap-2 self-end text-sm font-medium">
          <input type="checkbox" checked={values.newPatientsOnly} onChange={(e) => set("newPatientsOnly", e.target.checked)} />
          New patients only
        </label>
      </div>
      <div className="flex gap-3">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? "Saving..." : "Save deal"}
        </Button>
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
