import { useState } from "react";
import { Link } from "react-router-dom";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  AREA_LABELS,
  BRAND_LABELS,
  PRICE_STATUS_LABELS,
  errorMessageOf,
  formatCents,
  formatPriceMonth,
  formatUnitPrice,
  formatUsDate,
  type ListedPriceReport,
  type PriceReport,
} from "@botox/core";
import { keys } from "../../api/queries.ts";
import { useApi } from "../../api/session.tsx";
import { useToast } from "../../components/toast.tsx";
import { useFailureToast } from "../../hooks/use-failure-toast.ts";
import { priceStatusTone } from "../../lib/status-tone.ts";
import { Alert } from "../../components/ui/Alert.tsx";
import { Badge } from "../../components/ui/Badge.tsx";
import { Button } from "../../components/ui/Button.tsx";
import { Field } from "../../components/ui/Field.tsx";
import { Spinner } from "../../components/ui/Spinner.tsx";
import { Tab, TabList, Tabs } from "../../components/ui/Tabs.tsx";
import { Textarea } from "../../components/ui/Textarea.tsx";
import { useUndoableDecisions, UNDO_MS, type Decision } from "./use-undoable-decisions.ts";

type Filter = "pending" | "published" | "rejected" | "all";
const LIMIT = 50;

/** What the visitor paid, with the unit price it implies when they gave units. */
export function reportSummary(r: PriceReport): string {
  const what = `${BRAND_LABELS[r.brand]}${r.area ? `, ${AREA_LABELS[r.area]}` : ""}`;
  const units = r.units != null ? ` for ${r.units} units (${formatUnitPrice(Math.round(r.totalCents / r.units))})` : "";
  return `${what}: ${formatCents(r.totalCents)}${units}, treated ${formatPriceMonth(r.treatedMonth)}`;
}

/** Where the report is from and how it compares: city, the clinic's current price, the local median, the outlier flag. */
function ReportContext({ report }: { report: ListedPriceReport }) {
  const c = report.context;
  if (!c) return null;
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-700" data-report-context>
      <span data-report-city>
        {c.city}, {c.state}
      </span>
      <span>Current price: {c.currentUnitCents != null ? formatUnitPrice(c.currentUnitCents) : "none"}</span>
      <span>
        Local median:{" "}
        {c.localMedianCents != null
          ? `${formatUnitPrice(Math.round(c.localMedianCents))} (${c.localClinics} clinics)`
          : `not enough prices (${c.localClinics} clinics)`}
      </span>
      {c.outlier ? (
        <span data-outlier>
          <Badge tone="amber" className="font-semibold">
            Outlier: {c.outlier}
          </Badge>
        </span>
      ) : null}
    </div>
  );
}

