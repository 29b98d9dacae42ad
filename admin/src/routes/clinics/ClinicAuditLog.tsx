import { useState } from "react";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { AUDIT_PAGE, auditFieldLabel, auditValueText, errorMessageOf, formatUsDate, type AuditAction, type ClinicAuditEntry } from "@botox/core";
import { keys } from "../../api/queries.ts";
import { useApi } from "../../api/session.tsx";
import { DataTable, type Column } from "../../components/DataTable.tsx";
import { Alert } from "../../components/ui/Alert.tsx";
import { Badge } from "../../components/ui/Badge.tsx";
import { Button } from "../../components/ui/Button.tsx";
import { Card } from "../../components/ui/Card.tsx";
import { Spinner } from "../../components/ui/Spinner.tsx";

const ACTION_LABELS: Record<AuditAction, string> = {
  "clinic.create": "Created the clinic",
  "clinic.update": "Edited the clinic",
  "suggestion.applied": "Applied a visitor's suggested edit",
  "owner-edit.applied": "Applied the owner's held edit",
  "price.create": "Added a price",
  "price.update": "Changed a price",
  "price.delete": "Deleted a price",
  "deal.create": "Added a deal",
  "deal.update": "Changed a deal",
  "deal.delete": "Deleted a deal",
  "staff.create": "Added a staff member",
  "staff.update": "Changed a staff member",
  "staff.delete": "Removed a staff member",
  "claim.verified": "Approved a claim of the listing",
  "claim.rejected": "Refused a claim of the listing",
  "owner.add": "Added an owner",
  "owner.remove": "Removed an owner",
  "photo.create": "Added a photo",
  "photo.update": "Changed a photo",
  "photo.delete": "Removed a photo",
  "photo.reorder": "Put the photos in a new order",
};

/**
 * "11/29/2026 14:05 UTC": the admin's date (product.md §3) and the time, in UTC as stored.
 * @internal Exported for its tests.
 */
export function auditTime(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return "";
  const hh = String(d.getUTCHours()).padStart(2, "0");
  const mm = String(d.getUTCMinutes()).padStart(2, "0");
  return `${formatUsDate(d)} ${hh}:${mm} UTC`;
}

/** What names the changed row: a price's brand and model, a deal's title, a person's name, a claimant's address. */
function subjectText(e: ClinicAuditEntry): string {
  const text = (key: string) => {
    const v = e.subject[key];
    return typeof v === "string" ? v : "";
  };
  const parts: string[] = [];
  if (e.entity === "price") parts.push(auditValueText("brand", e.subject.brand), text("model").replace(/_/g, " "));
  else if (e.entity === "deal") parts.push(text("title"));
  else if (e.entity === "staff") parts.push(text("name"));
  else if (e.entity === "claim") parts.push(`${text("name")} <${text("email")}>`);
  else if (e.entity === "owner") parts.push(text("email"));
  else if (e.entity === "photo") parts.push(text("alt"));
  return parts.filter((p) => p && p !== "—").join(", ");
}

/** One changed field: its label, and the value before → after (only after for a new row, only before for a removed one). */
function FieldChange({ entry, field }: { entry: ClinicAuditEntry; field: string }) {
  const hasBefore = field in entry.before;
  const hasAfter = field in entry.after;
  return (
    <div className="min-w-0 text-left" data-field={field}>
      <dt className="font-medium text-slate-700">{auditFieldLabel(field)}</dt>
      {/* A long address or link wraps anywhere rather than pushing a phone's card sideways. */}
      <dd className="wrap-anywhere whitespace-pre-line text-slate-600">
        {hasBefore ? (
          <span className={hasAfter ? "text-slate-500 line-through decoration-slate-400" : undefined}>{auditValueText(field, entry.before[field])}</span>
        ) : null}
        {hasBefore && hasAfter ? (
          <>
            <span aria-hidden="true"> → </span>
            <span className="sr-only"> changed to </span>
          </>
        ) : null}
        {hasAfter ? <span className="text-slate-900">{auditValueText(field, entry.after[field])}</span> : null}
        {hasBefore && !hasAfter ? <span className="text-slate-500"> (removed)</span> : null}
      </dd>
    </div>
  );
}

