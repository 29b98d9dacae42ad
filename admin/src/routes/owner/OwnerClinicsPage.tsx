import { Link, Navigate } from "react-router-dom";
import { useQuery } from "@tanstack/react-query";
import { ApiRequestError, errorMessageOf } from "@botox/core";
import { useApi } from "../../api/session.tsx";
import { Alert } from "../../components/ui/Alert.tsx";
import { Spinner } from "../../components/ui/Spinner.tsx";
import { ListingCounts } from "../../components/ListingCounts.tsx";

/** The signed-in owner's clinics, and only theirs (the API answers with the session's own). */
export default function OwnerClinicsPage() {
  const api = useApi();
  const clinics = useQuery({ queryKey: ["owner-clinics"], queryFn: () => api.get("/owner/clinics") });
  if (clinics.isPending) return <Spinner label="Loading your clinics..." />;
  if (clinics.isError) {
    if (clinics.error instanceof ApiRequestError && (clinics.error.status === 401 || clinics.error.status === 403))
      return <Navigate to="/owner/sign-in" replace />;
    return <Alert title={errorMessageOf(clinics.error, "Failed to load your clinics.")} />;
  }
  return (
    <main className="mx-auto max-w-3xl space-y-4 p-4 sm:p-8">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-2xl font-bold">Your clinics</h1>
        <Link to="/owner/security" className="inline-flex min-h-11 items-center text-sm text-brand-700 underline">
          Sign-in and security
        </Link>
      </div>
      {clinics.data.clinics.length === 0 ? (
        <p className="text-sm text-slate-600">No clinic is linked to this address yet.</p>
      ) : (
        <ul aria-label="Your clinics" className="space-y-4">
          {clinics.data.clinics.map((c) => (
            <li key={c.id} className="space-y-3">
              <div className="rounded-lg border border-slate-200 bg-white p-4">
                <Link to={`/owner/clinics/${c.id}`} className="font-medium text-brand-700 hover:underline">
                  {c.name}
                </Link>
                <p className="text-sm text-slate-600">
                  {c.city}, {c.state}
                </p>
              </div>
              <ListingCounts clinicId={c.id} clinicName={c.name} />
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
