/**
 * Demo staff: a realistic share of the demo clinics name a medical director and
 * one or two injectors. Every one is an invented person with source `demo`: no NPI, a licence
 * number that says DEMO, and no source URL, so nothing presents them as checked against a real
 * registry, and the clinic page labels them as demo data. None is ever checked: they never
 * match the credential filter nor count as verified anywhere (decision 236).
 */
import type { StaffCredential } from "@botox/core";
import type { Random } from "./random.ts";
import type { StaffValues } from "../queries/staff.ts";
import type { SeedClinic } from "./seed-prices.ts";

const FIRST = ["Avery", "Jordan", "Maya", "Elena", "Priya", "Nora", "Lucas", "Sofia", "Daniel", "Grace", "Omar", "Hannah", "Leah", "Mateo", "Chloe", "Iris"];
const LAST = [
  "Alder",
  "Brennan",
  "Castillo",
  "Delacroix",
  "Ellison",
  "Fairchild",
  "Garrity",
  "Hollis",
  "Ibarra",
  "Jansen",
  "Kowal",
  "Lindqvist",
  "Marchetti",
  "Novak",
  "Okafor",
  "Pruitt",
];

export interface DemoStaff {
  clinicId: number;
  values: StaffValues;
}

/** About a third of the clinics: a medical director (MD or DO) and one or two injectors (NP, RN, PA, sometimes the physician's colleague MD). */
export function generateDemoStaff(r: Random, clinics: readonly SeedClinic[]): DemoStaff[] {
  const out: DemoStaff[] = [];
  const person = (clinic: SeedClinic, role: StaffValues["role"], credential: StaffCredential): DemoStaff => {
    // The draws an earlier seed spent on a made-up check date, kept so the rest of the demo
    // data (names, licence numbers, prices) stays the same.
    const roll = r.next();
    if (roll < 0.85) r.int(1, 360);
    else if (roll < 0.95) r.int(366, 700);
    return {
      clinicId: clinic.id,
      values: {
        name: `${r.pick(FIRST)} ${r.pick(LAST)}`,
        role,
        credential,
        npi: null,
        licenseState: /^[A-Z]{2}$/.test(clinic.state.toUpperCase()) ? clinic.state.toUpperCase() : null,
        licenseNumber: `DEMO-${r.int(10000, 99999)}`,
        licenseStatus: "active",
        sourceUrl: null,
        verifiedOn: null,
        verifiedBy: null,
        source: "demo",
      },
    };
  };
  for (const c of clinics) {
    if (!r.chance(0.35)) continue;
    out.push(person(c, "medical_director", r.chance(0.75) ? "MD" : "DO"));
    const injectors = r.chance(0.6) ? 1 : 2;
    for (let i = 0; i < injectors; i++) {
      const roll = r.next();
      out.push(person(c, "injector", roll < 0.45 ? "NP" : roll < 0.75 ? "RN" : roll < 0.95 ? "PA" : "MD"));
    }
  }
  return out;
}