const columns: Column<ClinicAuditEntry>[] = [
  { header: "When", label: "When", cell: (e) => <time dateTime={e.at}>{auditTime(e.at)}</time>, cellClassName: "whitespace-nowrap" },
  {
    header: "Who",
    label: "Who",
    cell: (e) => (
      <span className="inline-flex flex-wrap items-center gap-1 break-all">
        {e.actor.email}
        <Badge tone={e.actor.role === "owner" ? "blue" : "slate"}>{e.actor.role === "owner" ? "owner" : "team"}</Badge>
      </span>
    ),
  },
  {
    header: "What",
    label: "What",
    cell: (e) => {
      const subject = subjectText(e);
      return (
        <span>
          {ACTION_LABELS[e.action] ?? e.action}
          {e.suggestionId != null ? ` #${e.suggestionId}` : ""}
          {subject ? <span className="block text-slate-500">{subject}</span> : null}
        </span>
      );
    },
  },
  {
    header: "Changes",
    label: "Changes",
    cell: (e) => (
      <dl className="min-w-0 space-y-1">
        {e.fields.map((f) => (
          <FieldChange key={f} entry={e} field={f} />
        ))}
      </dl>
    ),
  },
];

/**
 * A clinic's audit log (decision 278): who changed what and when, with the values before and
 * after, a page at a time, newest first. The team's clinic screen opens it on demand (its own
 * request); the owner's clinic view shows it at once (`open`).
 */
export function ClinicAuditLog({ clinicId, open: openAtFirst = false }: { clinicId: number; open?: boolean }) {
  const api = useApi();
  const [open, setOpen] = useState(openAtFirst);
  const [page, setPage] = useState(1);
  const log = useQuery({
    queryKey: keys.clinicAudit(clinicId, page),
    queryFn: () => api.get(`/clinics/${clinicId}/audit`, { page: String(page), limit: String(AUDIT_PAGE.limit) }),
    enabled: open,
    placeholderData: keepPreviousData,
  });
  const total = log.data?.totalCount ?? 0;
  const pages = Math.max(1, Math.ceil(total / AUDIT_PAGE.limit));
  return (
    <Card
      title="Audit log"
      description="Every change the listing team and the clinic's owners made to this clinic, its prices, deals, staff and claims: who, when, and the values before and after. Newest first."
    >
      {!open ? (
        <Button variant="outline" onClick={() => setOpen(true)}>
          Show the audit log
        </Button>
      ) : log.isPending ? (
        <Spinner label="Loading the audit log..." />
      ) : log.isError ? (
        <Alert title="Failed to load the audit log.">
          <p>{errorMessageOf(log.error, "Please try again.")}</p>
          <Button size="sm" variant="outline" className="mt-2" onClick={() => void log.refetch()}>
            Retry
          </Button>
        </Alert>
      ) : log.data.entries.length === 0 ? (
        <p className="text-sm text-slate-500">No changes recorded yet.</p>
      ) : (
        <div className="space-y-3">
          <DataTable
            variant="compact"
            cards
            caption="Changes to this clinic, newest first"
            columns={columns}
            rows={log.data.entries}
            rowKey={(e) => e.id}
            busy={log.isFetching}
            rowAttributes={(e) => ({ "data-audit-id": e.id })}
          />
          <nav aria-label="Audit log pages" className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
            <span>
              Page {page} of {pages} ({total} {total === 1 ? "change" : "changes"})
            </span>
            <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
              Previous
            </Button>
            <Button size="sm" variant="outline" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
              Next
            </Button>
            <Button size="sm" variant="outline" disabled={log.isFetching} onClick={() => void log.refetch()}>
              Refresh
            </Button>
          </nav>
        </div>
      )}
    </Card>
  );
}
