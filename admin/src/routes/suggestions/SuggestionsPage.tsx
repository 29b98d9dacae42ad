import { useState } from "react";
import { Link } from "react-router-dom";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  SUGGESTION_FIELDS,
  SUGGESTION_FIELD_LABELS,
  SUGGESTION_PAGE,
  auditValueText,
  formatUsDate,
  type Suggestion,
  type SuggestionField,
  type SuggestionValues,
} from "@botox/core";
import { keys } from "../../api/queries.ts";
import { useApi } from "../../api/session.tsx";
import { useToast } from "../../components/toast.tsx";
import { ConfirmDialog } from "../../components/ConfirmDialog.tsx";
import { ReviewActions, ReviewQueue } from "../../components/ReviewQueue.tsx";
import { useFailureToast } from "../../hooks/use-failure-toast.ts";
import { Badge, type BadgeTone } from "../../components/ui/Badge.tsx";
import { Button } from "../../components/ui/Button.tsx";

type Filter = "pending" | "applied" | "rejected" | "all";
const FILTERS: readonly { value: Filter; label: string }[] = [
  { value: "pending", label: "Pending" },
  { value: "applied", label: "Applied" },
  { value: "rejected", label: "Rejected" },
  { value: "all", label: "All" },
];

/**
 * A suggested or current value as text: hours as "Day: hours" lines, a status by its label, none as "—".
 * @internal Exported for its tests.
 */
export const valueText = (field: SuggestionField, values: SuggestionValues): string => auditValueText(field, values[field]);

const suggestedFields = (s: Suggestion) => SUGGESTION_FIELDS.filter((f) => f in s.changes);

const statusTone = (status: Suggestion["status"]): BadgeTone => (status === "applied" ? "green" : status === "rejected" ? "red" : "amber");

/**
 * Visitors' suggested edits of listings, current and suggested values side by
 * side: apply (the clinic is saved with them, marked as checked today, and the site is
 * rebuilt) or reject with a reason.
 */
const PAGE_SIZE = SUGGESTION_PAGE.limit;

