import { useState, type FormEvent } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  AREA_LABELS,
  BRAND_LABELS,
  MODEL_LABELS,
  MSG,
  PRICE_AREAS,
  PRICE_BRANDS,
  PRICE_MODELS,
  PRICE_SOURCES,
  PRICE_STATUSES,
  SOURCE_LABELS,
  countsInIndex,
  errorMessageOf,
  formatCents,
  formatPriceDate,
  formatUnitPrice,
  isPriceOutOfDate,
  isoDay,
  priceCheckedOn,
  type ClinicPrice,
  type PriceArea,
  type PriceBrand,
  type PriceModel,
  type PriceSource,
  type PriceStatus,
} from "@botox/core";
import { keys } from "../../api/queries.ts";
import { useApi } from "../../api/session.tsx";
import { ConfirmDialog } from "../../components/ConfirmDialog.tsx";
import { useToast } from "../../components/toast.tsx";
import { fieldIssuesOf, sessionExpired } from "../../lib/errors.ts";
import { Alert, Badge, Button, Card, Field, Input, Select, Spinner, Textarea } from "../../components/ui.tsx";
import { FORM_FIELD, emptyPriceForm, priceToForm, pricePayload, validatePriceForm, type PriceFormState } from "./price-form.ts";

const statusTone = (s: PriceStatus) => (s === "published" ? "green" : s === "pending" ? "amber" : "red");

/** What a row prices: "Per unit", "Per area · Forehead", "Package". */
const whatOf = (p: ClinicPrice) => (p.model === "per_area" && p.area ? `${MODEL_LABELS.per_area} · ${AREA_LABELS[p.area]}` : MODEL_LABELS[p.model]);
const amountOf = (p: ClinicPrice) =>
  p.model === "per_unit"
    ? p.unitPriceCents == null
      ? "—"
      : formatUnitPrice(p.unitPriceCents)
    : `${p.priceCents == null ? "—" : formatCents(p.priceCents)}${p.units != null ? ` for ${p.units} units` : ""}`;

