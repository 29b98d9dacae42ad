/**
 * The owner workspace's own sections (decisions 269, 282, 283): hours, description and booking
 * link go live through PATCH /clinics/{id} (the link's daily checks shown beside it, decision
 * 299); photos through /clinics/{id}/photos, put in order with "Move up" and "Move down"
 * (decision 300); the details the
 * team checks are sent as a held edit, and the answer says so plainly. Each is one card that
 * stacks its fields on a phone (390 px) and lays them out side by side from `md`.
 */
import { useState, type FormEvent } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  BOOKING_PLATFORMS,
  BUSINESS_STATUSES,
  BUSINESS_STATUS_LABELS,
  CLINIC_DESCRIPTION_MAX,
  CLINIC_PHOTOS,
  MSG,
  SUGGESTION_FIELD_LABELS,
  errorMessageOf,
  formatVisitorDate,
  normalizeClinicCategory,
  type BookingLinkState,
  type BusinessStatus,
  type Clinic,
  type ClinicPatchHeld,
  type ClinicPhoto,
  type ClinicPhotoCreated,
  type ClinicPhotoList,
} from "@botox/core";
import { keys } from "../../api/queries.ts";
import { useApi } from "../../api/session.tsx";
import { useToast } from "../../components/toast.tsx";
import { SelectField, TextField, TextareaField } from "../../components/FormFields.tsx";
import { Alert } from "../../components/ui/Alert.tsx";
import { Button } from "../../components/ui/Button.tsx";
import { Card } from "../../components/ui/Card.tsx";
import { Spinner } from "../../components/ui/Spinner.tsx";
import { HoursEditor } from "../clinics/HoursEditor.tsx";
import { CATEGORY_CHOICES, categoryChoiceLabel } from "../clinics/clinic-form.ts";
import {
  DEFAULT_RANGE,
  closedWeek,
  dayError,
  hoursFromWeek,
  hoursModeOf,
  todayPreview,
  weekFromHours,
  type HoursMode,
  type WeekHours,
} from "../clinics/hours-editor.ts";

type PatchBody = Partial<Pick<Clinic, "name" | "phone" | "site" | "fullAddress" | "category" | "businessStatus" | "description" | "bookingUrl">> & {
  workingHours?: Record<string, string> | string | null;
};

/** PATCH /clinics/{id}; the clinic's own queries (its page, its audit log) are read again after. */
function useClinicPatch(clinicId: number) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PatchBody): Promise<Clinic | ClinicPatchHeld> => api.send("PATCH", `/clinics/${clinicId}`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["clinics"] }),
  });
}

const isHeld = (answer: Clinic | ClinicPatchHeld | null): answer is ClinicPatchHeld => answer != null && "held" in answer;

/** Working hours, live at once. */
export function OwnerHours({ clinic }: { clinic: Clinic }) {
  const toast = useToast();
  const patch = useClinicPatch(clinic.id);
  const [mode, setMode] = useState<HoursMode>(() => hoursModeOf(clinic.workingHours));
  const [week, setWeek] = useState<WeekHours>(() => weekFromHours(clinic.workingHours) ?? closedWeek());
  const [text, setText] = useState(() => (typeof clinic.workingHours === "string" ? clinic.workingHours : ""));
  const [error, setError] = useState<string | null>(null);
  const value = mode === "week" ? hoursFromWeek(week) : mode === "text" ? text : null;
  const onMode = (next: HoursMode) => {
    if (next === "week" && mode !== "week")
      setWeek((w) =>
        w.some((d) => d.kind !== "closed") ? w : closedWeek().map((d, i) => (i >= 1 && i <= 5 ? { kind: "open" as const, ranges: [DEFAULT_RANGE] } : d)),
      );
    setMode(next);
  };
  const save = () => {
    const problem = mode === "week" ? week.map(dayError).find((e) => e != null) : null;
    setError(problem ?? null);
    if (problem) return;
    patch.mutate(
      { workingHours: value },
      {
        onSuccess: () => toast({ title: "Hours saved", description: "They are on the clinic's page after the next publish (a minute or two)." }),
        onError: (err) => setError(errorMessageOf(err, "Failed to save the hours.")),
      },
    );
  };
  return (
    <Card title="Hours" description="Saved straight to your listing.">
      <div className="space-y-3">
        <HoursEditor
          mode={mode}
          week={week}
          text={text}
          error={error ?? undefined}
          preview={(now) => todayPreview(value, clinic.businessStatus, clinic.timeZone, now)}
          onMode={onMode}
          onWeek={setWeek}
          onText={setText}
        />
        {error ? <Alert title={error} /> : null}
        <Button onClick={save} disabled={patch.isPending}>
          {patch.isPending ? "Saving..." : "Save hours"}
        </Button>
      </div>
    </Card>
  );
}

