import { useState } from "react";
import { Link } from "react-router-dom";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  AREA_LABELS,
  BRAND_LABELS,
  PRICE_STATUS_LABELS,
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
import { ReviewActions, ReviewQueue } from "../../components/ReviewQueue.tsx";
import { useFailureToast } from "../../hooks/use-failure-toast.ts";
import { priceStatusTone } from "../../lib/status-tone.ts";
import { Badge } from "../../components/ui/Badge.tsx";
import { Button } from "../../components/ui/Button.tsx";
import { useUndoableDecisions, UNDO_MS, type Decision } from "./use-undoable-decisions.ts";

type Filter = "pending" | "published" | "rejected" | "all";
const FILTERS: readonly { value: Filter; label: string }[] = [
  { value: "pending", label: PRICE_STATUS_LABELS.pending },
  { value: "published", label: PRICE_STATUS_LABELS.published },
  { value: "rejected", label: PRICE_STATUS_LABELS.rejected },
  { value: "all", label: "All" },
];
const LIMIT = 50;

/**
 * What the visitor paid, with the unit price it implies when they gave units.
 * @internal Exported for its tests.
 */
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

  return (
    <ReviewQueue
      title="Price Reports"
      intro="What visitors say they paid. Nothing is shown on the site until it is published here; a published report becomes a price “reported by a visitor”."
      filter={{ label: "Report filter", value: filter, options: FILTERS, onChange: setFilter }}
      noun="price reports"
      query={reports}
      items={reports.data?.reports ?? []}
      empty={filter === "pending" ? "No reports waiting for review." : "No reports."}
      listLabel="Price reports"
      listClassName="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white"
      paging={{ total: reports.data?.total ?? 0 }}
      renderItem={(r) => (
        <li className="space-y-2 p-4" data-report-id={r.id}>
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
            <ReviewActions
              approveLabel="Publish"
              onApprove={() => decide({ id: r.id, status: "published" })}
              rejectLabel="Reject report"
              formLabel={`Reject report ${r.id}`}
              reasonHint="Kept with the report; at most 500 characters."
              onReject={(reason) => {
                decide({ id: r.id, status: "rejected", reason });
                setRejecting(null);
              }}
              rejecting={rejecting === r.id}
              onRejecting={(open) => setRejecting(open ? r.id : null)}
            />
          ) : null}
        </li>
      )}
    />
  );
}
