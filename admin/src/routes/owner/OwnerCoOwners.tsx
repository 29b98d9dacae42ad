import { useEffect, useState, type FormEvent } from "react";
import { useLocation, useNavigate } from "react-router-dom";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { MSG, OWNER_INVITE_DAYS, errorMessageOf, formatUtcMinute, type ClinicOwnersResponse } from "@botox/core";
import { keys } from "../../api/queries.ts";
import { useApi } from "../../api/session.tsx";
import { useToast } from "../../components/toast.tsx";
import { Alert } from "../../components/ui/Alert.tsx";
import { Button } from "../../components/ui/Button.tsx";
import { Field } from "../../components/ui/Field.tsx";
import { Input } from "../../components/ui/Input.tsx";
import { Spinner } from "../../components/ui/Spinner.tsx";
import { Textarea } from "../../components/ui/Textarea.tsx";

type Owner = ClinicOwnersResponse["owners"][number];

/**
 * The owner's "Owners" section (decisions 284, 285): who manages the listing, open invitations,
 * an invitation form, removing a co-owner or leaving (never as the last owner), and the claims of
 * the listing the owners may still object to (the contest mail links here, `#claim-{id}`).
 */
export function OwnerCoOwners({ clinicId }: { clinicId: number }) {
  const api = useApi();
  const toast = useToast();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const key = keys.clinicOwners(clinicId);
  const data = useQuery({ queryKey: key, queryFn: () => api.get(`/owner/clinics/${clinicId}/owners`) });
  const [email, setEmail] = useState("");
  const [removing, setRemoving] = useState<number | null>(null);
  const [objecting, setObjecting] = useState<number | null>(null);
  const [reason, setReason] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: key });
  const { hash } = useLocation();
  // The contest mail links to its claim (#claim-{id}): shown once loaded, so brought into view then.
  useEffect(() => {
    if (data.data && /^#claim-\d+$/.test(hash)) document.getElementById(hash.slice(1))?.scrollIntoView({ block: "center" });
  }, [data.data, hash]);

  const invite = useMutation({
    mutationFn: (to: string) => api.send("POST", `/owner/clinics/${clinicId}/invites`, { email: to }),
    onSuccess: async ({ invite: sent }) => {
      toast({ title: MSG.coOwners.invited(sent.email) });
      setEmail("");
      setProblem(null);
      await refresh();
    },
    onError: (err) => setProblem(errorMessageOf(err, MSG.owner.emailRequired)),
  });

  const remove = useMutation({
    mutationFn: (owner: Owner) => api.send("DELETE", `/owner/clinics/${clinicId}/owners/${owner.id}`),
    onSuccess: async (_done, owner) => {
      setRemoving(null);
      setProblem(null);
      if (owner.you) {
        toast({ title: "You left the listing" });
        await navigate("/owner", { replace: true });
        return;
      }
      toast({ title: `${owner.email} no longer manages the listing` });
      await refresh();
    },
    onError: (err) => {
      setRemoving(null);
      setProblem(errorMessageOf(err, "Failed to remove the owner."));
    },
  });

  const object = useMutation({
    mutationFn: ({ id, why }: { id: number; why: string }) => api.send("POST", `/claims/${id}/objections`, { reason: why }),
    onSuccess: async () => {
      toast({ title: "Objection sent", description: "The listing team will decide the claim and email the claimant." });
      setObjecting(null);
      setReason("");
      setProblem(null);
      await refresh();
    },
    onError: (err) => setProblem(errorMessageOf(err, MSG.claim.objectionRequired)),
  });

  const onInvite = (e: FormEvent) => {
    e.preventDefault();
    invite.mutate(email);
  };

  return (
    <section aria-labelledby="owners-heading" className="space-y-4 rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="owners-heading" className="text-lg font-semibold">
        Owners
      </h2>
      {problem ? <Alert title={problem} /> : null}
      {data.isPending ? (
        <Spinner label="Loading owners..." />
      ) : data.isError ? (
        <Alert title={errorMessageOf(data.error, "Failed to load the owners.")} />
      ) : (
        <>
          {data.data.claims.length > 0 ? (
            <ul aria-label="Claims of this listing" className="space-y-3">
              {data.data.claims.map((k) => (
                <li key={k.id} id={`claim-${k.id}`} className="space-y-2 rounded-md border border-amber-200 bg-amber-50 p-3 text-sm">
                  <p className="break-words text-amber-900">
                    <strong>{k.name}</strong> ({k.role}, <span className="break-all">{k.email}</span>) claims this listing. They will manage it with you from{" "}
                    {formatUtcMinute(k.contestEndsAt)} unless an owner objects.
                  </p>
                  {objecting === k.id ? (
                    <form
                      className="space-y-2"
                      aria-label={`Object to the claim of ${k.name}`}
                      onSubmit={(e) => {
                        e.preventDefault();
                        object.mutate({ id: k.id, why: reason });
                      }}
                    >
                      <Field label="Why do you object?" hint="The listing team reads this; at most 1,000 characters.">
                        {(p) => <Textarea {...p} rows={3} maxLength={1000} value={reason} onChange={(e) => setReason(e.target.value)} />}
                      </Field>
                      <div className="flex flex-wrap gap-2">
                        <Button type="submit" size="sm" variant="destructive" disabled={object.isPending}>
                          Send objection
                        </Button>
                        <Button size="sm" variant="outline" onClick={() => setObjecting(null)}>
                          Cancel
                        </Button>
                      </div>
                    </form>
                  ) : (
                    <Button
                      size="sm"
                      variant="outline"
                      onClick={() => {
                        setObjecting(k.id);
                        setReason("");
                      }}
                    >
                      Object
                    </Button>
                  )}
                </li>
              ))}
            </ul>
          ) : null}
          <ul aria-label="Owners of this listing" className="divide-y divide-slate-100">
            {data.data.owners.map((o) => (
              <li key={o.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
                <span className="min-w-0 break-all">
                  {o.email}
                  {o.you ? <span className="ml-1 text-slate-500">(you)</span> : null}
                </span>
                {removing === o.id ? (
                  <span className="flex flex-wrap gap-2">
                    <Button size="sm" variant="destructive" disabled={remove.isPending} onClick={() => remove.mutate(o)}>
                      {o.you ? "Yes, leave" : "Yes, remove"}
                    </Button>
                    <Button size="sm" variant="outline" onClick={() => setRemoving(null)}>
                      Cancel
                    </Button>
                  </span>
                ) : (
                  <Button size="sm" variant="outline" aria-label={o.you ? "Leave the listing" : `Remove ${o.email}`} onClick={() => setRemoving(o.id)}>
                    {o.you ? "Leave" : "Remove"}
                  </Button>
                )}
              </li>
            ))}
          </ul>
          {data.data.invites.length > 0 ? (
            <div className="space-y-1 text-sm">
              <h3 className="font-medium text-slate-700">Invited</h3>
              <ul aria-label="Open invitations" className="space-y-1">
                {data.data.invites.map((i) => (
                  <li key={i.id} className="break-all text-slate-600">
                    {i.email} <span className="text-slate-500">(until {formatUtcMinute(i.expiresAt)})</span>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          <form onSubmit={onInvite} className="space-y-2" noValidate aria-label="Invitation">
            <Field label="Co-owner's email" hint={`We email them a link valid for ${OWNER_INVITE_DAYS} days.`}>
              {(p) => <Input {...p} type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />}
            </Field>
            <Button type="submit" size="sm" disabled={invite.isPending}>
              {invite.isPending ? "Sending…" : "Send invitation"}
            </Button>
          </form>
        </>
      )}
    </section>
  );
}