/** The clinic's own words, plain text (shown as text on the page, never as HTML). */
export function OwnerDescription({ clinic }: { clinic: Clinic }) {
  const toast = useToast();
  const patch = useClinicPatch(clinic.id);
  const [text, setText] = useState(clinic.description ?? "");
  const [error, setError] = useState<string | null>(null);
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (text.length > CLINIC_DESCRIPTION_MAX) return setError(MSG.owner.descriptionTooLong(CLINIC_DESCRIPTION_MAX));
    setError(null);
    patch.mutate(
      { description: text.trim() === "" ? null : text },
      { onSuccess: () => toast({ title: "Description saved" }), onError: (err) => setError(errorMessageOf(err, "Failed to save the description.")) },
    );
  };
  return (
    <Card title="Description" description="Plain text about your clinic, shown on its page. A blank line starts a new paragraph; no links or formatting.">
      <form noValidate onSubmit={onSubmit} aria-label="Description" className="space-y-3">
        <TextareaField
          label="About the clinic"
          hint={`${text.length.toLocaleString("en-US")} of ${CLINIC_DESCRIPTION_MAX.toLocaleString("en-US")} characters`}
          error={error ?? undefined}
          rows={6}
          value={text}
          onValue={setText}
        />
        <Button type="submit" disabled={patch.isPending}>
          {patch.isPending ? "Saving..." : "Save description"}
        </Button>
      </form>
    </Card>
  );
}

/**
 * What the link's checks found, in a line: "Last checked 28 Nov 2026", and once a check failed
 * "· not answering since 27 Nov 2026", and whether the page still shows it.
 */
function bookingLinkStatusText(state: BookingLinkState): string | null {
  if (!state.url || !state.checkedAt) return null;
  const checked = `Last checked ${formatVisitorDate(state.checkedAt)}`;
  if (state.failures === 0 || !state.failingSince) return checked;
  const since = `${checked} · not answering since ${formatVisitorDate(state.failingSince)}`;
  return state.shown
    ? `${since}. If it still does not answer tomorrow, your page stops showing “Book online” until it does.`
    : `${since}. Your page does not show “Book online” until it answers again (checked daily) or you save a new link.`;
}

/** The booking link: checked by the server (rule and answer) before it is saved, then daily. */
export function OwnerBookingLink({ clinic }: { clinic: Clinic }) {
  const api = useApi();
  const state = useQuery({ queryKey: keys.bookingLink(clinic.id), queryFn: () => api.get(`/clinics/${clinic.id}/booking-link`) });
  const platforms = BOOKING_PLATFORMS.map((p) => p.name).join(", ");
  return (
    <Card
      title="Booking link"
      description={`Shown as “Book online” on your page and in listings. https only, on your website's domain or a booking platform (${platforms}); we check that it answers before saving, and again every day.`}
    >
      {state.isPending ? (
        <Spinner label="Loading the booking link..." />
      ) : state.isError ? (
        <Alert title="Failed to load the booking link." />
      ) : (
        <BookingLinkForm clinicId={clinic.id} state={state.data} />
      )}
    </Card>
  );
}

