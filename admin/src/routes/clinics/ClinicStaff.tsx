import { useState, type FormEvent } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  CREDENTIAL_LABELS,
  LICENSE_STATUSES,
  ROLE_LABELS,
  STAFF_CREDENTIALS,
  STAFF_ROLES,
  errorMessageOf,
  formatPriceDate,
  isValidNpi,
  isoDay,
  type RegistryCheck,
  STAFF_MSG,
  type LicenseStatus,
  type ListedStaffMember,
  type NpiLookup,
  type StaffCredential,
  type StaffRole,
} from "@botox/core";
import { keys } from "../../api/queries.ts";
import { useApi } from "../../api/session.tsx";
import { ConfirmDialog } from "../../components/ConfirmDialog.tsx";
import { DataTable, type Column } from "../../components/DataTable.tsx";
import { SaveErrors, SelectField, TextField } from "../../components/FormFields.tsx";
import { useToast } from "../../components/toast.tsx";
import { useFailureToast } from "../../hooks/use-failure-toast.ts";
import { Alert } from "../../components/ui/Alert.tsx";
import { Badge } from "../../components/ui/Badge.tsx";
import { Button } from "../../components/ui/Button.tsx";
import { Card } from "../../components/ui/Card.tsx";
import { Spinner } from "../../components/ui/Spinner.tsx";
import { fieldIssuesOf, sessionExpired } from "../../lib/errors.ts";

/** The staff editor's own messages. */
const STAFF_FORM_MSG = {
  chooseRole: "Choose the person's role: medical director or injector.",
  secondDirector: (names: readonly string[]) => `This clinic already has a medical director (${names.join(", ")}). Save a second one?`,
} as const;

/** The staff editor's fields, as typed. */
interface StaffForm {
  name: string;
  /** "" until the admin chooses: no role is assumed. */
  role: StaffRole | "";
  credential: StaffCredential;
  npi: string;
  licenseState: string;
  licenseNumber: string;
  licenseStatus: LicenseStatus;
  sourceUrl: string;
  verifiedOn: string;
}

const emptyForm: StaffForm = {
  name: "",
  role: "",
  credential: "NP",
  npi: "",
  licenseState: "",
  licenseNumber: "",
  licenseStatus: "unknown",
  sourceUrl: "",
  verifiedOn: "",
};

const toForm = (s: ListedStaffMember): StaffForm => ({
  name: s.name,
  role: s.role,
  credential: s.credential,
  npi: s.npi ?? "",
  licenseState: s.licenseState ?? "",
  licenseNumber: s.licenseNumber ?? "",
  licenseStatus: s.licenseStatus,
  sourceUrl: s.sourceUrl ?? "",
  verifiedOn: s.verifiedOn ?? "",
});

/** What the registry says, as a new staff member for the admin to confirm: checked today against the registry's page. */
function fromLookup(found: NpiLookup, today: string): StaffForm {
  const primary = found.taxonomies.find((t) => t.primary) ?? found.taxonomies[0];
  return {
    ...emptyForm,
    name: found.name,
    credential: found.credential ?? "other",
    npi: found.npi,
    licenseState: primary?.state ?? "",
    licenseNumber: primary?.license ?? "",
    licenseStatus: found.status,
    sourceUrl: found.sourceUrl,
    verifiedOn: today,
  };
}

const VERIFICATION_LABEL = { current: "Checked", stale: "May be out of date", none: "Not checked" } as const;

/**
 * The toast after a save: the server checks every saved row against the NPI Registry itself,
 * and says why when the row is saved as entered, not checked.
 */
function checkToast(saved: string, check: RegistryCheck | undefined): { title: string; description?: string } {
  if (!check || check.checked) return { title: saved, description: check ? "Checked against the NPI Registry today." : undefined };
  return { title: `${saved}: entered, not checked`, description: check.reasons.join(" ") };
}
const VERIFICATION_TONE = { current: "green", stale: "amber", none: "slate" } as const;