/** Visitors' price reports: publish (it becomes a "reported by a visitor" price) or reject with a reason, each undoable for a few seconds. */
export default function PriceReportsPage() {
  const api = useApi();
  const toast = useToast();
  const queryClient = useQueryClient();
  const failed = useFailureToast();
  const [filter, setFilter] = useState<Filter>("pending");
  const [rejecting, setRejecting] = useState<number | null>(null);
  const [reason, setReason] = useState("");

  const reports = useQuery({
    queryKey: [...keys.priceReports, filter],
    queryFn: () => api.get("/price-reports", { status: filter, page: 1, limit: LIMIT }),
  });

  const review = useMutation({
    mutationFn: ({ id, status, reason }: Decision) => api.send("PATCH", `/price-reports/${id}`, { status, ...(reason ? { reason } : {}) }),
    onSuccess: async (_saved, { status }) => {
      toast(
        status === "published"
          ? { title: "Report published", description: "It shows on the clinic's page after the next site build." }
          : { title: "Report rejected" },
      );
      setRejecting(null);
      setReason("");
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: keys.priceReports }),
        queryClient.invalidateQueries({ queryKey: keys.stats }),
        queryClient.invalidateQueries({ queryKey: ["clinic-prices"] }),
      ]);
    },
    onError: failed("Failed to review the report."),
  });

  // A decision waits UNDO_MS with an Undo before it is sent.
  const { held, decide, undo } = useUndoableDecisions((d) => review.mutate(d));

  const list = reports.data?.reports ?? [];
  const total = reports.data?.total ?? 0;
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold">Price Reports</h1>
      <p className="text-sm text-slate-600">
        What visitors say they paid. Nothing is shown on the site until it is published here; a published report becomes a price “reported by a visitor”.
      </p>
      <Tabs value={filter} onChange={(v) => setFilter(v as Filter)}>
        <TabList label="Report filter">
          <Tab value="pending">{PRICE_STATUS_LABELS.pending}</Tab>
          <Tab value="published">{PRICE_STATUS_LABELS.published}</Tab>
          <Tab value="rejected">{PRICE_STATUS_LABELS.rejected}</Tab>
          <Tab value="all">All</Tab>
        </TabList>
      </Tabs>
      {reports.isPending ? (
        <Spinner label="Loading price reports..." />
      ) : reports.isError ? (
        <Alert title="Failed to load price reports.">
          <p>{errorMessageOf(reports.error, "Please try again.")}</p>
          <Button size="sm" variant="outline" className="mt-2" onClick={() => void reports.refetch()}>
            Retry
          </Button>
        </Alert>
      ) : list.length === 0 ? (
        <p className="py-10 text-center text-sm text-slate-500">{filter === "pending" ? "No reports waiting for review." : "No reports."}</p>
      ) : (
        <>
          {total > list.length ? (
            <p className="text-sm text-slate-500">
              Showing the first {list.length} of {total}.
            </p>
          ) : null}
          <ul aria-label="Price reports" className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white">
            {list.map((r) => (
              <li key={r.id} className="space-y-2 p-4" data-report-id={r.id}>
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <p>
                    <Link to={`/clinics/${r.clinicId}`} className="font-medium text-brand-700 hover:underline">
                      {r.clinicName}
                    </Link>
                    <span className="block text-sm text-slate-700">{reportSummary(r)}</span>
                  </p>
                  <span className="flex items-center gap-2 text-xs text-slate-500">
                    sent {formatUsDate(r.createdAt)}
                    <Badge tone={priceStatusTone(r.status)}>{r.status}</Badge>
                  </span>
                </div>
                <ReportContext report={r} />
                {r.reason ? <p className="text-sm text-slate-600">Reason: {r.reason}</p> : null}
                {held.has(r.id) ? (
                  <div role="status" className="flex flex-wrap items-center gap-3 rounded-md bg-slate-50 px-3 py-2 text-sm" data-held-decision>
                    <span>
                      {held.get(r.id)?.status === "published" ? "Publishing" : "Rejecting"} this report in {Math.round(UNDO_MS / 1000)} seconds.
                    </span>
                    <Button size="sm" variant="outline" onClick={() => undo(r.id)}>
                      Undo
                    </Button>
                  </div>
                ) : r.status === "pending" ? (
                  rejecting === r.id ? (
                    <form
                      className="space-y-2"
                      aria-label={`Reject report ${r.id}`}
                      onSubmit={(e) => {
                        e.preventDefault();
                        decide({ id: r.id, status: "rejected", reason: reason.trim() || undefined });
                        setRejecting(null);
                      }}
                    >
                      <Field label="Reason for rejecting" hint="Kept with the report; at most 500 characters.">
                        {(p) => <Textarea {...p} rows={2} maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} />}
                      </Field>
                      <div className="flex gap-2">
                        <Button type="submit" size="sm" variant="destructive">
                          Reject report
                        </Button>
                        <Button size="sm" variant="outline" onClick={() => setRejecting(null)}>
                          Cancel
                        </Button>
                      </div>
                    </form>
                  ) : (
                    <div className="flex gap-2">
                      <Button size="sm" onClick={() => decide({ id: r.id, status: "published" })}>
                        Publish
                      </Button>
                      <Button
                        size="sm"
                        variant="outline"
                        onClick={() => {
                          setRejecting(r.id);
                          setReason("");
                        }}
                      >
                        Reject
                      </Button>
                    </div>
                  )
                ) : null}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
