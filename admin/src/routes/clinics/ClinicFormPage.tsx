import { Link, useParams } from "react-router-dom";
import { useQuery } from "@tanstack/react-query";
import { MSG } from "@botox/core";
import { keys } from "../../api/queries.ts";
import { useApi } from "../../api/session.tsx";
import { statusOf } from "../../lib/errors.ts";
import { Spinner } from "../../components/ui/Spinner.tsx";
import { ListingCounts } from "../../components/ListingCounts.tsx";
import { ClinicForm } from "./ClinicForm.tsx";
import { ClinicPrices } from "./ClinicPrices.tsx";
import { ClinicDeals } from "./ClinicDeals.tsx";
import { ClinicStaff } from "./ClinicStaff.tsx";
import { ClinicAuditLog } from "./ClinicAuditLog.tsx";
import { clinicToForm, emptyClinicForm } from "./clinic-form.ts";
import { useListReturnPath } from "./list-return.ts";

/** Add or edit a clinic: loads the clinic being edited, then shows its form and (when editing) its prices, deals, staff and audit log. */
export default function ClinicFormPage() {
  const { id } = useParams();
  const api = useApi();
  const listPath = useListReturnPath();
  const clinic = useQuery({
    queryKey: keys.clinic(id ?? "new"),
    queryFn: () => api.get(`/clinics/${encodeURIComponent(id ?? "")}`),
    enabled: id != null,
  });

  if (id == null) return <ClinicForm key="create" initial={emptyClinicForm} />;
  if (clinic.isPending) return <Spinner label="Loading clinic..." />;
  if (clinic.isError) {
    const notFound = statusOf(clinic.error) === 404;
    return (
      <div className="space-y-4 py-10 text-center">
        <h1 className="text-2xl font-bold">{notFound ? MSG.admin.clinicNotFound : MSG.admin.loadClinic}</h1>
        <Link to={listPath} className="text-brand-600 underline">
          Back to Clinics
        </Link>
      </div>
    );
  }
  return (
    <div className="space-y-6">
      <ClinicForm key={id} clinicId={clinic.data.id} initial={clinicToForm(clinic.data)} timeZone={clinic.data.timeZone} />
      {/* Outside the clinic's form: prices are saved on their own. */}
      <ClinicPrices clinicId={clinic.data.id} />
      <ClinicDeals clinicId={clinic.data.id} />
      <ClinicStaff clinicId={clinic.data.id} />
      <ListingCounts clinicId={clinic.data.id} />
      <ClinicAuditLog clinicId={clinic.data.id} />
    </div>
  );
}