/** Prices of one clinic on its edit screen (issue 13): list, add, edit, delete, verify today. */
export function ClinicPrices({ clinicId, today = isoDay(new Date()) }: { clinicId: number; today?: string }) {
  const api = useApi();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<ClinicPrice | "new" | null>(null);
  const [toDelete, setToDelete] = useState<ClinicPrice | null>(null);

  const prices = useQuery({
    queryKey: keys.clinicPrices(clinicId),
    queryFn: async () => (await api.get(`/clinics/${clinicId}/prices`, { status: "all" })).prices,
  });
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: keys.clinicPrices(clinicId) }),
      queryClient.invalidateQueries({ queryKey: keys.stats }),
    ]);
  const failed = (fallback: string) => (err: unknown) => {
    if (!sessionExpired(err)) toast({ variant: "destructive", title: MSG.admin.errorTitle, description: errorMessageOf(err, fallback) });
  };

  const verify = useMutation({
    mutationFn: (p: ClinicPrice) => api.send("PATCH", `/prices/${p.id}`, { verifiedOn: today }),
    onSuccess: async () => {
      toast({ title: "Price verified", description: `Marked as checked on ${formatPriceDate(today)}.` });
      await refresh();
    },
    onError: failed("Failed to verify the price."),
  });
  const remove = useMutation({
    mutationFn: (p: ClinicPrice) => api.send("DELETE", `/prices/${p.id}`),
    onSuccess: async () => {
      toast({ title: "Price deleted" });
      setToDelete(null);
      await refresh();
    },
    onError: (err) => {
      setToDelete(null);
      failed("Failed to delete the price.")(err);
    },
  });

  const list = prices.data ?? [];
  return (
    <Card title="Prices" description="Dated, sourced prices shown on the clinic's page and in the local price index. Prices over 180 days old show “may be out of date”; over 365 days they count nowhere.">
      {prices.isPending ? (
        <Spinner label="Loading prices..." />
      ) : prices.isError ? (
        <Alert title="Failed to load the prices.">
          <Button size="sm" variant="outline" className="mt-2" onClick={() => void prices.refetch()}>
            Retry
          </Button>
        </Alert>
      ) : (
        <div className="space-y-4">
          {list.length === 0 ? (
            <p className="text-sm text-slate-500">No prices yet for this clinic.</p>
          ) : (
            <div className="overflow-x-auto">
              <table className="w-full text-left text-sm">
                <caption className="sr-only">Prices of this clinic</caption>
                <thead className="text-slate-500">
                  <tr>
                    <th className="py-2 pr-3 font-medium">Brand</th>
                    <th className="py-2 pr-3 font-medium">Pricing</th>
                    <th className="py-2 pr-3 font-medium">Price</th>
                    <th className="py-2 pr-3 font-medium">Per unit</th>
                    <th className="py-2 pr-3 font-medium">Source</th>
                    <th className="py-2 pr-3 font-medium">Observed</th>
                    <th className="py-2 pr-3 font-medium">Status</th>
                    <th className="py-2 font-medium">
                      <span className="sr-only">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {list.map((p) => (
                    <tr key={p.id} className="border-t border-slate-100 align-top" data-price-id={p.id}>
                      <td className="py-2 pr-3">{BRAND_LABELS[p.brand]}</td>
                      <td className="py-2 pr-3">
                        {whatOf(p)}
                        {p.newPatientsOnly ? (
                          <Badge tone="blue" className="ml-1">
                            New patients only
                          </Badge>
                        ) : null}
                        {p.conditions ? <span className="block text-xs text-slate-500">{p.conditions}</span> : null}
                      </td>
                      <td className="py-2 pr-3">{amountOf(p)}</td>
                      <td className="py-2 pr-3">{p.perUnitCents == null ? "—" : formatUnitPrice(p.perUnitCents)}</td>
                      <td className="py-2 pr-3">{SOURCE_LABELS[p.source]}</td>
                      <td className="py-2 pr-3">
                        {formatPriceDate(p.observedOn)}
                        {p.verifiedOn ? <span className="block text-xs text-slate-500">verified {formatPriceDate(p.verifiedOn)}</span> : null}
                        {!countsInIndex(priceCheckedOn(p), today) ? (
                          <Badge tone="red">over a year old</Badge>
                        ) : isPriceOutOfDate(priceCheckedOn(p), today) ? (
                          <Badge tone="amber">may be out of date</Badge>
                        ) : null}
                      </td>
                      <td className="py-2 pr-3">
                        <Badge tone={statusTone(p.status)}>{p.status}</Badge>
                      </td>
                      <td className="py-2 text-right whitespace-nowrap">
                        <Button size="sm" variant="outline" disabled={verify.isPending} onClick={() => verify.mutate(p)}>
                          Verify today
                        </Button>{" "}
                        <Button size="sm" variant="ghost" onClick={() => setEditing(p)}>
                          Edit
                        </Button>{" "}
                        <Button size="sm" variant="ghost" className="text-red-700" onClick={() => setToDelete(p)}>
                          Delete
                        </Button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {editing ? (
            <PriceEditor
              key={editing === "new" ? "new" : editing.id}
              clinicId={clinicId}
              price={editing === "new" ? null : editing}
              today={today}
              onDone={async () => {
                setEditing(null);
                await refresh();
              }}
              onCancel={() => setEditing(null)}
            />
          ) : (
            <Button variant="outline" onClick={() => setEditing("new")}>
              Add price
            </Button>
          )}
        </div>
      )}
      <ConfirmDialog
        open={toDelete != null}
        title="Delete price?"
        description="The price disappears from the clinic's page and the price index at the next site build. This cannot be undone."
        busy={remove.isPending}
        onCancel={() => setToDelete(null)}
        onConfirm={() => toDelete && remove.mutate(toDelete)}
      />
    </Card>
  );
}

function PriceEditor({
  clinicId,
  price,
  today,
  onDone,
  onCancel,
}: {
  clinicId: number;
  price: ClinicPrice | null;
  today: string;
  onDone: () => Promise<void>;
  onCancel: () => void;
}) {
  const api = useApi();
  const toast = useToast();
  const [values, setValues] = useState<PriceFormState>(() => (price ? priceToForm(price) : emptyPriceForm(today)));
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
        ? api.send("PATCH", `/prices/${price.id}`, pricePayload(values))
        : api.send("POST", `/clinics/${clinicId}/prices`, pricePayload(values)),
    onSuccess: async (saved) => {
      const held = saved && saved.status === "pending" && values.status === "published";
      toast(
        held
          ? { title: "Price held for review", description: "Its per-unit price is outside the usual range for the brand, so it was saved as pending." }
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
      {saveError ? (
        <Alert title={saveError}>
          {Object.keys(serverErrors).length > 0 ? (
            <ul className="list-disc pl-5">
              {Object.entries(serverErrors).map(([path, message]) => (
                <li key={path}>{path ? `${path}: ${message}` : message}</li>
              ))}
            </ul>
          ) : null}
        </Alert>
      ) : null}
      <div className="grid gap-4 md:grid-cols-3">
        <Field label="Brand" error={errorOf("brand")}>
          {(p) => (
            <Select {...p} value={values.brand} onChange={(e) => set("brand", e.target.value as PriceBrand)}>
              {PRICE_BRANDS.map((b) => (
                <option key={b} value={b}>
                  {BRAND_LABELS[b]}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Pricing" error={errorOf("model")}>
          {(p) => (
            <Select {...p} value={values.model} onChange={(e) => set("model", e.target.value as PriceModel)}>
              {PRICE_MODELS.map((m) => (
                <option key={m} value={m}>
                  {MODEL_LABELS[m]}
                </option>
              ))}
            </Select>
          )}
        </Field>
        {perUnit ? (
          <Field label="Price per unit ($)" error={errorOf("unitPrice")}>
            {(p) => <Input {...p} inputMode="decimal" value={values.unitPrice} onChange={(e) => set("unitPrice", e.target.value)} />}
          </Field>
        ) : (
          <Field label="Price ($)" error={errorOf("price")}>
            {(p) => <Input {...p} inputMode="decimal" value={values.price} onChange={(e) => set("price", e.target.value)} />}
          </Field>
        )}
        {values.model === "per_area" ? (
          <Field label="Area" error={errorOf("area")}>
            {(p) => (
              <Select {...p} value={values.area} onChange={(e) => set("area", e.target.value as PriceArea | "")}>
                <option value="">Choose an area</option>
                {PRICE_AREAS.map((a) => (
                  <option key={a} value={a}>
                    {AREA_LABELS[a]}
                  </option>
                ))}
              </Select>
            )}
          </Field>
        ) : null}
        {!perUnit && values.model !== "membership" ? (
          <Field label="Units included" hint="When known: the page then shows the implied price per unit." error={errorOf("units")}>
            {(p) => <Input {...p} inputMode="numeric" value={values.units} onChange={(e) => set("units", e.target.value)} />}
          </Field>
        ) : null}
        <Field label="Source" error={errorOf("source")}>
          {(p) => (
            <Select {...p} value={values.source} onChange={(e) => set("source", e.target.value as PriceSource)}>
              {PRICE_SOURCES.map((s) => (
                <option key={s} value={s}>
                  {SOURCE_LABELS[s]}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Observed on" error={errorOf("observedOn")}>
          {(p) => <Input {...p} type="date" max={today} value={values.observedOn} onChange={(e) => set("observedOn", e.target.value)} />}
        </Field>
        <Field label="Status" error={errorOf("status")}>
          {(p) => (
            <Select {...p} value={values.status} onChange={(e) => set("status", e.target.value as PriceStatus)}>
              {PRICE_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Evidence URL" error={errorOf("evidenceUrl")} className="md:col-span-2">
          {(p) => <Input {...p} type="url" placeholder="https://" value={values.evidenceUrl} onChange={(e) => set("evidenceUrl", e.target.value)} />}
        </Field>
        <Field label="Conditions" hint="E.g. minimum 20 units; weekdays only." error={errorOf("conditions")} className="md:col-span-2">
          {(p) => <Textarea {...p} rows={2} value={values.conditions} onChange={(e) => set("conditions", e.target.value)} />}
        </Field>
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