/** Who injects here on a clinic's edit screen: list, add by NPI lookup, edit, delete, verified today. */
export function ClinicStaff({ clinicId, today = isoDay(new Date()) }: { clinicId: number; today?: string }) {
  const api = useApi();
  const toast = useToast();
  const queryClient = useQueryClient();
  const failed = useFailureToast();
  const [editing, setEditing] = useState<{ id: number | null; form: StaffForm } | null>(null);
  const [toDelete, setToDelete] = useState<ListedStaffMember | null>(null);

  const staff = useQuery({
    queryKey: ["clinic-staff", clinicId],
    queryFn: async () => (await api.get(`/clinics/${clinicId}/staff`)).staff,
  });
  const refresh = () =>
    Promise.all([queryClient.invalidateQueries({ queryKey: ["clinic-staff", clinicId] }), queryClient.invalidateQueries({ queryKey: keys.stats })]);

  const verify = useMutation({
    // Saving the row again makes the server look its NPI up and compare (no other field changes).
    mutationFn: (s: ListedStaffMember) => api.send("PATCH", `/staff/${s.id}`, { npi: s.npi }),
    onSuccess: async (res) => {
      toast(
        res.registryCheck?.checked === false
          ? checkToast("Not checked", res.registryCheck)
          : { title: "Licence checked", description: `Checked against the NPI Registry on ${formatPriceDate(today)}.` },
      );
      await refresh();
    },
    onError: failed("Failed to check the licence."),
  });
  const remove = useMutation({
    mutationFn: (s: ListedStaffMember) => api.send("DELETE", `/staff/${s.id}`),
    onSuccess: async () => {
      toast({ title: "Staff member deleted" });
      setToDelete(null);
      await refresh();
    },
    onError: (err) => {
      setToDelete(null);
      failed("Failed to delete the staff member.")(err);
    },
  });

  const columns: Column<ListedStaffMember>[] = [
    {
      header: "Name",
      cell: (s) => (
        <>
          {s.name}
          {s.source === "demo" ? (
            <Badge className="ml-1" tone="slate">
              Demo
            </Badge>
          ) : null}
        </>
      ),
    },
    { header: "Role", cell: (s) => ROLE_LABELS[s.role] },
    { header: "Credential", cell: (s) => s.credential },
    { header: "Licence", cell: (s) => [s.licenseState, s.licenseNumber].filter(Boolean).join(" ") || "—" },
    {
      header: "Checked",
      cell: (s) => (
        <>
          <Badge tone={VERIFICATION_TONE[s.verification]}>
            {s.verification === "none" && s.verifiedVia == null && s.source !== "demo" ? "Entered, not checked" : VERIFICATION_LABEL[s.verification]}
          </Badge>
          {s.verifiedOn ? <span className="block text-xs text-slate-500">{formatPriceDate(s.verifiedOn)}</span> : null}
        </>
      ),
    },
    {
      header: "Actions",
      actions: true,
      cell: (s) => (
        <div className="flex gap-2">
          {/* The server checks by NPI: without one, the editor asks for it. */}
          <Button
            size="sm"
            variant="outline"
            disabled={verify.isPending}
            onClick={() => (s.npi ? verify.mutate(s) : setEditing({ id: s.id, form: toForm(s) }))}
            aria-label={`Check against the NPI Registry: ${s.name}`}
          >
            Check now
          </Button>
          <Button size="sm" variant="outline" onClick={() => setEditing({ id: s.id, form: toForm(s) })} aria-label={`Edit ${s.name}`}>
            Edit
          </Button>
          <Button size="sm" variant="outline" onClick={() => setToDelete(s)} aria-label={`Delete ${s.name}`}>
            Delete
          </Button>
        </div>
      ),
    },
  ];

  const list = staff.data ?? [];
  return (
    <Card
      title="Staff"
      description="Who injects here: the clinic's medical director and injectors. On every save the server looks the NPI up in the NPI Registry; a person counts as checked only when the name, credential, licence number and state match its record, otherwise they are shown as entered by the clinic, not checked. Checks over 365 days old show “may be out of date” and count nowhere."
    >
      {staff.isPending ? (
        <Spinner label="Loading staff..." />
      ) : staff.isError ? (
        <Alert title="Failed to load the staff.">
          <Button size="sm" variant="outline" className="mt-2" onClick={() => void staff.refetch()}>
            Retry
          </Button>
        </Alert>
      ) : (
        <div className="space-y-4">
          {list.length === 0 ? (
            <p className="text-sm text-slate-500">{STAFF_MSG.empty}</p>
          ) : (
            <DataTable
              variant="compact"
              cards
              caption="Staff of this clinic"
              columns={columns}
              rows={list}
              rowKey={(s) => s.id}
              rowAttributes={(s) => ({ "data-staff-id": s.id })}
            />
          )}
          {editing ? (
            <StaffEditor
              key={editing.id ?? "new"}
              clinicId={clinicId}
              staffId={editing.id}
              initial={editing.form}
              today={today}
              otherDirectors={list.filter((m) => m.role === "medical_director" && m.id !== editing.id).map((m) => m.name)}
              onDone={async () => {
                setEditing(null);
                await refresh();
              }}
              onCancel={() => setEditing(null)}
            />
          ) : (
            <div className="space-y-3">
              <NpiLookupForm today={today} onUse={(form) => setEditing({ id: null, form })} />
              <Button variant="outline" onClick={() => setEditing({ id: null, form: emptyForm })}>
                Add without NPI
              </Button>
            </div>
          )}
        </div>
      )}
      <ConfirmDialog
        open={toDelete != null}
        title="Delete staff member?"
        description="The person disappears from the clinic's page at the next site build. This cannot be undone."
        busy={remove.isPending}
        onCancel={() => setToDelete(null)}
        onConfirm={() => toDelete && remove.mutate(toDelete)}
      />
    </Card>
  );
}

