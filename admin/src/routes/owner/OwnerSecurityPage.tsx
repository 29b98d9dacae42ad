import { useState, type FormEvent } from "react";
import { Link, Navigate } from "react-router-dom";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ApiRequestError, MSG, OWNER_PASSWORD_MIN, errorMessageOf, type OwnerSecurity, type OwnerTotpSetup } from "@botox/core";
import { useApi } from "../../api/session.tsx";
import { Alert } from "../../components/ui/Alert.tsx";
import { Button } from "../../components/ui/Button.tsx";
import { Field } from "../../components/ui/Field.tsx";
import { Input } from "../../components/ui/Input.tsx";
import { Spinner } from "../../components/ui/Spinner.tsx";

const SECURITY_KEY = ["owner-security"] as const;

/** The key in groups of four, as authenticator apps show and ask for it. */
const grouped = (secret: string) => secret.replace(/(.{4})/g, "$1 ").trim();

/** The signed-in owner's password and two-step sign-in (decision 286). */
export default function OwnerSecurityPage() {
  const api = useApi();
  const security = useQuery({ queryKey: SECURITY_KEY, queryFn: () => api.get("/owner/security") });
  if (security.isPending) return <Spinner label="Loading your sign-in settings..." />;
  if (security.isError) {
    const status = security.error instanceof ApiRequestError ? security.error.status : 0;
    if (status === 401 || status === 403) return <Navigate to="/owner/sign-in" replace />;
    return <Alert title={errorMessageOf(security.error, "Failed to load your sign-in settings.")} />;
  }
  return (
    <main className="mx-auto max-w-xl space-y-6 p-4 sm:p-8">
      <Link to="/owner" className="text-sm text-brand-700 underline">
        Your clinics
      </Link>
      <h1 className="text-2xl font-bold">Sign-in and security</h1>
      <PasswordSection security={security.data} />
      <SecondFactorSection security={security.data} />
    </main>
  );
}

function PasswordSection({ security }: { security: OwnerSecurity }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const [password, setPassword] = useState("");
  const [currentPassword, setCurrentPassword] = useState("");
  const [saved, setSaved] = useState(false);
  const save = useMutation({
    mutationFn: () => api.send("PUT", "/owner/password", { password, ...(security.hasPassword ? { currentPassword } : {}) }),
    onSuccess: (next) => {
      queryClient.setQueryData(SECURITY_KEY, next);
      setPassword("");
      setCurrentPassword("");
      setSaved(true);
    },
  });
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setSaved(false);
    save.mutate();
  };
  return (
    <section aria-labelledby="password-heading" className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="password-heading" className="text-lg font-semibold">
        Sign in with a password
      </h2>
      <p className="text-sm text-slate-600">
        {security.hasPassword
          ? "You can sign in with your password or with an emailed link."
          : `Optional: set a password (at least ${OWNER_PASSWORD_MIN} characters) to sign in without waiting for an email.`}
      </p>
      {save.isError ? <Alert title={errorMessageOf(save.error, MSG.owner.passwordTooShort)} /> : null}
      {saved ? (
        <p role="status" className="text-sm text-green-800">
          Password saved.
        </p>
      ) : null}
      <form onSubmit={onSubmit} className="space-y-3" noValidate>
        {security.hasPassword ? (
          <Field label="Current password">
            {(p) => (
              <Input {...p} type="password" autoComplete="current-password" value={currentPassword} onChange={(e) => setCurrentPassword(e.target.value)} />
            )}
          </Field>
        ) : null}
        <Field label={security.hasPassword ? "New password" : "Password"}>
          {(p) => <Input {...p} type="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} />}
        </Field>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? "Saving…" : security.hasPassword ? "Change password" : "Set password"}
        </Button>
      </form>
    </section>
  );
}

function SecondFactorSection({ security }: { security: OwnerSecurity }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const [setup, setSetup] = useState<OwnerTotpSetup | null>(null);
  const [code, setCode] = useState("");
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: SECURITY_KEY });

  const start = useMutation({ mutationFn: () => api.send("POST", "/owner/totp/setup"), onSuccess: (next) => setSetup(next) });
  const enable = useMutation({
    mutationFn: () => api.send("POST", "/owner/totp/enable", { code }),
    onSuccess: (next) => {
      setRecoveryCodes(next.recoveryCodes);
      setSetup(null);
      setCode("");
      void refresh();
    },
  });
  const disable = useMutation({
    mutationFn: () => api.send("POST", "/owner/totp/disable", { code }),
    onSuccess: (next) => {
      queryClient.setQueryData(SECURITY_KEY, next);
      setCode("");
    },
  });
  const failure = start.error ?? enable.error ?? disable.error;
  const codeField = (
    <Field label="Code from the app">
      {(p) => <Input {...p} autoComplete="one-time-code" autoCapitalize="none" spellCheck={false} value={code} onChange={(e) => setCode(e.target.value)} />}
    </Field>
  );

  return (
    <section aria-labelledby="second-factor-heading" className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="second-factor-heading" className="text-lg font-semibold">
        Two-step sign-in
      </h2>
      {failure ? <Alert title={errorMessageOf(failure, MSG.owner.secondFactorWrong)} /> : null}
      {recoveryCodes ? (
        <div role="status" className="space-y-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm">
          <p className="font-medium">
            Two-step sign-in is on. Keep these recovery codes somewhere safe: each signs you in once if you lose your phone. They are shown only now.
          </p>
          <ul aria-label="Recovery codes" className="grid grid-cols-2 gap-1 font-mono">
            {recoveryCodes.map((c) => (
              <li key={c}>{c}</li>
            ))}
          </ul>
          <Button variant="outline" onClick={() => setRecoveryCodes(null)}>
            I have saved them
          </Button>
        </div>
      ) : null}

      {security.secondFactor ? (
        <>
          <p className="text-sm text-slate-600">
            On: every sign-in also asks for a code from your authenticator app. Recovery codes left: {security.recoveryCodesLeft}.
          </p>
          <form
            onSubmit={(e) => {
              e.preventDefault();
              disable.mutate();
            }}
            className="space-y-3"
            noValidate
          >
            {codeField}
            <Button type="submit" variant="outline" disabled={disable.isPending}>
              Turn two-step sign-in off
            </Button>
          </form>
        </>
      ) : setup ? (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            enable.mutate();
          }}
          className="space-y-3"
          noValidate
        >
          <p className="text-sm text-slate-600">
            Add this key to an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password, …), then enter the 6-digit code it shows.
          </p>
          <p className="break-all rounded-md bg-slate-100 p-3 font-mono text-base" aria-label="Key">
            {grouped(setup.secret)}
          </p>
          <a href={setup.uri} className="inline-block min-h-11 text-sm text-brand-700 underline">
            Open in an authenticator app on this phone
          </a>
          {codeField}
          <Button type="submit" disabled={enable.isPending}>
            Turn two-step sign-in on
          </Button>
        </form>
      ) : (
        <>
          <p className="text-sm text-slate-600">
            Off. With it on, a sign-in also needs a code from an app on your phone, so a stolen password or mailbox is not enough.
          </p>
          <Button onClick={() => start.mutate()} disabled={start.isPending}>
            Set up two-step sign-in
          </Button>
        </>
      )}
    </section>
  );
}
