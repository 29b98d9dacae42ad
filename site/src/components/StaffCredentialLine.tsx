import type { Clinic } from "@botox/core/contract";
import { credentialLineOf } from "@botox/core/staff";

/**
 * A listing card's "MD medical director · NP injector": the clinic's staff whose
 * licences we checked within the year, nothing when none.
 */
export function StaffCredentialLine({ clinic }: { clinic: Pick<Clinic, "verifiedStaff"> }) {
  const line = credentialLineOf(clinic.verifiedStaff ?? []);
  if (!line) return null;
  return (
    <p className="text-sm text-slate-700" data-credential-line>
      <span className="sr-only">Licences checked: </span>
      {line}
    </p>
  );
}