/** Add by NPI: the registry's record, shown for the admin to confirm before it fills the editor. */
function NpiLookupForm({ today, onUse }: { today: string; onUse: (form: StaffForm) => void }) {
  const api = useApi();
  const [npi, setNpi] = useState("");
  const [error, setError] = useState<string | null>(null);
  const lookup = useMutation({
    mutationFn: (n: string) => api.get(`/npi/${n}`),
    onError: (err) => {
      if (!sessionExpired(err)) setError(errorMessageOf(err, STAFF_MSG.registryUnreachable));
    },
  });
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const n = npi.trim();
    setError(null);
    lookup.reset();
    if (!isValidNpi(n)) {
      setError(STAFF_MSG.npi);
      return;
    }
    lookup.mutate(n);
  };
  const found = lookup.data;
  return (
    <div className="space-y-3 rounded-md border border-slate-200 p-4">
      <form noValidate onSubmit={onSubmit} aria-label="Look up an NPI" className="flex flex-wrap items-end gap-3">
        <TextField
          label="Add by NPI"
          hint="Looks the number up in the CMS NPI Registry."
          error={error ?? undefined}
          inputMode="numeric"
          value={npi}
          onValue={setNpi}
        />
        <Button type="submit" disabled={lookup.isPending}>
          {lookup.isPending ? "Looking up..." : "Look up"}
        </Button>
      </form>
      {found ? (
        <div className="space-y-2 text-sm" data-npi-result>
          <p>
            <strong>{found.name}</strong>
            {found.credentialText ? `, ${found.credentialText}` : ""} · NPI {found.npi} ·{" "}
            <Badge tone={found.status === "active" ? "green" : "amber"}>{found.status}</Badge>
          </p>
          <ul className="list-disc pl-5 text-slate-700">
            {found.taxonomies.map((t) => (
              <li key={`${t.code}-${t.state ?? ""}-${t.license ?? ""}`}>
                {t.description || t.code}
                {t.state || t.license ? ` — ${[t.state, t.license].filter(Boolean).join(" licence ")}` : ""}
                {t.primary ? " (primary)" : ""}
              </li>
            ))}
          </ul>
          <Button onClick={() => onUse(fromLookup(found, today))}>Use this record</Button>
        </div>
      ) : null}
    </div>
  );
}

/** The write's body; only called once a role is chosen (onSubmit refuses ""). */
const payload = (f: StaffForm & { role: StaffRole }) => ({
  name: f.name,
  role: f.role,
  credential: f.credential,
  npi: f.npi.trim() || null,
  licenseState: f.licenseState.trim() || null,
  licenseNumber: f.licenseNumber.trim() || null,
  licenseStatus: f.licenseStatus,
  sourceUrl: f.sourceUrl.trim() || null,
  verifiedOn: f.verifiedOn || null,
});

