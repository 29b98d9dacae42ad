import { Link, Navigate, useParams } from "react-router-dom";
import { useQuery } from "@tanstack/react-query";
import { ApiRequestError, MSG, errorMessageOf } from "@botox/core";
import { keys } from "../../api/queries.ts";
import { useApi } from "../../api/session.tsx";
import { Alert } from "../../components/ui/Alert.tsx";
import { Spinner } from "../../components/ui/Spinner.tsx";
import { ClinicAuditLog } from "../clinics/ClinicAuditLog.tsx";
import { OwnerCoOwners } from "./OwnerCoOwners.tsx";
import { ClinicDeals } from "../clinics/ClinicDeals.tsx";
import { ClinicPrices } from "../clinics/ClinicPrices.tsx";
import { ClinicStaff } from "../clinics/ClinicStaff.tsx";
import { OwnerBookingLink, OwnerDescription, OwnerDetails, OwnerHours, OwnerPhotos } from "./OwnerSections.tsx";

/**
 * One of the signed-in owner's clinics, their workspace: what goes live at once (hours,
 * prices, deals, staff, description, booking link, photos), the details the team checks, and
 * the audit log (every change and who made it). The team's own components, so the rules and
 * the answers are the same; one column on a phone.
 */
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
      <nav aria-label="Sections" className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
        {[
          ["#owner-hours", "Hours"],
          ["#owner-prices", "Prices"],
          ["#owner-deals", "Deals"],
          ["#owner-staff", "Staff"],
          ["#owner-about", "Description & booking"],
          ["#owner-photos", "Photos"],
          ["#owner-details", "Details"],
          ["#owner-owners", "Owners"],
        ].map(([href, label]) => (
          <a key={href} href={href} className="text-brand-700 underline">
            {label}
          </a>
        ))}
      </nav>
      {/* Each form opens on the stored values and keeps what was typed after a save. */}
      <div id="owner-hours" className="scroll-mt-4">
        <OwnerHours key={`hours-${c.id}`} clinic={c} />
      </div>
      <div id="owner-prices" className="scroll-mt-4">
        <ClinicPrices clinicId={c.id} owner />
      </div>
      <div id="owner-deals" className="scroll-mt-4">
        <ClinicDeals clinicId={c.id} />
      </div>
      <div id="owner-staff" className="scroll-mt-4">
        <ClinicStaff clinicId={c.id} />
      </div>
      <div id="owner-about" className="scroll-mt-4 space-y-4">
        <OwnerDescription key={`about-${c.id}`} clinic={c} />
        <OwnerBookingLink key={`booking-${c.id}`} clinic={c} />
      </div>
      <div id="owner-photos" className="scroll-mt-4">
        <OwnerPhotos clinicId={c.id} />
      </div>
      <div id="owner-details" className="scroll-mt-4">
        <OwnerDetails key={`details-${c.id}`} clinic={c} />
      </div>
      <div id="owner-owners" className="scroll-mt-4">
        <OwnerCoOwners clinicId={c.id} />
      </div>
      <ClinicAuditLog clinicId={c.id} open />
    </main>
  );
}