function BookingLinkForm({ clinicId, state }: { clinicId: number; state: BookingLinkState }) {
  const toast = useToast();
  const patch = useClinicPatch(clinicId);
  const [link, setLink] = useState(state.url ?? "");
  const [error, setError] = useState<string | null>(null);
  const send = (bookingUrl: string | null) => {
    setError(null);
    patch.mutate(
      { bookingUrl },
      {
        onSuccess: () => {
          if (bookingUrl == null) setLink("");
          toast({ title: bookingUrl == null ? "Booking link removed" : "Booking link saved" });
        },
        onError: (err) => setError(errorMessageOf(err, "Failed to save the booking link.")),
      },
    );
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    send(link.trim() === "" ? null : link.trim());
  };
  const status = bookingLinkStatusText(state);
  return (
    <form noValidate onSubmit={onSubmit} aria-label="Booking link" className="space-y-3">
      <TextField label="Online booking address" type="url" inputMode="url" placeholder="https://" error={error ?? undefined} value={link} onValue={setLink} />
      {status ? (
        <p role="status" className={state.failures > 0 ? "text-sm text-amber-800" : "text-sm text-slate-600"}>
          {status}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={patch.isPending}>
          {patch.isPending ? "Checking..." : "Save booking link"}
        </Button>
        {state.url ? (
          <Button variant="outline" disabled={patch.isPending} onClick={() => send(null)}>
            Remove link
          </Button>
        ) : null}
      </div>
    </form>
  );
}

/** Photos: at most CLINIC_PHOTOS.max, each with the alt text its uploader writes. */
export function OwnerPhotos({ clinicId }: { clinicId: number }) {
  const api = useApi();
  const toast = useToast();
  const queryClient = useQueryClient();
  const key = ["clinic-photos", clinicId] as const;
  const photos = useQuery({ queryKey: key, queryFn: async () => (await api.get(`/clinics/${clinicId}/photos`)).photos });
  const [file, setFile] = useState<File | null>(null);
  const [alt, setAlt] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [inputKey, setInputKey] = useState(0);
  const refresh = () => queryClient.invalidateQueries({ queryKey: key });
  const add = useMutation({
    mutationFn: (): Promise<ClinicPhotoCreated> => {
      const form = new FormData();
      if (file) form.append("image", file);
      form.append("alt", alt.trim());
      return api.send("POST", `/clinics/${clinicId}/photos`, form);
    },
    onSuccess: async () => {
      toast({ title: "Photo added" });
      setFile(null);
      setAlt("");
      setInputKey((k) => k + 1);
      await refresh();
    },
    onError: (err) => setError(errorMessageOf(err, "Failed to add the photo.")),
  });
  const remove = useMutation({
    mutationFn: (p: ClinicPhoto) => api.send("DELETE", `/clinic-photos/${p.id}`),
    onSuccess: async () => {
      toast({ title: "Photo removed" });
      await refresh();
    },
    onError: (err) => setError(errorMessageOf(err, "Failed to remove the photo.")),
  });
  const move = useMutation({
    mutationFn: (ids: number[]): Promise<ClinicPhotoList> => api.send("PUT", `/clinics/${clinicId}/photos/order`, { ids }),
    onSuccess: async (answer) => {
      queryClient.setQueryData(key, answer.photos);
      toast({ title: "Photo order saved" });
      await refresh();
    },
    onError: (err) => setError(errorMessageOf(err, "Failed to save the photo order.")),
  });
  const list = photos.data ?? [];
  const full = list.length >= CLINIC_PHOTOS.max;
  /** The order with the photo at `index` swapped with its neighbour `by` places away. */
  const moved = (index: number, by: -1 | 1): number[] => {
    const ids = list.map((p) => p.id);
    const other = index + by;
    const a = ids[index];
    const b = ids[other];
    if (a === undefined || b === undefined) return ids;
    ids[index] = b;
    ids[other] = a;
    return ids;
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!file) return setError("Choose a photo (JPEG, PNG, GIF or WebP, at most 5 MB).");
    if (alt.trim() === "") return setError(MSG.photos.altRequired);
    setError(null);
    add.mutate();
  };
  return (
    <Card title="Photos" description={`${list.length} of ${CLINIC_PHOTOS.max}. Shown on your clinic's page in this order.`}>
      {photos.isPending ? (
        <Spinner label="Loading photos..." />
      ) : photos.isError ? (
        <Alert title="Failed to load the photos." />
      ) : (
        <div className="space-y-4">
          {list.length > 0 ? (
            <ul aria-label="Your photos" className="grid grid-cols-2 gap-3 sm:grid-cols-3">
              {list.map((p, i) => (
                <li key={p.id} className="space-y-1">
                  <img
                    src={p.url}
                    alt={p.alt}
                    width={p.width}
                    height={p.height}
                    loading="lazy"
                    className="h-auto w-full rounded-md bg-slate-100 object-cover"
                  />
                  <p className="break-words text-xs text-slate-600">
                    {i + 1}. {p.alt}
                  </p>
                  <div className="flex flex-wrap gap-1">
                    <Button
                      size="sm"
                      variant="outline"
                      disabled={move.isPending || i === 0}
                      onClick={() => move.mutate(moved(i, -1))}
                      aria-label={`Move photo up: ${p.alt}`}
                    >
                      Move up
                    </Button>
                    <Button
                      size="sm"
                      variant="outline"
                      disabled={move.isPending || i === list.length - 1}
                      onClick={() => move.mutate(moved(i, 1))}
                      aria-label={`Move photo down: ${p.alt}`}
                    >
                      Move down
                    </Button>
                    <Button size="sm" variant="outline" disabled={remove.isPending} onClick={() => remove.mutate(p)} aria-label={`Remove photo: ${p.alt}`}>
                      Remove
                    </Button>
                  </div>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-slate-500">No photos yet.</p>
          )}
          {error ? <Alert title={error} /> : null}
          {full ? (
            <p className="text-sm text-slate-700">{MSG.photos.tooMany(CLINIC_PHOTOS.max)}</p>
          ) : (
            <form noValidate onSubmit={onSubmit} aria-label="Add a photo" className="grid gap-3 md:grid-cols-2">
              <label className="block space-y-1 text-sm font-medium text-slate-800">
                <span>Photo</span>
                <input
                  key={inputKey}
                  type="file"
                  accept="image/jpeg,image/png,image/gif,image/webp"
                  className="block w-full text-sm"
                  onChange={(e) => setFile(e.target.files?.[0] ?? null)}
                />
              </label>
              <TextField label="What it shows (alt text)" maxLength={CLINIC_PHOTOS.altMax} value={alt} onValue={setAlt} />
              <div>
                <Button type="submit" disabled={add.isPending}>
                  {add.isPending ? "Uploading..." : "Add photo"}
                </Button>
              </div>
            </form>
          )}
        </div>
      )}
    </Card>
  );
}

const DETAIL_FIELDS = ["name", "phone", "site", "fullAddress", "category", "businessStatus"] as const;
type DetailField = (typeof DETAIL_FIELDS)[number];
type Details = Record<DetailField, string>;

const detailsOf = (c: Clinic): Details => ({
  name: c.name,
  phone: c.phone ?? "",
  site: c.site ?? "",
  fullAddress: c.fullAddress ?? "",
  category: c.category ?? "",
  businessStatus: c.businessStatus,
});

/** Name, phone, website, address, category and status: sent to the team, who check them before they go live. */
export function OwnerDetails({ clinic }: { clinic: Clinic }) {
  const patch = useClinicPatch(clinic.id);
  const [values, setValues] = useState<Details>(() => detailsOf(clinic));
  const [sent, setSent] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const stored = detailsOf(clinic);
  const set = (name: DetailField, value: string) => setValues((v) => ({ ...v, [name]: value }));
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setSent(null);
    const changed = DETAIL_FIELDS.filter((f) => values[f].trim() !== stored[f].trim());
    if (changed.length === 0) return setError("Change a detail first.");
    setError(null);
    const body: PatchBody = {};
    for (const f of changed) {
      const v = values[f].trim();
      if (f === "businessStatus") body.businessStatus = v as BusinessStatus;
      else if (f === "category") body.category = normalizeClinicCategory(v) ?? null;
      else if (f === "name") body.name = v;
      else body[f] = v === "" ? null : v;
    }
    patch.mutate(body, {
      onSuccess: (answer) => {
        const fields = isHeld(answer) ? answer.held : changed;
        setSent(MSG.owner.sentToTeam(fields.map((f) => SUGGESTION_FIELD_LABELS[f]).join(", ")));
      },
      onError: (err) => setError(errorMessageOf(err, "Failed to send the details.")),
    });
  };
  return (
    <Card title="Details the team checks" description="Changes here wait in the team's queue, marked as yours, until they check them.">
      <form noValidate onSubmit={onSubmit} aria-label="Details the team checks" className="grid gap-4 md:grid-cols-2">
        <TextField label="Name" value={values.name} onValue={(v) => set("name", v)} />
        <TextField label="Phone" type="tel" inputMode="tel" value={values.phone} onValue={(v) => set("phone", v)} />
        <TextField label="Website" type="url" inputMode="url" placeholder="https://" value={values.site} onValue={(v) => set("site", v)} />
        <TextField label="Address" value={values.fullAddress} onValue={(v) => set("fullAddress", v)} />
        <SelectField
          label="Category"
          value={values.category}
          options={CATEGORY_CHOICES}
          optionLabel={categoryChoiceLabel}
          onValue={(c) => set("category", c)}
        />
        <SelectField
          label="Business status"
          value={values.businessStatus}
          options={BUSINESS_STATUSES}
          optionLabel={(s) => BUSINESS_STATUS_LABELS[s]}
          onValue={(s) => set("businessStatus", s)}
        />
        <div className="space-y-3 md:col-span-2">
          {sent ? (
            <p role="status" className="rounded-md bg-green-50 px-3 py-2 text-sm text-green-900">
              {sent}
            </p>
          ) : null}
          {error ? <Alert title={error} /> : null}
          <Button type="submit" disabled={patch.isPending}>
            {patch.isPending ? "Sending..." : "Send to the team"}
          </Button>
        </div>
      </form>
    </Card>
  );
}
