import { useId } from "react";

/**
 * "Who injects": any clinic, or only clinics with a staff member of these
 * credentials whose licence we checked within the year. Values are the API's `credential`
 * lists (comma-separated), kept in the address as `credential`.
 */
const CREDENTIAL_CHOICES = [
  { value: "MD,DO", label: "A physician (MD or DO)" },
  { value: "NP", label: "A nurse practitioner (NP)" },
  { value: "PA", label: "A physician assistant (PA)" },
  { value: "RN", label: "A registered nurse (RN)" },
] as const;

export function CredentialFilter({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const id = useId();
  const known = CREDENTIAL_CHOICES.some((c) => c.value === value);
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium">
        Licence checked for
      </label>
      <select id={id} className="input" value={value} onChange={(e) => onChange(e.target.value)} data-credential-filter>
        <option value="">Anyone (no filter)</option>
        {CREDENTIAL_CHOICES.map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
        {/* A shared link may carry another list (e.g. "NP,PA"): shown as it is. */}
        {value && !known && <option value={value}>{value.split(",").join(" or ")}</option>}
      </select>
    </div>
  );
}
