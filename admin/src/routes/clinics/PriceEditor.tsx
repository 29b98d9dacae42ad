import { useState, type FormEvent } from "react";
import { useMutation } from "@tanstack/react-query";
import {
  AREA_LABELS,
  BRAND_LABELS,
  MODEL_LABELS,
  PRICE_AREAS,
  PRICE_BRANDS,
  PRICE_MODELS,
  PRICE_SOURCES,
  PRICE_STATUSES,
  SOURCE_LABELS,
  errorMessageOf,
  heldPriceReason,
  type ClinicPrice,
  type PriceArea,
} from "@botox/core";
import { useApi } from "../../api/session.tsx";
import { useToast } from "../../components/toast.tsx";
import { fieldIssuesOf, sessionExpired } from "../../lib/errors.ts";
import { Button } from "../../components/ui/Button.tsx";
import { SaveErrors, SelectField, TextField, TextareaField } from "../../components/FormFields.tsx";
import { FORM_FIELD, emptyPriceForm, priceToForm, pricePayload, validatePriceForm, type PriceFormState } from "./price-form.ts";

/** The area select's values: "" (none chosen yet) first. */
const AREA_CHOICES: readonly (PriceArea | "")[] = ["", ...PRICE_AREAS];

/** Add or edit one price: the fields its pricing model uses, checked as core checks them. */
export function PriceEditor({
  clinicId,
  price,
  today,
  owner = false,
  onDone,
  onCancel,
}: {
  clinicId: number;
  price: ClinicPrice | null;
  today: string;
  /** A clinic owner's form: no source or status to choose (the clinic's own, the team's call). */
  owner?: boolean;
  onDone: () => Promise<void>;
  onCancel: () => void;
}) {
  const api = useApi();
  const toast = useToast();
  const [values, setValues] = useState<PriceFormState>(() => {
    const start = price ? priceToForm(price) : emptyPriceForm(today);
    return owner ? { ...start, source: "clinic" } : start;
  });
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [saveError, setSaveError] = useState<string | null>(null);
  const errors = validatePriceForm(values);
  const errorOf = (name: keyof PriceFormState) => serverErrors[name] ?? (submitted ? errors[name] : undefined);
  const set = <K extends keyof PriceFormState>(name: K, value: PriceFormState[K]) => {
    setValues((v) => ({ ...v, [name]: value }));
    setServerErrors(({ [name]: _gone, ...rest }) => rest);
  };

  const save = useMutation({
    mutationFn: () =>
      price
        ? api.send("PATCH", `/prices/${price.id}`, pricePayload(values, { owner }))
        : api.send("POST", `/clinics/${clinicId}/prices`, pricePayload(values, { owner })),
    onSuccess: async (saved) => {
      const held = saved && saved.status === "pending" && values.status === "published";
      toast(
        held
          ? { title: "Price held for review", description: `${heldPriceReason(saved)}, so it was saved as pending.` }
          : { title: price ? "Price updated" : "Price added" },
      );
      await onDone();
    },
    onError: (err) => {
      if (sessionExpired(err)) return;
      const issues = fieldIssuesOf(err);
      setServerErrors(Object.fromEntries(Object.entries(issues).map(([k, m]) => [FORM_FIELD[k] ?? k, m])));
      setSaveError(errorMessageOf(err, "Failed to save the price."));
    },
  });

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    setSaveError(null);
    if (Object.keys(errors).length > 0) return;
    save.mutate();
  };

  const perUnit = values.model === "per_unit";
  return (
    <form noValidate onSubmit={onSubmit} aria-label={price ? "Edit price" : "Add price"} className="space-y-4 rounded-md border border-slate-200 p-4">
      <h3 className="font-semibold">{price ? "Edit price" : "Add price"}</h3>
      {saveError ? <SaveErrors title={saveError} errors={serverErrors} shownAtFields={Object.keys(values)} /> : null}
      <div className="grid gap-4 md:grid-cols-3">
        <SelectField
          label="Brand"
          error={errorOf("brand")}
          value={values.brand}
          options={PRICE_BRANDS}
          optionLabel={(b) => BRAND_LABELS[b]}
          onValue={(b) => set("brand", b)}
        />
        <SelectField
          label="Pricing"
          error={errorOf("model")}
          value={values.model}
          options={PRICE_MODELS}
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
          <TextField label="Price ($)" error={errorOf("price")} inputMode="decimal" value={values.price} onValue={(v) => set("price", v)} />
        )}
        {values.model === "per_area" ? (
          <SelectField
            label="Area"
            error={errorOf("area")}
            value={values.area}
            options={AREA_CHOICES}
            optionLabel={(a) => (a === "" ? "Choose an area" : AREA_LABELS[a])}
            onValue={(a) => set("area", a)}
          />
        ) : null}
        {!perUnit && values.model !== "membership" ? (
          <TextField
            label="Units included"
            hint="When known: the page then shows the implied price per unit."
            error={errorOf("units")}
            inputMode="numeric"
            value={values.units}
            onValue={(v) => set("units", v)}
          />
        ) : null}
        {owner ? null : (
          <SelectField
            label="Source"
            error={errorOf("source")}
            value={values.source}
            options={PRICE_SOURCES}
            optionLabel={(s) => SOURCE_LABELS[s]}
            onValue={(s) => set("source", s)}
          />
        )}
        <TextField label="Observed on" error={errorOf("observedOn")} type="date" max={today} value={values.observedOn} onValue={(v) => set("observedOn", v)} />
        {owner ? null : (
          <SelectField
            label="Status"
            error={errorOf("status")}
            value={values.status}
            options={PRICE_STATUSES}
            optionLabel={(s) => s}
            onValue={(s) => set("status", s)}
          />
        )}
        <TextField
          label="Evidence URL"
          error={errorOf("evidenceUrl")}
          className="md:col-span-2"
          type="url"
          placeholder="https://"
          value={values.evidenceUrl}
          onValue={(v) => set("evidenceUrl", v)}
        />
        <TextareaField
          label="Conditions"
          hint="E.g. minimum 20 units; weekdays only."
          error={errorOf("conditions")}
          className="md:col-span-2"
          rows={2}
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
          {save.isPending ? "Saving..." : "Save price"}
        </Button>
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
