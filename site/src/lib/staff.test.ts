import { describe, expect, it } from "vitest";
import { STAFF_MSG, type ClinicStaffMember } from "@botox/core";
import { staffJsonLd, staffRows, withStaff } from "./staff.ts";
import type { SiteData } from "@botox/db/site";

const TODAY = "2026-06-15";
const REGISTRY_PAGE = "https://npiregistry.cms.hhs.gov/provider-view/1000000004";
let seq = 0;
const person = (v: Partial<ClinicStaffMember>): ClinicStaffMember => ({
  id: ++seq,
  clinicId: 1,
  name: "Dana Reyes",
  role: "injector",
  credential: "NP",
  npi: "1000000004",
  licenseState: "TX",
  licenseNumber: "AP123456",
  licenseStatus: "active",
  sourceUrl: REGISTRY_PAGE,
  verifiedVia: "npi_registry",
  verifiedOn: "2026-06-01",
  verifiedBy: "admin",
  source: "admin",
  createdAt: "2026-06-01T00:00:00.000Z",
  updatedAt: "2026-06-01T00:00:00.000Z",
  ...v,
});

describe("Who injects here at build time", () => {
  it("rows say who, what and where the licence was checked, the stale wording, and demo data", () => {
    const rows = staffRows(
      [
        person({ name: "Alex Kim", role: "medical_director", credential: "MD" }),
        person({ verifiedOn: "2025-01-10" }),
        person({ name: "Iris Novak", source: "demo", sourceUrl: null, licenseNumber: "DEMO-12345" }),
      ],
      TODAY,
    );
    expect(rows.map((r) => [r.name, r.role, r.credential, r.licence, r.verification, r.line, r.sourceUrl])).toEqual([
      ["Alex Kim", "medical director", "MD (physician)", "TX licence AP123456", "current", "checked against the NPI Registry on 1 Jun 2026", REGISTRY_PAGE],
      [
        "Dana Reyes",
        "injector",
        "NP (nurse practitioner)",
        "TX licence AP123456",
        "stale",
        "last checked against the NPI Registry on 10 Jan 2025 — may be out of date",
        REGISTRY_PAGE,
      ],
      ["Iris Novak", "injector", "NP (nurse practitioner)", "TX licence DEMO-12345", "none", STAFF_MSG.demo, null],
    ]);
  });

  it("says when the record showed the licence inactive", () => {
    expect(staffRows([person({ licenseStatus: "inactive" })], TODAY)[0]).toMatchObject({
      licence: "TX licence AP123456 (inactive)",
      verification: "none",
      line: "Licence inactive: the NPI Registry on 1 Jun 2026",
    });
  });

  it("a row the server did not check says entered by the clinic/team, whatever date and page it carries", () => {
    const entered = { verifiedVia: null, sourceUrl: "https://www.bon.texas.gov/verify" } as const;
    const rows = staffRows(
      [
        person({ ...entered, name: "Typed Date" }),
        person({ ...entered, verifiedOn: null, name: "No Date" }),
        person({ ...entered, verifiedOn: null, licenseStatus: "inactive" }),
        person({ ...entered, verifiedOn: null, licenseStatus: "unknown" }),
        person({ licenseStatus: "unknown" }),
      ],
      TODAY,
    );
    expect(rows.map((r) => [r.line, r.verification, r.sourceUrl])).toEqual([
      [STAFF_MSG.entered, "none", null],
      [STAFF_MSG.entered, "none", null],
      [STAFF_MSG.enteredInactive, "none", null],
      [STAFF_MSG.entered, "none", null],
      [STAFF_MSG.statusUnknown, "none", REGISTRY_PAGE],
    ]);
    for (const r of rows) expect(r.line).not.toMatch(/^checked|last checked/);
  });

  it("demo people are never checked, whatever their row says", () => {
    const demo = person({ source: "demo", licenseNumber: "DEMO-12345" });
    expect(staffRows([demo], TODAY)[0]).toMatchObject({ verification: "none", line: STAFF_MSG.demo, sourceUrl: null, demo: true });
    expect(staffJsonLd([demo], TODAY)).toEqual({});
    const { data } = withStaff({ clinics: [{ id: 1 }], staff: [demo] } as unknown as SiteData, TODAY);
    expect(data.clinics[0]).toEqual({ id: 1 });
  });

  it("JSON-LD employees only for current checks of real people", () => {
    const ld = staffJsonLd(
      [
        person({ name: "Alex Kim", role: "medical_director", credential: "MD" }),
        person({ name: "Stale", verifiedOn: "2025-01-10" }),
        person({ name: "Never", verifiedOn: null }),
        person({ name: "Entered", verifiedVia: null, sourceUrl: "https://www.bon.texas.gov/verify" }),
        person({ name: "Demo", source: "demo", sourceUrl: null }),
        person({ name: "Inactive", licenseStatus: "inactive" }),
      ],
      TODAY,
    );
    expect(ld).toEqual({
      employee: [
        {
          "@type": "Person",
          name: "Alex Kim",
          jobTitle: "Medical director",
          hasCredential: {
            "@type": "EducationalOccupationalCredential",
            credentialCategory: "license",
            name: "MD",
            recognizedBy: { "@type": "Organization", name: "TX licensing board" },
            identifier: "AP123456",
            url: REGISTRY_PAGE,
          },
        },
      ],
    });
    expect(staffJsonLd([person({ verifiedOn: "2025-01-10" })], TODAY)).toEqual({});
  });

  it("clinics carry their verified roles and credentials, as the API's listings do", () => {
    const data = {
      clinics: [{ id: 1 }, { id: 2 }],
      staff: [person({ role: "medical_director", credential: "MD" }), person({}), person({ credential: "RN", verifiedOn: "2024-01-01" })],
    } as unknown as SiteData;
    const { data: out, staffByClinic } = withStaff(data, TODAY);
    expect(out.clinics.map((c) => [c.verifiedCredentials, c.verifiedStaff])).toEqual([
      [
        ["MD", "NP"],
        [
          { role: "medical_director", credential: "MD" },
          { role: "injector", credential: "NP" },
        ],
      ],
      [undefined, undefined],
    ]);
    expect(staffByClinic.get(1)?.length).toBe(3);
  });
});
