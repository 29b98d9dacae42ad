import { useEffect, useRef, useState, type FormEvent } from "react";
import { useLocation, useNavigate } from "react-router-dom";
import { ApiRequestError, BRAND, MSG, errorMessageOf, type OwnerSecondFactorNeeded, type OwnerSignInResponse } from "@botox/core";
import { useApi } from "../../api/session.tsx";
import { Alert } from "../../components/ui/Alert.tsx";
import { Button } from "../../components/ui/Button.tsx";
import { Field } from "../../components/ui/Field.tsx";
import { Input } from "../../components/ui/Input.tsx";

/** Which form shows: a link by email, the password, or the second factor after either. */
type Mode = "link" | "password" | "second-factor";

const needsSecondFactor = (answer: OwnerSignInResponse | OwnerSecondFactorNeeded): answer is OwnerSecondFactorNeeded => "secondFactor" in answer;

/**
 * A clinic owner's way in (decisions 267, 285, 286): the mailed link opens this page with its
 * token in the fragment (never sent to a server by the browser), which is posted once and
 * dropped from the address; without a token, the owner asks for a link or uses their password.
 * An owner's invitation comes the same way as `#invite=`: accepting it makes the address an
 * owner of the clinic and signs it in. When the owner turned the second factor on, each way
 * ends with a code from their app.
 */
export default function OwnerSignInPage() {
  const api = useApi();
  const navigate = useNavigate();
  const { hash, pathname } = useLocation();
  const fragment = new URLSearchParams(hash.replace(/^#/, ""));
  const invite = fragment.get("invite");
  const token = invite ?? fragment.get("token");
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const [mode, setMode] = useState<Mode>("link");
  const [busy, setBusy] = useState(Boolean(token));
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const used = useRef(false);

  const afterFirstFactor = (answer: OwnerSignInResponse | OwnerSecondFactorNeeded) => {
    setBusy(false);
    if (needsSecondFactor(answer)) setMode("second-factor");
    else void navigate("/owner", { replace: true });
  };
  const failed = (message: string) => {
    setBusy(false);
    setError(message);
  };
  /** Runs one request of a form: busy while it runs, its error shown above the form. */
  const run = (e: FormEvent, request: () => Promise<void>) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    void request();
  };

  useEffect(() => {
    if (!token || used.current) return;
    used.current = true;
    void navigate(pathname, { replace: true });
    (invite ? api.send("POST", "/owner/invites/accept", { token }) : api.send("POST", "/owner/sign-in", { token }))
      .then(afterFirstFactor)
      .catch((err: unknown) => failed(errorMessageOf(err, invite ? MSG.coOwners.inviteInvalid : MSG.owner.linkInvalid)));
    // afterFirstFactor and failed only use state setters and navigate, which are stable.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [api, invite, navigate, pathname, token]);

  const askLink = (e: FormEvent) =>
    run(e, () =>
      api.send("POST", "/owner/sign-in-link", { email }).then(
        () => {
          setBusy(false);
          setSent(true);
        },
        (err: unknown) => failed(errorMessageOf(err, MSG.owner.emailRequired)),
      ),
    );

  const signInWithPassword = (e: FormEvent) =>
    run(e, () =>
      api
        .send("POST", "/owner/sign-in-password", { email, password })
        .then(afterFirstFactor, (err: unknown) => failed(errorMessageOf(err, MSG.owner.invalidPasswordLogin))),
    );

  const sendCode = (e: FormEvent) =>
    run(e, () =>
      api.send("POST", "/owner/sign-in/second-factor", { code }).then(
        () => void navigate("/owner", { replace: true }),
        (err: unknown) => {
          // An ended sign-in starts again; a wrong code gets another try.
          if (err instanceof ApiRequestError && err.status === 410) {
            setMode("link");
            setCode("");
          }
          failed(errorMessageOf(err, MSG.owner.secondFactorWrong));
        },
      ),
    );

  const choose = (next: Mode) => {
    setMode(next);
    setError(null);
    setSent(false);
  };

  return (
    <main className="mx-auto max-w-md space-y-4 p-4 sm:p-8">
      <h1 className="text-2xl font-bold">Clinic owner sign-in</h1>
      {token && busy ? <p role="status">Signing you in…</p> : null}
      {error ? <Alert title={error} /> : null}

      {mode === "second-factor" ? (
        <form onSubmit={sendCode} className="space-y-3" noValidate>
          <p className="text-sm text-slate-600">{MSG.owner.secondFactorNeeded}</p>
          <Field label="Code">
            {(p) => (
              <Input {...p} autoComplete="one-time-code" autoCapitalize="none" spellCheck={false} value={code} onChange={(e) => setCode(e.target.value)} />
            )}
          </Field>
          <Button type="submit" disabled={busy}>
            {busy ? "Checking…" : "Sign in"}
          </Button>
        </form>
      ) : null}

      {mode === "link" && sent ? (
        <p role="status" className="rounded-md border border-green-200 bg-green-50 p-3 text-sm">
          {MSG.owner.signInLinkSent}
        </p>
      ) : null}
      {mode === "link" && !sent && !(token && busy) ? (
        <>
          <p className="text-sm text-slate-600">Manage your clinic&apos;s listing on {BRAND.name}. We email you a sign-in link; no password needed.</p>
          <form onSubmit={askLink} className="space-y-3" noValidate>
            <Field label="Email">{(p) => <Input {...p} type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />}</Field>
            <Button type="submit" disabled={busy}>
              {busy ? "Sending…" : "Email me a sign-in link"}
            </Button>
          </form>
          <button type="button" className="min-h-11 text-sm text-brand-700 underline" onClick={() => choose("password")}>
            Use my password instead
          </button>
        </>
      ) : null}

      {mode === "password" ? (
        <>
          <form onSubmit={signInWithPassword} className="space-y-3" noValidate>
            <Field label="Email">{(p) => <Input {...p} type="email" autoComplete="username" value={email} onChange={(e) => setEmail(e.target.value)} />}</Field>
            <Field label="Password">
              {(p) => <Input {...p} type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />}
            </Field>
            <Button type="submit" disabled={busy}>
              {busy ? "Signing in…" : "Sign in"}
            </Button>
          </form>
          <button type="button" className="min-h-11 text-sm text-brand-700 underline" onClick={() => choose("link")}>
            Email me a link instead
          </button>
        </>
      ) : null}
    </main>
  );
}
