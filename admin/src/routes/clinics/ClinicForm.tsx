import { useState, type FormEvent } from "react";
import { useNavigate } from "react-router-dom";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { BUSINESS_STATUSES, BUSINESS_STATUS_LABELS, MSG, toLinkSlug } from "@botox/core";
import { keys } from "../../api/queries.ts";
import { useApi } from "../../api/session.tsx";
import { followSlug } from "../../lib/auto-slug.ts";
import { readDraft, useDraft } from "../../lib/drafts.ts";
import { sessionExpired, writeRefusalOf } from "../../lib/errors.ts";
import { useToast } from "../../components/toast.tsx";
import { Button, Card } from "../../components/ui.tsx";
import { SaveErrors, SelectField, TextField, TextareaField } from "../../components/form.tsx";
import { LastVerifiedField } from "./LastVerifiedField.tsx";
import { clinicPayload, validateClinic, type ClinicFieldName, type ClinicFormState } from "./clinic-form.ts";

/** The clinic's fields (create or edit), its draft kept while typing; a save goes back to the list. */
export function ClinicForm({ clinicId, initial }: { clinicId?: number; initial: ClinicFormState }) {
  const api = useApi();
  const toast = useToast();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const editing = clinicId != null;
  const draftKey = `clinic:${clinicId ?? "create"}`;
  const [values, setValues] = useState<ClinicFormState>(() => ({ ...initial, ...readDraft<ClinicFormState>(draftKey) }));
  const [touched, setTouched] = useState<Partial<Record<ClinicFieldName, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [saveFailed, setSaveFailed] = useState(false);
  useDraft(draftKey, values);

  const errors = validateClinic(values);
  const errorOf = (name: ClinicFieldName) => serverErrors[name] ?? (submitted || touched[name] ? errors[name] : undefined);

  const set = (name: ClinicFieldName, value: string) => {
    setValues((prev) => {
      const next = { ...prev, [name]: value };
      // Create mode: the slug follows name + city until the admin writes one of their own.
      if (!editing && (name === "name" || name === "city")) {
        next.slug = followSlug(`${prev.name} ${prev.city}`, `${next.name} ${next.city}`, prev.slug, toLinkSlug);
      }
      return next;
    });
    setServerErrors(({ [name]: _gone, ...rest }) => rest);
  };

  const save = useMutation({
    mutationFn: () => (editing ? api.send("PUT", `/clinics/${clinicId}`, clinicPayload(values)) : api.send("POST", "/clinics", clinicPayload(values))),
    onSuccess: async () => {
      toast({ title: editing ? "Clinic updated" : "Clinic created", description: `${values.name} has been saved.` });
      await Promise.all([queryClient.invalidateQueries({ queryKey: keys.clinics }), queryClient.invalidateQueries({ queryKey: keys.stats })]);
      void navigate("/clinics");
    },
    onError: (err) => {
      if (sessionExpired(err)) return;
      setSaveFailed(true);
      // A taken slug (409) shows at the slug field; another refusal's reason under the alert.
      const refusal = writeRefusalOf(err, MSG.admin.saveClinic);
      const hasReason = Object.keys(refusal.fields).length === 0 && refusal.message !== MSG.admin.saveClinic;
      setServerErrors(hasReason ? { "": refusal.message } : refusal.fields);
    },
  });

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    setSaveFailed(false);
    if (Object.keys(errors).length > 0) return;
    save.mutate();
  };

  const touch = (name: ClinicFieldName) => () => setTouched((t) => ({ ...t, [name]: true }));
  const field = (name: ClinicFieldName, label: string, opts: { hint?: string; placeholder?: string; type?: string; required?: boolean } = {}) => (
    <TextField
      label={opts.required ? `${label} *` : label}
      hint={opts.hint}
      error={errorOf(name)}
      name={name}
      type={opts.type ?? "text"}
      placeholder={opts.placeholder}
      value={values[name]}
      onValue={(v) => set(name, v)}
      onBlur={touch(name)}
    />
  );

  const citySlug = toLinkSlug(values.city) || "{city}";
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">{editing ? "Edit Clinic" : "Add Clinic"}</h1>
        <div className="flex gap-3">
          <Button variant="outline" onClick={() => navigate("/clinics")}>
            Cancel
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? "Saving..." : editing ? "Update Clinic" : "Create Clinic"}
          </Button>
        </div>
      </div>
      {saveFailed ? <SaveErrors title={MSG.admin.saveClinic} errors={serverErrors} /> : null}

      <Card title="Basics">
        <div className="grid gap-5 md:grid-cols-2">
          {field("name", "Name", { required: true })}
          <TextField
            label="Slug"
            error={errorOf("slug")}
            hint={`Generated from name and city; editable. The public URL is /botox-clinic/{city}/{slug}: /botox-clinic/${citySlug}/${values.slug || "{slug}"}`}
            name="slug"
            value={values.slug}
            onValue={(v) => set("slug", v)}
            onBlur={touch("slug")}
          />
          <SelectField
            label="Business status"
            error={errorOf("businessStatus")}
            name="businessStatus"
            value={values.businessStatus}
            options={BUSINESS_STATUSES}
            optionLabel={(s) => `${s} (${BUSINESS_STATUS_LABELS[s]})`}
            onValue={(s) => set("businessStatus", s)}
          />
          {field("phone", "Phone", { type: "tel" })}
          {field("site", "Website", { type: "url", placeholder: "https://" })}
        </div>
      </Card>

      <Card title="Location">
        <div className="grid gap-5 md:grid-cols-2">
          {field("fullAddress", "Full address")}
          {field("street", "Street")}
          {field("city", "City", { required: true })}
          {field("state", "State", { required: true })}
          {field("postalCode", "Postal code")}
          {field("country", "Country")}
          {field("latitude", "Latitude", { placeholder: "40.7128" })}
          {field("longitude", "Longitude", { placeholder: "-74.006" })}
          {field("locationLink", "Maps link", { type: "url", placeholder: "https://" })}
        </div>
      </Card>

      <Card title="Details">
        <div className="grid gap-5 md:grid-cols-2">
          {field("photo", "Photo URL", { type: "url", placeholder: "https://" })}
          {field("streetView", "Street view URL", { type: "url", placeholder: "https://" })}
          {field("reviews", "Reviews", { hint: 'Reviews as a number like 4.5 or with a count like "4.5 (126 reviews)".' })}
          <TextareaField
            label="Working hours"
            error={errorOf("workingHours")}
            hint='Working hours as text or a JSON object, e.g. {"Monday": "9AM-5PM"}.'
            className="md:col-span-2"
            name="workingHours"
            rows={5}
            inputClassName="font-mono"
            value={values.workingHours}
            onValue={(v) => set("workingHours", v)}
            onBlur={touch("workingHours")}
          />
          <LastVerifiedField value={values.lastVerifiedOn} error={errorOf("lastVerifiedOn")} onValue={(v) => set("lastVerifiedOn", v)} />
        </div>
      </Card>
    </form>
  );
}
