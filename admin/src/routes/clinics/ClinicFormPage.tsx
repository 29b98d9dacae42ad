import { useState, type FormEvent } from "react";
import { Link, useNavigate, useParams } from "react-router-dom";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  BUSINESS_STATUSES,
  MSG,
  clinicInputSchema,
  fieldErrors,
  normalizeBusinessStatus,
  toLinkSlug,
  type Clinic,
} from "@botox/core";
import { keys } from "../../api/queries.ts";
import { useApi } from "../../api/session.tsx";
import { followSlug } from "../../lib/auto-slug.ts";
import { readDraft, useDraft } from "../../lib/drafts.ts";
import { sessionExpired, statusOf, writeRefusalOf } from "../../lib/errors.ts";
import { useToast } from "../../components/toast.tsx";
import { Alert, Button, Card, Field, Input, Select, Spinner, Textarea } from "../../components/ui.tsx";
import { ClinicPrices } from "./ClinicPrices.tsx";

export interface ClinicFormState {
  name: string;
  slug: string;
  businessStatus: string;
  site: string;
  phone: string;
  fullAddress: string;
  street: string;
  city: string;
  state: string;
  postalCode: string;
  country: string;
  latitude: string;
  longitude: string;
  reviews: string;
  photo: string;
  streetView: string;
  workingHours: string;
  locationLink: string;
}
type FieldName = keyof ClinicFormState;

export const emptyClinicForm: ClinicFormState = {
  name: "",
  slug: "",
  businessStatus: "OPERATIONAL",
  site: "",
  phone: "",
  fullAddress: "",
  street: "",
  city: "",
  state: "",
  postalCode: "",
  country: "USA",
  latitude: "",
  longitude: "",
  reviews: "",
  photo: "",
  streetView: "",
  workingHours: "",
  locationLink: "",
};

const text = (v: unknown) => (v == null ? "" : String(v));

function hoursToText(hours: Clinic["workingHours"]): string {
  if (!hours) return "";
  const entries = Object.entries(hours);
  if (entries.length === 1 && "text" in hours) return String(hours.text);
  return JSON.stringify(hours, null, 2);
}

export function clinicToForm(c: Clinic): ClinicFormState {
  return {
    name: text(c.name),
    slug: text(c.slug),
    businessStatus: normalizeBusinessStatus(c.businessStatus) ?? "OPERATIONAL",
    site: text(c.site ?? c.url),
    phone: text(c.phone),
    fullAddress: text(c.fullAddress),
    street: text(c.street),
    city: text(c.city),
    state: text(c.state),
    postalCode: text(c.postalCode),
    country: text(c.country) || "USA",
    latitude: text(c.latitude),
    longitude: text(c.longitude),
    reviews: text(c.reviews),
    photo: text(c.photo),
    streetView: text(c.streetView),
    workingHours: hoursToText(c.workingHours),
    locationLink: text(c.locationLink),
  };
}

/** Working hours as typed: a JSON object when it parses as one, else the text itself. */
function parseHours(value: string): string | Record<string, unknown> | null {
  const t = value.trim();
  if (!t) return null;
  if (t.startsWith("{")) {
    try {
      const parsed: unknown = JSON.parse(t);
      if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
    } catch {
      // Not JSON after all: stored as text.
    }
  }
  return t;
}

export function clinicPayload(v: ClinicFormState) {
  return { ...v, reviews: v.reviews.trim() || null, workingHours: parseHours(v.workingHours) };
}

export function validateClinic(v: ClinicFormState): Record<string, string> {
  const parsed = clinicInputSchema.safeParse(clinicPayload(v));
  return parsed.success ? {} : fieldErrors(parsed.error);
}

const STATUS_LABELS: Record<(typeof BUSINESS_STATUSES)[number], string> = {
  OPERATIONAL: "Operational",
  CLOSED_TEMPORARILY: "Closed temporarily",
  PERMANENTLY_CLOSED: "Permanently closed",
};

