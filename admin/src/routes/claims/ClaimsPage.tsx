import { useState } from "react";
import { Link } from "react-router-dom";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { CLAIM_CONTEST_DAYS, formatUsDate, formatUtcMinute, type ClaimStatus } from "@botox/core";
import { keys } from "../../api/queries.ts";
import { useApi } from "../../api/session.tsx";
import { useToast } from "../../components/toast.tsx";
import { ReviewActions, ReviewQueue } from "../../components/ReviewQueue.tsx";
import { useFailureToast } from "../../hooks/use-failure-toast.ts";
import { Badge, type BadgeTone } from "../../components/ui/Badge.tsx";
import { ClaimEvidence } from "./ClaimEvidence.tsx";

const FILTERS: readonly { value: ClaimStatus; label: string }[] = [
  { value: "pending-review", label: "Waiting for review" },
  { value: "contested", label: "Contested" },
  { value: "code-sent", label: "Code sent" },
  { value: "verified", label: "Verified" },
  { value: "rejected", label: "Rejected" },
];

const OPEN: readonly ClaimStatus[] = ["pending-review", "contested", "code-sent"];

const statusTone = (status: ClaimStatus): BadgeTone => (status === "verified" ? "green" : status === "rejected" ? "red" : "amber");

/**
 * Claims of listings that no code proved: the claimant beside the clinic's current data.
 * Approving makes the claimant an owner of the clinic, or on a clinic that has owners opens
 * their time to object (decision 284); an owner's objection is shown here. Either decision is
 * mailed to the claimant.
 */
export default function ClaimsPage() {
  const api = useApi();
  const toast = useToast();
  const queryClient = useQueryClient();
  const failed = useFailureToast();
  const [filter, setFilter] = useState<ClaimStatus>("pending-review");
  const [rejecting, setRejecting] = useState<number | null>(null);

  const claims = useQuery({ queryKey: [...keys.claims, filter], queryFn: () => api.get("/claims", { status: filter }) });

  const decide = useMutation({
    mutationFn: ({ id, status, reason }: { id: number; status: "verified" | "rejected"; reason?: string }) =>
      api.send("PATCH", `/claims/${id}`, { status, ...(reason ? { reason } : {}) }),
    onSuccess: async (saved, { status }) => {
      toast(
        saved.claim.status === "contested"
          ? {
              title: "Claim verified",
              description: `The clinic's owners were emailed and have ${CLAIM_CONTEST_DAYS} days to object; with no objection the claimant becomes a co-owner.`,
            }
          : status === "verified"
            ? { title: "Claim approved", description: "The claimant manages the listing now and was emailed." }
            : { title: "Claim rejected" },
      );
      setRejecting(null);
      await queryClient.invalidateQueries({ queryKey: keys.claims });
    },
    onError: async (err) => {
      failed("Failed to decide the claim.")(err);
      await queryClient.invalidateQueries({ queryKey: keys.claims });
    },
  });

  return (
    <ReviewQueue
      title="Claims"
      intro="People who asked to manage a clinic's listing without an address on the clinic's own domain. Check them against the clinic before approving."
      filter={{ label: "Claim filter", value: filter, options: FILTERS, onChange: setFilter }}
      noun="claims"
      query={claims}
      items={claims.data?.claims ?? []}
      empty="No claims."
      listLabel="Claims"
      listClassName="space-y-4"
      renderItem={(k) => (
        <li className="space-y-3 rounded-lg border border-slate-200 bg-white p-4" data-claim-id={k.id}>
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <Link to={`/clinics/${k.clinicId}`} className="font-medium text-brand-700 hover:underline">
              {k.clinic.name}
            </Link>
            <span className="flex items-center gap-2 text-xs text-slate-500">
              sent {formatUsDate(k.createdAt)}
              <Badge tone={statusTone(k.status)}>{k.status}</Badge>
            </span>
          </div>
          <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-2">
            <div>
              <dt className="font-medium text-slate-500">Claimant</dt>
              <dd>
                {k.name}, {k.role}
              </dd>
              <dd className="break-all">{k.email}</dd>
            </div>
            <div>
              <dt className="font-medium text-slate-500">The clinic now</dt>
              <dd className="break-all">{k.clinic.site ?? "No website"}</dd>
              <dd>{k.clinic.phone ?? "No phone"}</dd>
              <dd>{k.clinic.fullAddress ?? `${k.clinic.city}, ${k.clinic.state}`}</dd>
              <dd>{k.clinic.owners === 0 ? "No owner yet" : `${k.clinic.owners} owner${k.clinic.owners === 1 ? "" : "s"} already`}</dd>
            </div>
          </dl>
          <ClaimEvidence claim={k} />
          {k.reason ? <p className="text-sm text-slate-600">Reason: {k.reason}</p> : null}
          {k.status === "contested" && k.contestEndsAt ? (
            <p className="text-sm text-slate-600">The owners may object until {formatUtcMinute(k.contestEndsAt)}; then the claimant becomes a co-owner.</p>
          ) : null}
          {k.objection ? (
            <div className="rounded-md border border-amber-200 bg-amber-50 p-3 text-sm" data-objection>
              <p className="font-medium text-amber-900">
                Objection by {k.objection.by ?? "a former owner"} on {formatUtcMinute(k.objection.at)}
              </p>
              <p className="mt-1 whitespace-pre-line text-amber-900">{k.objection.reason}</p>
            </div>
          ) : null}
          {OPEN.includes(k.status) ? (
            <ReviewActions
              approveLabel="Approve"
              onApprove={() => decide.mutate({ id: k.id, status: "verified" })}
              rejectLabel="Reject claim"
              formLabel={`Reject claim ${k.id}`}
              reasonHint="Mailed to the claimant; at most 500 characters."
              onReject={(reason) => decide.mutate({ id: k.id, status: "rejected", reason })}
              rejecting={rejecting === k.id}
              onRejecting={(open) => setRejecting(open ? k.id : null)}
              busy={decide.isPending}
            />
          ) : null}
        </li>
      )}
    />
  );
}
