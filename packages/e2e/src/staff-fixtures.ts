/**
 * Who injects here in the browser tests: Glow has a medical director and an
 * injector checked recently (the card, the listing line, the filter, the JSON-LD employees);
 * Radiance's injector was checked 400 days ago (the stale wording, no markup); Smooth Skin's
 * is an invented demo person; Halo has nobody on file (the empty state).
 */
import { isoDay } from "@botox/core";
import { clinicStaff, staffRow, type Database, type StaffValues } from "@botox/db";

const daysAgo = (n: number) => isoDay(new Date(Date.now() - n * 86_400_000));

const E2E_STAFF: Record<string, StaffValues[]> = {
  "Glow Med Spa New York": [
    {
      name: "Alex Kim",
      role: "medical_director",
      credential: "MD",
      licenseState: "NY",
      licenseNumber: "MD-204518",
      licenseStatus: "active",
      sourceUrl: "https://www.op.nysed.gov/verification-search",
      verifiedOn: daysAgo(20),
      verifiedBy: "e2e",
    },
    {
      name: "Dana Reyes",
      role: "injector",
      credential: "NP",
      npi: "1000000004",
      licenseState: "NY",
      licenseNumber: "NP-331907",
      licenseStatus: "active",
      sourceUrl: "https://npiregistry.cms.hhs.gov/provider-view/1000000004",
      verifiedOn: daysAgo(5),
      verifiedBy: "e2e",
    },
  ],
  "Radiance Med Spa New York": [
    {
      name: "Sam Lee",
      role: "injector",
      credential: "RN",
      licenseState: "NY",
      licenseNumber: "RN-118822",
      licenseStatus: "active",
      sourceUrl: "https://www.op.nysed.gov/verification-search",
      verifiedOn: daysAgo(400),
      verifiedBy: "e2e",
    },
  ],
  "Smooth Skin Med Spa New York": [
    {
      name: "Iris Novak",
      role: "injector",
      credential: "PA",
      licenseState: "NY",
      licenseNumber: "DEMO-40211",
      licenseStatus: "active",
      verifiedOn: daysAgo(30),
      source: "demo",
    },
  ],
};

export async function insertStaffFixtures(db: Database, inserted: { id: number; name: string }[]): Promise<void> {
  const idOf = new Map(inserted.map((c) => [c.name, c.id]));
  const rows = Object.entries(E2E_STAFF).flatMap(([name, staff]) => {
    const id = idOf.get(name);
    if (id === undefined) throw new Error(`staff fixture for an unknown clinic: ${name}`);
    return staff.map((s) => staffRow(id, s));
  });
  await db.insert(clinicStaff).values(rows);
}
