import { MSG, errorMessageOf } from "@botox/core";
import { sessionExpired } from "../lib/errors.ts";
import { useToast } from "../components/toast.tsx";

/**
 * A mutation's onError that toasts the API's reason (or `fallback`) under the admin's error
 * title; an expired session toasts nothing, since the login screen takes over.
 */
export function useFailureToast(): (fallback: string) => (err: unknown) => void {
  const toast = useToast();
  return (fallback) => (err) => {
    if (!sessionExpired(err)) toast({ variant: "destructive", title: MSG.admin.errorTitle, description: errorMessageOf(err, fallback) });
  };
}
