import { useRef, useState, type FormEvent } from "react";
import { useLocation, useNavigate } from "react-router-dom";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { BUSINESS_STATUSES, BUSINESS_STATUS_LABELS, MSG, toLinkSlug } from "@botox/core";
import { keys } from "../../api/queries.ts";
import { useApi } from "../../api/session.tsx";
import { followSlug } from "../../lib/auto-slug.ts";
import { readDraft, useDraft } from "../../lib/drafts.ts";
import { fieldIssuesOf, sessionExpired, statusOf, writeRefusalOf } from "../../lib/errors.ts";
import { Alert } from "../../components/ui/Alert.tsx";
import { useToast } from "../../components/toast.tsx";
import { Button } from "../../components/ui/Button.tsx";
import { Card } from "../../components/ui/Card.tsx";
import { SaveErrors, SelectField, TextField } from "../../components/FormFields.tsx";
import { LastVerifiedField } from "./LastVerifiedField.tsx";
import {
  CATEGORY_CHOICES,
  categoryChoiceLabel,
  clinicPayload,
  hoursModeOfForm,
  validateClinic,
  weekOfForm,
  type ClinicFieldName,
  type ClinicFormState,
} from "./clinic-form.ts";
import { HoursEditor } from "./HoursEditor.tsx";
import { DEFAULT_RANGE, closedWeek, hoursFromWeek, todayPreview, weekAsText, weekFromHours } from "./hours-editor.ts";
import { useListReturnPath } from "./list-return.ts";

/** Where the coordinates came from: the centroid of this ZIP (say so), or a ZIP our table lacks. */
type CoordsFromZip = { zip: string; found: boolean } | null;

