import { useState } from "react";
import { Link } from "react-router-dom";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { CLAIM_CONTEST_DAYS, errorMessageOf, formatUsDate, formatUtcMinute, type Claim, type ClaimStatus } from "@botox/core";
import { keys } from "../../api/queries.ts";
import { useApi } from "../../api/session.tsx";
import { useToast } from "../../components/toast.tsx";
import { useFailureToast } from "../../hooks/use-failure-toast.ts";
import { Alert } from "../../components/ui/Alert.tsx";
import { Badge, type BadgeTone } from "../../components/ui/Badge.tsx";
import { Button } from "../../components/ui/Button.tsx";
import { Field } from "../../components/ui/Field.tsx";
import { Spinner } from "../../components/ui/Spinner.tsx";
import { Tab, TabList, Tabs } from "../../components/ui/Tabs.tsx";
import { Textarea } from "../../components/ui/Textarea.tsx";
import { ClaimEvidence } from "./ClaimEvidence.tsx";

const FILTERS: { value: ClaimStatus; label: string }[] = [
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
  const [reason, setReason] = useState("");

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
      setReason("");
      await queryClient.invalidateQueries({ queryKey: keys.claims });
    },
    onError: async (err) => {
      failed("Failed to decide the claim.")(err);
      await queryClient.invalidateQueries({ queryKey: keys.claims });
    },
  });

  const list: Claim[] = claims.data?.claims ?? [];
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold">Claims</h1>
      <p className="text-sm text-slate-600">
        People who asked to manage a clinic&apos;s listing without an address on the clinic&apos;s own domain. Check them against the clinic before approving.
      </p>
      <Tabs value={filter} onChange={(v) => setFilter(v as ClaimStatus)}>
        <TabList label="Claim filter">
          {FILTERS.map((f) => (
            <Tab key={f.value} value={f.value}>
              {f.label}
            </Tab>
          ))}
        </TabList>
      </Tabs>
      {claims.isPending ? (
        <Spinner label="Loading claims..." />
      ) : claims.isError ? (
        <Alert title="Failed to load claims.">
          <p>{errorMessageOf(claims.error, "Please try again.")}</p>
          <Button size="sm" variant="outline" className="mt-2" onClick={() => void claims.refetch()}>
            Retry
          </Button>
        </Alert>
      ) : list.length === 0 ? (
        <p className="py-10 text-center text-sm text-slate-500">No claims.</p>
      ) : (
        <ul aria-label="Claims" className="space-y-4">
          {list.map((k) => (
            <li key={k.id} className="space-y-3 rounded-lg border border-slate-200 bg-white p-4" data-claim-id={k.id}>
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
                rejecting === k.id ? (
                  <form
                    className="space-y-2"
                    aria-label={`Reject claim ${k.id}`}
                    onSubmit={(e) => {
                      e.preventDefault();
                      decide.mutate({ id: k.id, status: "rejected", reason: reason.trim() || undefined });
                    }}
                  >
                    <Field label="Reason for rejecting" hint="Mailed to the claimant; at most 500 characters.">
                      {(p) => <Textarea {...p} rows={2} maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} />}
                    </Field>
                    <div className="flex gap-2">
                      <Button type="submit" size="sm" variant="destructive" disabled={decide.isPending}>
                        Reject claim
                      </Button>
                      <Button size="sm" variant="outline" onClick={() => setRejecting(null)}>
                        Cancel
                      </Button>
                    </div>
                  </form>
                ) : (
                  <div className="flex gap-2">
                    <Button size="sm" disabled={decide.isPending} onClick={() => decide.mutate({ id: k.id, status: "verified" })}>
                      Approve
                    </Button>
                    <Button
                      size="sm"
                      variant="outline"
                      onClick={() => {
                        setRejecting(k.id);
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
      )}
    </div>
  );
}
