import { useEffect, useRef, useState, type FormEvent } from "react";
import { useLocation, useNavigate } from "react-router-dom";
import { BRAND, MSG, errorMessageOf } from "@botox/core";
import { useApi } from "../../api/session.tsx";
import { Alert } from "../../components/ui/Alert.tsx";
import { Button } from "../../components/ui/Button.tsx";
import { Field } from "../../components/ui/Field.tsx";
import { Input } from "../../components/ui/Input.tsx";

/**
 * A clinic owner's way in: the mailed link opens this page with its token in the fragment
 * (never sent to a server by the browser), which is posted once and dropped from the address;
 * without a token, the owner asks for a link. An owner's invitation (decision 285) comes the same
 * way as `#invite=`: accepting it makes the address an owner of the clinic and signs it in.
 */
export default function OwnerSignInPage() {
  const api = useApi();
  const navigate = useNavigate();
  const { hash, pathname } = useLocation();
  const fragment = new URLSearchParams(hash.replace(/^#/, ""));
  const invite = fragment.get("invite");
  const token = invite ?? fragment.get("token");
  const [email, setEmail] = useState("");
  const [status, setStatus] = useState<{ kind: "idle" | "pending" | "sent" | "signing-in" } | { kind: "error"; message: string }>(
    token ? { kind: "signing-in" } : { kind: "idle" },
  );
  const used = useRef(false);

  useEffect(() => {
    if (!token || used.current) return;
    used.current = true;
    void navigate(pathname, { replace: true });
    (invite ? api.send("POST", "/owner/invites/accept", { token }) : api.send("POST", "/owner/sign-in", { token }))
      .then(() => navigate("/owner", { replace: true }))
      .catch((err: unknown) => setStatus({ kind: "error", message: errorMessageOf(err, invite ? MSG.coOwners.inviteInvalid : MSG.owner.linkInvalid) }));
  }, [api, invite, navigate, pathname, token]);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setStatus({ kind: "pending" });
    try {
      await api.send("POST", "/owner/sign-in-link", { email });
      setStatus({ kind: "sent" });
    } catch (err) {
      setStatus({ kind: "error", message: errorMessageOf(err, MSG.owner.emailRequired) });
    }
  };

  return (
    <main className="mx-auto max-w-md space-y-4 p-4 sm:p-8">
      <h1 className="text-2xl font-bold">Clinic owner sign-in</h1>
      <p className="text-sm text-slate-600">Manage your clinic&apos;s listing on {BRAND.name}. We email you a sign-in link; no password needed.</p>
      {status.kind === "signing-in" ? <p role="status">Signing you in…</p> : null}
      {status.kind === "error" ? <Alert title={status.message} /> : null}
      {status.kind === "sent" ? (
        <p role="status" className="rounded-md border border-green-200 bg-green-50 p-3 text-sm">
          {MSG.owner.signInLinkSent}
        </p>
      ) : status.kind !== "signing-in" ? (
        <form onSubmit={onSubmit} className="space-y-3" noValidate>
          <Field label="Email">{(p) => <Input {...p} type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />}</Field>
          <Button type="submit" disabled={status.kind === "pending"}>
            {status.kind === "pending" ? "Sending…" : "Email me a sign-in link"}
          </Button>
        </form>
      ) : null}
    </main>
  );
}
