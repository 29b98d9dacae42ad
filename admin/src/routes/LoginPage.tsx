import { useState, type FormEvent } from "react";
import { useLocation, useNavigate } from "react-router-dom";
import { useQueryClient } from "@tanstack/react-query";
import { ApiRequestError, BRAND, MSG, errorMessageOf, loginSchema } from "@botox/core";
import { useApi, type LoginState } from "../api/session.tsx";
import { Alert } from "../components/ui/Alert.tsx";
import { Button } from "../components/ui/Button.tsx";
import { Field } from "../components/ui/Field.tsx";
import { Input } from "../components/ui/Input.tsx";

function loginErrorText(err: unknown): string {
  if (err instanceof ApiRequestError) {
    if (err.status === 401) return MSG.admin.invalidLogin;
    if (err.status === 429) return errorMessageOf(err, MSG.admin.loginThrottled);
    if (err.status === 400) return errorMessageOf(err, MSG.admin.loginRequired);
    return errorMessageOf(err, MSG.api.internal);
  }
  return MSG.api.internal;
}

export function LoginPage() {
  const api = useApi();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const state = (location.state ?? {}) as LoginState;
  const [username, setUsername] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = loginSchema.safeParse({ username, password });
    if (!parsed.success) {
      setError(MSG.admin.loginRequired);
      return;
    }
    setError(null);
    setPending(true);
    try {
      await api.send("POST", "/login", parsed.data);
      queryClient.clear();
      const from = state.from;
      void navigate(from ? `${from.pathname}${from.search ?? ""}${from.hash ?? ""}` : "/", { replace: true });
    } catch (err) {
      setError(loginErrorText(err));
      setPending(false);
    }
  };

  return (
    <main className="flex min-h-screen items-center justify-center p-4">
      <div className="w-full max-w-sm rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
        <h1 className="text-2xl font-bold">Admin Login</h1>
        <p className="mt-1 text-sm text-slate-500">{BRAND.name}</p>
        {state.expired ? (
          <p role="status" className="mt-4 rounded-md bg-amber-50 p-3 text-sm text-amber-800">
            Your session has expired. Please sign in again; your unsaved changes are kept.
          </p>
        ) : null}
        <form noValidate onSubmit={onSubmit} className="mt-6 space-y-4">
          <Field label="Username">
            {(p) => <Input {...p} name="username" autoComplete="username" value={username} onChange={(e) => setUsername(e.target.value)} />}
          </Field>
          <Field label="Password">
            {(p) => (
              <Input {...p} name="password" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
            )}
          </Field>
          {error ? <Alert>{error}</Alert> : null}
          <Button type="submit" className="w-full" disabled={pending}>
            {pending ? "Signing in..." : "Sign in"}
          </Button>
        </form>
      </div>
    </main>
  );
}
