import { Link, Navigate, useParams } from "react-router-dom";
import { useQuery } from "@tanstack/react-query";
import { ApiRequestError, MSG, errorMessageOf } from "@botox/core";
import { keys } from "../../api/queries.ts";
import { useApi } from "../../api/session.tsx";
import { Alert } from "../../components/ui/Alert.tsx";
import { Spinner } from "../../components/ui/Spinner.tsx";
import { ClinicAuditLog } from "../clinics/ClinicAuditLog.tsx";
import { OwnerCoOwners } from "./OwnerCoOwners.tsx";

/** One of the signed-in owner's clinics: what the listing says, and its audit log (every change and who made it). */
export default function OwnerClinicPage() {
  const { id } = useParams();
  const api = useApi();
  const clinic = useQuery({ queryKey: keys.clinic(id ?? ""), queryFn: () => api.get(`/clinics/${encodeURIComponent(id ?? "")}`) });
  const back = (
    <Link to="/owner" className="text-sm text-brand-700 underline">
      Your clinics
    </Link>
  );
  if (clinic.isPending) return <Spinner label="Loading your clinic..." />;
  if (clinic.isError) {
    const status = clinic.error instanceof ApiRequestError ? clinic.error.status : 0;
    if (status === 401 || status === 403) return <Navigate to="/owner/sign-in" replace />;
    return (
      <main className="mx-auto max-w-3xl space-y-4 p-4 sm:p-8">
        {back}
        <Alert title={status === 404 ? MSG.admin.clinicNotFound : errorMessageOf(clinic.error, MSG.admin.loadClinic)} />
      </main>
    );
  }
  const c = clinic.data;
  return (
    <main className="mx-auto max-w-3xl space-y-4 p-4 sm:p-8">
      {back}
      <header className="space-y-1">
        <h1 className="text-2xl font-bold">{c.name}</h1>
        <p className="text-sm text-slate-600">{c.fullAddress || `${c.city}, ${c.state}`}</p>
      </header>
      <OwnerCoOwners clinicId={c.id} />
      <ClinicAuditLog clinicId={c.id} open />
    </main>
  );
}