/** Add or edit one staff member; the API checks every field and answers with the field's message. */
function StaffEditor({
  clinicId,
  staffId,
  initial,
  today,
  otherDirectors,
  onDone,
  onCancel,
}: {
  clinicId: number;
  staffId: number | null;
  initial: StaffForm;
  today: string;
  /** Names of the clinic's other medical directors: a second one is added only on purpose. */
  otherDirectors: readonly string[];
  onDone: () => Promise<void>;
  onCancel: () => void;
}) {
  const api = useApi();
  const toast = useToast();
  const [values, setValues] = useState<StaffForm>(initial);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [saveError, setSaveError] = useState<string | null>(null);
  const set = <K extends keyof StaffForm>(name: K, value: StaffForm[K]) => {
    setValues((v) => ({ ...v, [name]: value }));
    setServerErrors(({ [name]: _gone, ...rest }) => rest);
  };
  const save = useMutation({
    mutationFn: (body: ReturnType<typeof payload>) =>
      staffId == null ? api.send("POST", `/clinics/${clinicId}/staff`, body) : api.send("PATCH", `/staff/${staffId}`, body),
    onSuccess: async (res) => {
      toast(checkToast(staffId == null ? "Staff member added" : "Staff member updated", res.registryCheck));
      await onDone();
    },
    onError: (err) => {
      if (sessionExpired(err)) return;
      setServerErrors(fieldIssuesOf(err));
      setSaveError(errorMessageOf(err, "Failed to save the staff member."));
    },
  });
  // Shown when a second medical director is about to be saved; the admin confirms or changes the role.
  const [confirmDirector, setConfirmDirector] = useState(false);
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setSaveError(null);
    if (values.role === "") {
      setServerErrors((errors) => ({ ...errors, role: STAFF_FORM_MSG.chooseRole }));
      return;
    }
    if (values.role === "medical_director" && otherDirectors.length > 0 && !confirmDirector) {
      setConfirmDirector(true);
      return;
    }
    setConfirmDirector(false);
    save.mutate(payload({ ...values, role: values.role }));
  };
  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label={staffId == null ? "Add staff member" : "Edit staff member"}
      className="space-y-4 rounded-md border border-slate-200 p-4"
    >
      <h3 className="font-semibold">{staffId == null ? "Add staff member" : "Edit staff member"}</h3>
      {saveError ? <SaveErrors title={saveError} errors={serverErrors} shownAtFields={Object.keys(values)} /> : null}
      {confirmDirector ? (
        <div role="alert" className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900" data-second-director>
          <p>{STAFF_FORM_MSG.secondDirector(otherDirectors)}</p>
          <div className="mt-2 flex flex-wrap gap-2">
            <Button type="submit" size="sm">
              Yes, save a second medical director
            </Button>
            <Button variant="outline" size="sm" onClick={() => setConfirmDirector(false)}>
              Change the role
            </Button>
          </div>
        </div>
      ) : null}
      <div className="grid gap-4 md:grid-cols-3">
        <TextField label="Name" error={serverErrors.name} value={values.name} onValue={(v) => set("name", v)} />
        <SelectField
          label="Role"
          error={serverErrors.role}
          value={values.role}
          placeholder="Choose a role"
          options={STAFF_ROLES}
          optionLabel={(r) => ROLE_LABELS[r]}
          onValue={(r) => {
            set("role", r);
            setConfirmDirector(false);
          }}
        />
        <SelectField
          label="Credential"
          error={serverErrors.credential}
          value={values.credential}
          options={STAFF_CREDENTIALS}
          optionLabel={(c) => CREDENTIAL_LABELS[c]}
          onValue={(c) => set("credential", c)}
        />
        <TextField label="NPI" error={serverErrors.npi} inputMode="numeric" value={values.npi} onValue={(v) => set("npi", v)} />
        <TextField
          label="Licence state"
          hint="Two letters, e.g. TX"
          error={serverErrors.licenseState}
          value={values.licenseState}
          onValue={(v) => set("licenseState", v)}
        />
        <TextField label="Licence number" error={serverErrors.licenseNumber} value={values.licenseNumber} onValue={(v) => set("licenseNumber", v)} />
        <SelectField
          label="Licence status"
          error={serverErrors.licenseStatus}
          value={values.licenseStatus}
          options={LICENSE_STATUSES}
          optionLabel={(s) => s}
          onValue={(s) => set("licenseStatus", s)}
        />
        <TextField
          label="Source URL"
          hint="The state board's or registry's page you checked (https)."
          error={serverErrors.sourceUrl}
          type="url"
          value={values.sourceUrl}
          onValue={(v) => set("sourceUrl", v)}
        />
        <TextField label="Checked on" error={serverErrors.verifiedOn} type="date" max={today} value={values.verifiedOn} onValue={(v) => set("verifiedOn", v)} />
      </div>
      <div className="flex gap-2">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? "Saving..." : "Save"}
        </Button>
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        {values.verifiedOn !== today ? (
          <Button variant="outline" onClick={() => set("verifiedOn", today)}>
            Verified today
          </Button>
        ) : null}
      </div>
    </form>
  );
}