export default function ClinicFormPage() {
  const { id } = useParams();
  const api = useApi();
  const clinic = useQuery({
    queryKey: keys.clinic(id ?? "new"),
    queryFn: () => api.get(`/clinics/${encodeURIComponent(id ?? "")}`),
    enabled: id != null,
  });

  if (id == null) return <ClinicForm key="create" initial={emptyClinicForm} />;
  if (clinic.isPending) return <Spinner label="Loading clinic..." />;
  if (clinic.isError) {
    const notFound = statusOf(clinic.error) === 404;
    return (
      <div className="space-y-4 py-10 text-center">
        <h1 className="text-2xl font-bold">{notFound ? MSG.admin.clinicNotFound : MSG.admin.loadClinic}</h1>
        <Link to="/clinics" className="text-brand-600 underline">
          Back to Clinics
        </Link>
      </div>
    );
  }
  return (
    <div className="space-y-6">
      <ClinicForm key={id} clinicId={clinic.data.id} initial={clinicToForm(clinic.data)} />
      {/* Outside the clinic's form: prices are saved on their own. */}
      <ClinicPrices clinicId={clinic.data.id} />
    </div>
  );
}

function ClinicForm({ clinicId, initial }: { clinicId?: number; initial: ClinicFormState }) {
  const api = useApi();
  const toast = useToast();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const editing = clinicId != null;
  const draftKey = `clinic:${clinicId ?? "create"}`;
  const [values, setValues] = useState<ClinicFormState>(() => ({ ...initial, ...readDraft<ClinicFormState>(draftKey) }));
  const [touched, setTouched] = useState<Partial<Record<FieldName, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [saveFailed, setSaveFailed] = useState(false);
  useDraft(draftKey, values);

  const errors = validateClinic(values);
  const errorOf = (name: FieldName) => serverErrors[name] ?? ((submitted || touched[name]) ? errors[name] : undefined);

  const set = (name: FieldName, value: string) => {
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
    mutationFn: () =>
      editing ? api.send("PUT", `/clinics/${clinicId}`, clinicPayload(values)) : api.send("POST", "/clinics", clinicPayload(values)),
    onSuccess: async () => {
      toast({ title: editing ? "Clinic updated" : "Clinic created", description: `${values.name} has been saved.` });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: keys.clinics }),
        queryClient.invalidateQueries({ queryKey: keys.stats }),
      ]);
      navigate("/clinics");
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

  const field = (name: FieldName, label: string, opts: { hint?: string; placeholder?: string; type?: string; required?: boolean } = {}) => (
    <Field label={opts.required ? `${label} *` : label} hint={opts.hint} error={errorOf(name)}>
      {(p) => (
        <Input
          {...p}
          name={name}
          type={opts.type ?? "text"}
          placeholder={opts.placeholder}
          value={values[name]}
          onChange={(e) => set(name, e.target.value)}
          onBlur={() => setTouched((t) => ({ ...t, [name]: true }))}
        />
      )}
    </Field>
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
      {saveFailed ? (
        <Alert title={MSG.admin.saveClinic}>
          {Object.keys(serverErrors).length > 0 ? (
            <ul className="list-disc pl-5">
              {Object.entries(serverErrors).map(([path, message]) => (
                <li key={path}>{path ? `${path}: ${message}` : message}</li>
              ))}
            </ul>
          ) : null}
        </Alert>
      ) : null}

      <Card title="Basics">
        <div className="grid gap-5 md:grid-cols-2">
          {field("name", "Name", { required: true })}
          <Field
            label="Slug"
            error={errorOf("slug")}
            hint={`Generated from name and city; editable. The public URL is /botox-clinic/{city}/{slug}: /botox-clinic/${citySlug}/${values.slug || "{slug}"}`}
          >
            {(p) => (
              <Input
                {...p}
                name="slug"
                value={values.slug}
                onChange={(e) => set("slug", e.target.value)}
                onBlur={() => setTouched((t) => ({ ...t, slug: true }))}
              />
            )}
          </Field>
          <Field label="Business status" error={errorOf("businessStatus")}>
            {(p) => (
              <Select {...p} name="businessStatus" value={values.businessStatus} onChange={(e) => set("businessStatus", e.target.value)}>
                {BUSINESS_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {s} ({STATUS_LABELS[s]})
                  </option>
                ))}
              </Select>
            )}
          </Field>
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
          <Field
            label="Working hours"
            error={errorOf("workingHours")}
            hint='Working hours as text or a JSON object, e.g. {"Monday": "9AM-5PM"}.'
            className="md:col-span-2"
          >
            {(p) => (
              <Textarea
                {...p}
                name="workingHours"
                rows={5}
                className="font-mono"
                value={values.workingHours}
                onChange={(e) => set("workingHours", e.target.value)}
                onBlur={() => setTouched((t) => ({ ...t, workingHours: true }))}
              />
            )}
          </Field>
        </div>
      </Card>
    </form>
  );
}