export default function SuggestionsPage() {
  const api = useApi();
  const toast = useToast();
  const queryClient = useQueryClient();
  const failed = useFailureToast();
  const [filter, setFilter] = useState<Filter>("pending");
  // One clinic's suggestions only (chosen from a suggestion's "Only this clinic"), and the page.
  const [clinic, setClinic] = useState<{ id: number; name: string } | null>(null);
  const [page, setPage] = useState(1);
  const [rejecting, setRejecting] = useState<number | null>(null);
  // A suggestion that closes a clinic for good takes it out of every listing: applied only on purpose.
  const [closing, setClosing] = useState<Suggestion | null>(null);

  const suggestions = useQuery({
    queryKey: [...keys.suggestions, filter, clinic?.id ?? null, page],
    queryFn: () =>
      api.get("/suggestions", { status: filter, page: String(page), limit: String(PAGE_SIZE), ...(clinic ? { clinicId: String(clinic.id) } : {}) }),
  });

  const decide = useMutation({
    mutationFn: ({ id, status, reason }: { id: number; status: "applied" | "rejected"; reason?: string }) =>
      api.send("PATCH", `/suggestions/${id}`, { status, ...(reason ? { reason } : {}) }),
    onSuccess: async (_saved, { status }) => {
      toast(
        status === "applied"
          ? { title: "Suggestion applied", description: "The clinic is updated and marked as checked today; the site rebuilds shortly." }
          : { title: "Suggestion rejected" },
      );
      setRejecting(null);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: keys.suggestions }),
        queryClient.invalidateQueries({ queryKey: keys.stats }),
        queryClient.invalidateQueries({ queryKey: keys.clinics }),
      ]);
    },
    onError: async (err) => {
      failed("Failed to decide the suggestion.")(err);
      // A suggestion that fails the clinic rules stays pending with the reason: show it.
      await queryClient.invalidateQueries({ queryKey: keys.suggestions });
    },
  });

  const list = suggestions.data?.suggestions ?? [];
  return (
    <ReviewQueue
      title="Suggested Edits"
      intro="Corrections visitors sent from clinic pages. Nothing changes on the site until a suggestion is applied here."
      filter={{
        label: "Suggestion filter",
        value: filter,
        options: FILTERS,
        onChange: (v) => {
          setFilter(v);
          setPage(1);
        },
      }}
      noun="suggestions"
      query={suggestions}
      items={list}
      empty={filter === "pending" ? "No suggestions waiting for review." : "No suggestions."}
      listLabel="Suggestions"
      listClassName="space-y-4"
      paging={{ label: "Suggestion pages", page, pageSize: PAGE_SIZE, total: suggestions.data?.total ?? 0, onPage: setPage }}
      scope={
        clinic ? (
          <p className="flex items-center gap-2 text-sm text-slate-600">
            Only {clinic.name}
            <Button
              size="sm"
              variant="outline"
              onClick={() => {
                setClinic(null);
                setPage(1);
              }}
            >
              Show every clinic
            </Button>
          </p>
        ) : null
      }
      renderItem={(s) => (
        <li className="space-y-3 rounded-lg border border-slate-200 bg-white p-4" data-suggestion-id={s.id}>
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <span className="flex items-baseline gap-2">
              <Link to={`/clinics/${s.clinicId}`} className="font-medium text-brand-700 hover:underline">
                {s.clinicName}
              </Link>
              {clinic ? null : (
                <Button
                  size="sm"
                  variant="outline"
                  aria-label={`Only ${s.clinicName}`}
                  onClick={() => {
                    setClinic({ id: s.clinicId, name: s.clinicName });
                    setPage(1);
                  }}
                >
                  Only this clinic
                </Button>
              )}
            </span>
            <span className="flex items-center gap-2 text-xs text-slate-500">
              {/* An owner's held edit is the clinic's word on itself, not a visitor's: the team sees which it decides. */}
              {s.fromOwner ? <Badge tone="blue">From the owner</Badge> : null}
              sent {formatUsDate(s.createdAt)}
              <Badge tone={statusTone(s.status)}>{s.status}</Badge>
            </span>
          </div>
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Current and suggested values for {s.clinicName}</caption>
            <thead>
              <tr className="text-slate-500">
                <th scope="col" className="w-28 py-1 font-medium">
                  Field
                </th>
                <th scope="col" className="py-1 font-medium">
                  Current
                </th>
                <th scope="col" className="py-1 font-medium">
                  Suggested
                </th>
              </tr>
            </thead>
            <tbody>
              {suggestedFields(s).map((f) => (
                <tr key={f} className="border-t border-slate-100 align-top">
                  <th scope="row" className="py-1 font-medium">
                    {SUGGESTION_FIELD_LABELS[f]}
                  </th>
                  <td className="whitespace-pre-line py-1 text-slate-600" data-current={f}>
                    {valueText(f, s.current)}
                  </td>
                  <td className="whitespace-pre-line py-1 font-medium text-slate-900" data-suggested={f}>
                    {valueText(f, s.changes)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {/* An owner's edit carries "From the owner (address)" as its note. */}
          {s.note ? <p className="text-sm text-slate-700">{s.fromOwner ? s.note : `Note from the visitor: ${s.note}`}</p> : null}
          {s.reason ? <p className="text-sm text-slate-600">Reason: {s.reason}</p> : null}
          {s.status === "pending" ? (
            <ReviewActions
              approveLabel="Apply"
              onApprove={() => (s.changes.businessStatus === "PERMANENTLY_CLOSED" ? setClosing(s) : decide.mutate({ id: s.id, status: "applied" }))}
              rejectLabel="Reject suggestion"
              formLabel={`Reject suggestion ${s.id}`}
              reasonHint="Kept with the suggestion; at most 500 characters."
              onReject={(reason) => decide.mutate({ id: s.id, status: "rejected", reason })}
              rejecting={rejecting === s.id}
              onRejecting={(open) => setRejecting(open ? s.id : null)}
              busy={decide.isPending}
            />
          ) : null}
        </li>
      )}
    >
      <ConfirmDialog
        open={closing != null}
        title="Mark this clinic permanently closed?"
        description={`${closing?.clinicName ?? "The clinic"} leaves every listing and the sitemap; its page stays, pointing to open clinics nearby.`}
        confirmLabel="Mark permanently closed"
        busy={decide.isPending}
        onConfirm={() => {
          if (closing) decide.mutate({ id: closing.id, status: "applied" });
          setClosing(null);
        }}
        onCancel={() => setClosing(null)}
      />
    </ReviewQueue>
  );
}
