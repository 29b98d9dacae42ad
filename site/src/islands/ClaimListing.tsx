import { useId, useState, type SubmitEvent } from "react";
import { errorMessageOf } from "@botox/core/http";
import { formatUtcMinute } from "@botox/core/format";
import { validateImageFile } from "@botox/core/image";
import { CLAIM_MSG } from "@botox/core/messages";
import { apiClient } from "../lib/query.ts";
import type { PublicConfig } from "../lib/config.ts";
import { reactIsland } from "../lib/react-island.ts";

interface Props {
  clinicId: number;
  clinicName: string;
  config: PublicConfig;
}

type State =
  | { kind: "closed" }
  | { kind: "open" }
  | { kind: "sending" }
  | { kind: "code"; claimId: number; email: string }
  | { kind: "checking"; claimId: number; email: string }
  | { kind: "review" }
  | { kind: "contested"; until: string }
  | { kind: "verified" };

/**
 * "Is this your clinic? Claim it": the claim form, then (an address on the clinic's own
 * domain) the mailed code. Closed until asked for, so the page stays as it was built.
 */
export default function ClaimListing({ clinicId, clinicName, config }: Props) {
  const id = useId();
  const [state, setState] = useState<State>({ kind: "closed" });
  const [values, setValues] = useState({ email: "", name: "", role: "", note: "", npi: "" });
  const [doc, setDoc] = useState<File | null>(null);
  const [code, setCode] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const api = apiClient(config.apiUrl);

  async function onClaim(e: SubmitEvent) {
    e.preventDefault();
    setState({ kind: "sending" });
    setProblem(null);
    const picked = doc && validateImageFile(doc);
    if (picked) {
      setState({ kind: "open" });
      setProblem(picked.description);
      return;
    }
    try {
      const { note, npi, ...person } = values;
      const body = { ...person, ...(note.trim() ? { note } : {}), ...(npi.trim() ? { npi } : {}) };
      const { claim, evidenceToken } = await api.send("POST", `/clinics/${clinicId}/claims`, body);
      // The document travels apart, with the claim's single-use token: it never reaches a public address.
      if (doc && evidenceToken) {
        const form = new FormData();
        form.append("token", evidenceToken);
        form.append("document", doc);
        await api
          .send("POST", "/upload/claim-evidence", form)
          .catch((err: unknown) => setProblem(CLAIM_MSG.evidenceFailed(errorMessageOf(err, CLAIM_MSG.error))));
      }
      setState(claim.method === "email-domain" ? { kind: "code", claimId: claim.id, email: values.email.trim() } : { kind: "review" });
    } catch (err) {
      setState({ kind: "open" });
      setProblem(errorMessageOf(err, CLAIM_MSG.error));
    }
  }

  async function onCode(e: SubmitEvent, claimId: number, email: string) {
    e.preventDefault();
    setState({ kind: "checking", claimId, email });
    setProblem(null);
    try {
      const answer = await api.send("POST", `/claims/${claimId}/verify`, { code });
      setState(
        answer.owner ? { kind: "verified" } : answer.contestEndsAt ? { kind: "contested", until: formatUtcMinute(answer.contestEndsAt) } : { kind: "review" },
      );
    } catch (err) {
      setState({ kind: "code", claimId, email });
      setProblem(errorMessageOf(err, CLAIM_MSG.error));
    }
  }

  const alert = problem && (
    <p role="alert" className="mt-3 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
      {problem}
    </p>
  );

  if (state.kind === "closed") {
    return (
      <p className="text-sm text-slate-700" data-claim-state="closed">
        {CLAIM_MSG.prompt}{" "}
        <button type="button" className="link-tap font-semibold text-brand-700 underline" onClick={() => setState({ kind: "open" })}>
          {CLAIM_MSG.action}
        </button>
      </p>
    );
  }
  if (state.kind === "review" || state.kind === "verified" || state.kind === "contested") {
    const words = state.kind === "review" ? CLAIM_MSG.review : state.kind === "contested" ? CLAIM_MSG.contested(state.until) : CLAIM_MSG.verified;
    return (
      <div role="status" data-claim-state={state.kind} className="rounded-md border border-green-200 bg-green-50 p-3">
        <p className="font-semibold text-slate-900">{words}</p>
        {alert}
      </div>
    );
  }
  if (state.kind === "code" || state.kind === "checking") {
    const { claimId, email } = state;
    return (
      <form onSubmit={(e) => onCode(e, claimId, email)} noValidate data-claim-state="code" className="card p-5">
        <p className="text-sm text-slate-700">{CLAIM_MSG.codeSent(email)}</p>
        <label htmlFor={`${id}-code`} className="mt-3 mb-1 block text-sm font-medium">
          Code
        </label>
        <input
          id={`${id}-code`}
          className="input"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          value={code}
          onChange={(e) => setCode(e.target.value)}
        />
        {alert}
        <button type="submit" className="btn-primary mt-4" disabled={state.kind === "checking"}>
          {state.kind === "checking" ? "Checking…" : "Verify"}
        </button>
      </form>
    );
  }

  const sending = state.kind === "sending";
  const field = (key: "email" | "name" | "role" | "npi", label: string, type: "text" | "email", autoComplete: string) => (
    <div>
      <label htmlFor={`${id}-${key}`} className="mb-1 block text-sm font-medium">
        {label}
      </label>
      <input
        id={`${id}-${key}`}
        className="input"
        type={type}
        autoComplete={autoComplete}
        maxLength={key === "email" ? 254 : key === "npi" ? 10 : 100}
        inputMode={key === "npi" ? "numeric" : undefined}
        value={values[key]}
        onChange={(e) => setValues((v) => ({ ...v, [key]: e.target.value }))}
      />
    </div>
  );
  return (
    <form onSubmit={onClaim} noValidate aria-labelledby={`${id}-h`} aria-busy={sending || undefined} data-claim-state="open" className="card p-5">
      <h2 id={`${id}-h`} className="text-lg font-bold">
        Claim {clinicName}
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        Work here? Use your address at the clinic&apos;s own domain to get a code at once; any other claim is checked by our team.
      </p>
      <div className="mt-3 grid gap-3">
        {field("email", "Work email", "email", "email")}
        {field("name", "Your name", "text", "name")}
        {field("role", "Your role at the clinic", "text", "organization-title")}
        <div>
          <label htmlFor={`${id}-note`} className="mb-1 block text-sm font-medium">
            Note for our team (optional)
          </label>
          <textarea
            id={`${id}-note`}
            className="input"
            rows={3}
            maxLength={2000}
            value={values.note}
            onChange={(e) => setValues((v) => ({ ...v, note: e.target.value }))}
          />
        </div>
        {field("npi", "Clinic's organisation NPI (optional)", "text", "off")}
        <div>
          <label htmlFor={`${id}-document`} className="mb-1 block text-sm font-medium">
            A document that shows you work here (optional)
          </label>
          <input
            id={`${id}-document`}
            className="block w-full text-sm"
            type="file"
            accept="image/jpeg,image/png,image/gif,image/webp"
            onChange={(e) => setDoc(e.target.files?.[0] ?? null)}
          />
          <p className="mt-1 text-xs text-slate-600">A photo of a badge, licence or letter: seen only by our team. JPEG, PNG, GIF or WebP, at most 5 MB.</p>
        </div>
      </div>
      {alert}
      <div className="mt-4 flex gap-3">
        <button type="submit" className="btn-primary" disabled={sending}>
          {sending ? "Sending…" : "Send claim"}
        </button>
        <button type="button" className="btn-outline" disabled={sending} onClick={() => setState({ kind: "closed" })}>
          Cancel
        </button>
      </div>
    </form>
  );
}

reactIsland(ClaimListing);
