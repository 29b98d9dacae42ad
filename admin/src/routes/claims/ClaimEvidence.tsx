import { useEffect, useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { errorMessageOf, formatPhone, type Claim } from "@botox/core";
import { keys } from "../../api/queries.ts";
import { useApi } from "../../api/session.tsx";
import { useToast } from "../../components/toast.tsx";
import { Button } from "../../components/ui/Button.tsx";
import { env } from "../../env.ts";

/**
 * What the team checks a claim against (decision 285), beside it in the queue: the claimant's
 * note and document, the registry's authorized official of the organisation NPI they gave, and
 * the clinic's current owners (the team may remove one).
 */
export function ClaimEvidence({ claim }: { claim: Claim }) {
  return (
    <div className="space-y-3 text-sm">
      {claim.note ? (
        <div>
          <p className="font-medium text-slate-500">Note from the claimant</p>
          <p className="whitespace-pre-line break-words">{claim.note}</p>
        </div>
      ) : null}
      {claim.evidence ? <ClaimDocument claimId={claim.id} /> : null}
      {claim.npi ? <AuthorizedOfficial claimId={claim.id} npi={claim.npi} /> : null}
      <CurrentOwners claim={claim} />
    </div>
  );
}

/** The claimant's document: private, so fetched with the session and shown from memory, never from a public address. */
function ClaimDocument({ claimId }: { claimId: number }) {
  const [url, setUrl] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => () => void (url && URL.revokeObjectURL(url)), [url]);
  const show = async () => {
    setProblem(null);
    try {
      const res = await fetch(`${env.apiUrl}/claims/${claimId}/evidence`, { credentials: "include" });
      if (!res.ok) throw new Error(String(res.status));
      setUrl(URL.createObjectURL(await res.blob()));
    } catch {
      setProblem("The document could not be loaded.");
    }
  };
  return (
    <div className="space-y-2">
      <p className="font-medium text-slate-500">Document</p>
      {url ? (
        <img src={url} alt={`Document of claim ${claimId}`} className="max-h-96 max-w-full rounded border border-slate-200" />
      ) : (
        <Button size="sm" variant="outline" onClick={() => void show()}>
          Show document
        </Button>
      )}
      {problem ? <p className="text-red-700">{problem}</p> : null}
    </div>
  );
}

/** The NPI Registry's authorized official of the organisation NPI the claimant gave. */
function AuthorizedOfficial({ claimId, npi }: { claimId: number; npi: string }) {
  const api = useApi();
  const record = useQuery({ queryKey: [...keys.claims, "registry", claimId], queryFn: () => api.get(`/claims/${claimId}/authorized-official`), retry: false });
  return (
    <div>
      <p className="font-medium text-slate-500">Organisation NPI {npi} in the NPI Registry</p>
      {record.isPending ? (
        <p className="text-slate-500">Looking it up…</p>
      ) : record.isError ? (
        <p className="text-red-700">{errorMessageOf(record.error, "The registry could not be asked.")}</p>
      ) : (
        <div data-authorized-official>
          <p>{record.data.organizationName}</p>
          {record.data.authorizedOfficial ? (
            <p>
              Authorized official: {record.data.authorizedOfficial.name}
              {record.data.authorizedOfficial.title ? `, ${record.data.authorizedOfficial.title}` : ""}
              {record.data.authorizedOfficial.phone ? (
                <>
                  {" "}
                  <a className="text-brand-700 underline" href={`tel:${record.data.authorizedOfficial.phone}`}>
                    {formatPhone(record.data.authorizedOfficial.phone)}
                  </a>
                </>
              ) : null}
            </p>
          ) : (
            <p className="text-slate-500">The registry names no authorized official.</p>
          )}
        </div>
      )}
    </div>
  );
}

/** The clinic's current owners; the team may remove any, the last one included. */
function CurrentOwners({ claim }: { claim: Claim }) {
  const api = useApi();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState<number | null>(null);
  const remove = useMutation({
    mutationFn: (ownerId: number) => api.send("DELETE", `/clinics/${claim.clinicId}/owners/${ownerId}`),
    onSuccess: async () => {
      toast({ title: "Owner removed" });
      setConfirming(null);
      await queryClient.invalidateQueries({ queryKey: keys.claims });
    },
    onError: (err) => toast({ title: "Failed to remove the owner.", description: errorMessageOf(err, "Please try again.") }),
  });
  if (claim.clinic.ownerList.length === 0) return null;
  return (
    <div>
      <p className="font-medium text-slate-500">Current owners</p>
      <ul aria-label={`Owners of ${claim.clinic.name}`} className="space-y-1">
        {claim.clinic.ownerList.map((o) => (
          <li key={o.id} className="flex flex-wrap items-center gap-2">
            <span className="break-all">{o.email}</span>
            {confirming === o.id ? (
              <>
                <Button size="sm" variant="destructive" disabled={remove.isPending} onClick={() => remove.mutate(o.id)}>
                  Yes, remove
                </Button>
                <Button size="sm" variant="outline" onClick={() => setConfirming(null)}>
                  Cancel
                </Button>
              </>
            ) : (
              <Button size="sm" variant="outline" aria-label={`Remove owner ${o.email}`} onClick={() => setConfirming(o.id)}>
                Remove
              </Button>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