/** The clinic's fields (create or edit), its draft kept while typing; a save goes back to the list it came from. */
export function ClinicForm({ clinicId, initial, timeZone = null }: { clinicId?: number; initial: ClinicFormState; timeZone?: string | null }) {
  const api = useApi();
  const toast = useToast();
  const navigate = useNavigate();
  const listState: unknown = useLocation().state;
  const listPath = useListReturnPath();
  const queryClient = useQueryClient();
  const editing = clinicId != null;
  const draftKey = `clinic:${clinicId ?? "create"}`;
  const [values, setValues] = useState<ClinicFormState>(() => ({ ...initial, ...readDraft<ClinicFormState>(draftKey) }));
  const [touched, setTouched] = useState<Partial<Record<ClinicFieldName, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [saveFailed, setSaveFailed] = useState(false);
  // The API's word that a new clinic repeats one we have: shown with "Save anyway".
  const [duplicateOf, setDuplicateOf] = useState<string | null>(null);
  useDraft(draftKey, values);

  const errors = validateClinic(values);
  const errorOf = (name: ClinicFieldName) => serverErrors[name] ?? (submitted || touched[name] ? errors[name] : undefined);

  // Latitude and longitude from the ZIP's centroid (the zip table, through /zip-search's
  // origin) while the admin has not typed coordinates of their own.
  const [coordsFrom, setCoordsFrom] = useState<CoordsFromZip>(null);
  // Each ZIP lookup, and each coordinate the admin types, takes a new number: a late answer
  // never overwrites what was typed after it was asked for.
  const zipLookup = useRef(0);
  const fillFromZip = (postalCode: string) => {
    const zip = /^(\d{5})(?:-\d{4})?$/.exec(postalCode.trim())?.[1];
    const coordsEmpty = values.latitude.trim() === "" && values.longitude.trim() === "";
    if (!zip || (!coordsEmpty && !coordsFrom?.found)) return;
    const asked = ++zipLookup.current;
    api
      .get("/zip-search", { postalCode: zip, limit: 1 })
      .then((res) => {
        if (asked !== zipLookup.current) return;
        const origin = res.origin;
        setCoordsFrom({ zip, found: origin != null });
        if (!origin) return;
        // Only while the ZIP is still the one asked about (the admin may have typed on).
        setValues((prev) =>
          prev.postalCode.trim().startsWith(zip) ? { ...prev, latitude: String(origin.latitude), longitude: String(origin.longitude) } : prev,
        );
      })
      .catch(() => setCoordsFrom(null));
  };

  // Entering a coordinate field counts as typing one: an answer landing between the focus and
  // the first keystroke would otherwise fill the field under the caret, and the keystrokes
  // would run on after the centroid ("39.801739.7983").
  const claimCoords = () => {
    zipLookup.current++;
  };

  const set = (name: ClinicFieldName, value: string) => {
    if (name === "latitude" || name === "longitude") {
      zipLookup.current++;
      setCoordsFrom(null);
    }
    if (name === "postalCode") fillFromZip(value);
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
    mutationFn: ({ allowDuplicate }: { allowDuplicate: boolean }) =>
      editing
        ? api.send("PUT", `/clinics/${clinicId}`, clinicPayload(values))
        : api.send("POST", "/clinics", { ...clinicPayload(values), ...(allowDuplicate ? { allowDuplicate: true } : {}) }),
    onSuccess: async (saved) => {
      toast({
        title: editing ? "Clinic updated" : "Clinic created",
        description: editing ? `${values.name} has been saved.` : `${values.name} has been saved. Add its prices, deals and staff below.`,
      });
      await Promise.all([queryClient.invalidateQueries({ queryKey: keys.clinics }), queryClient.invalidateQueries({ queryKey: keys.stats })]);
      // A new clinic opens in its edit screen, where its prices, deals and staff are added; the
      // list it came from stays the place Cancel and Save return to.
      void (editing ? navigate(listPath) : navigate(`/clinics/${saved.id}`, { replace: true, state: listState }));
    },
    onError: (err) => {
      if (sessionExpired(err)) return;
      const duplicate = statusOf(err) === 409 ? fieldIssuesOf(err).duplicate : undefined;
      if (duplicate != null) {
        setDuplicateOf(writeRefusalOf(err, MSG.admin.saveClinic).message);
        return;
      }
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
    setDuplicateOf(null);
    if (Object.keys(errors).length > 0) return;
    save.mutate({ allowDuplicate: false });
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
      onFocus={name === "latitude" || name === "longitude" ? claimCoords : undefined}
    />
  );

  const citySlug = toLinkSlug(values.city) || "{city}";
  const coordsHint = coordsFrom
    ? coordsFrom.found
      ? `Filled from the centre of ZIP ${coordsFrom.zip} (our ZIP table): edit them for the clinic's exact spot.`
      : `ZIP ${coordsFrom.zip} is not in our ZIP table: enter the coordinates by hand.`
    : "Filled from the ZIP code's centre when you enter a postal code, while these are empty; editable.";
  const hoursMode = hoursModeOfForm(values);
  const week = weekOfForm(values);
  const setHoursMode = (mode: "none" | "week" | "text") => {
    if (mode === "week" && hoursMode !== "week") {
      // Free text the parser can read opens as its week; otherwise a weekday 9 to 5 to start from.
      const start =
        (hoursMode === "text" ? weekFromHours(values.workingHours) : null) ??
        closedWeek().map((d, i) => (i >= 1 && i <= 5 ? { kind: "open" as const, ranges: [DEFAULT_RANGE] } : d));
      set("hoursWeek", JSON.stringify(start));
    }
    // The week the admin sees becomes the text to edit: never the stored JSON.
    if (mode === "text" && hoursMode === "week") set("workingHours", weekAsText(week));
    set("hoursMode", mode);
  };
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">{editing ? "Edit Clinic" : "Add Clinic"}</h1>
        <div className="flex gap-3">
          <Button variant="outline" onClick={() => navigate(listPath)}>
            Cancel
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? "Saving..." : editing ? "Update Clinic" : "Create Clinic"}
          </Button>
        </div>
      </div>
      {saveFailed ? <SaveErrors title={MSG.admin.saveClinic} errors={serverErrors} shownAtFields={Object.keys(values)} /> : null}
      {duplicateOf ? (
        <Alert title="Possible duplicate">
          <p>{duplicateOf}</p>
          <div className="mt-3">
            <Button
              variant="outline"
              disabled={save.isPending}
              onClick={() => {
                setDuplicateOf(null);
                save.mutate({ allowDuplicate: true });
              }}
            >
              Save anyway
            </Button>
          </div>
        </Alert>
      ) : null}

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
          <SelectField
            label="Category"
            hint='The one kind of place it is; leave "Not known" when unsure.'
            error={errorOf("category")}
            name="category"
            value={values.category}
            options={CATEGORY_CHOICES}
            optionLabel={categoryChoiceLabel}
            onValue={(c) => set("category", c)}
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
          {field("latitude", "Latitude", { placeholder: "40.7128", hint: coordsHint })}
          {field("longitude", "Longitude", { placeholder: "-74.006" })}
          {field("locationLink", "Maps link", { type: "url", placeholder: "https://" })}
        </div>
      </Card>

      <Card title="Details">
        <div className="grid gap-5 md:grid-cols-2">
          {field("photo", "Photo URL", { type: "url", placeholder: "https://" })}
          {field("streetView", "Street view URL", { type: "url", placeholder: "https://" })}
          {field("reviews", "Reviews", { hint: 'Reviews as a number like 4.5 or with a count like "4.5 (126 reviews)".' })}
          <HoursEditor
            mode={hoursMode}
            week={week}
            text={values.workingHours}
            error={errorOf("workingHours")}
            preview={(now) =>
              todayPreview(hoursMode === "week" ? hoursFromWeek(week) : hoursMode === "text" ? values.workingHours : null, values.businessStatus, timeZone, now)
            }
            onMode={setHoursMode}
            onWeek={(w) => set("hoursWeek", JSON.stringify(w))}
            onText={(t) => set("workingHours", t)}
          />
          <LastVerifiedField value={values.lastVerifiedOn} error={errorOf("lastVerifiedOn")} onValue={(v) => set("lastVerifiedOn", v)} />
        </div>
      </Card>
    </form>
  );
}
