import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STAFF_MSG } from "@botox/core";
import { importClinics, parseExport } from "./import.ts";
import { staffColumnsOf } from "./import-staff.ts";
import { createTestDatabase, type TestDatabase } from "../testing.ts";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t?.close();
});

const staffOf = (link: string) =>
  t.sql<{ name: string; role: string; credential: string; npi: string | null; license_state: string | null; verified_on: string | null; source: string }[]>`
    select s.name, s.role::text, s.credential::text, s.npi, s.license_state, s.verified_on::text, s.source::text
    from clinic_staff s join clinics c on c.id = s.clinic_id where c.source_key = ${link} order by s.id`;

describe("staff columns of the import", () => {
  it("adds one staff member per row, joined to the clinic like prices, once however often the file is imported", async () => {
    const csv = [
      "name,city,state,location_link,staff_name,staff_role,staff_credential,staff_npi,staff_license_state,staff_license_number,staff_license_status,staff_source_url,staff_verified_on",
      "Staffed Spa,Dallas,TX,https://maps.example/staffed,Alex Kim,medical_director,MD,,tx,Q4321,active,https://profile.tmb.state.tx.us/Search.aspx,2026-10-01",
      "Staffed Spa,Dallas,TX,https://maps.example/staffed,Dana Reyes,injector,NP,1000000004,TX,AP123456,active,https://www.bon.texas.gov/verify,2026-10-02",
      "Staffed Spa,Dallas,TX,https://maps.example/staffed,Sam Lee,injector,RN,,,,,,",
    ].join("\n");
    const first = await importClinics(t.db, parseExport(csv, "csv"));
    expect(first).toMatchObject({ inserted: 1, staff: 3, errors: [] });
    // An export's own check date is not a check the server made: imported people are entered, not checked.
    expect(await staffOf("https://maps.example/staffed")).toEqual([
      { name: "Alex Kim", role: "medical_director", credential: "MD", npi: null, license_state: "TX", verified_on: null, source: "import" },
      { name: "Dana Reyes", role: "injector", credential: "NP", npi: "1000000004", license_state: "TX", verified_on: null, source: "import" },
      { name: "Sam Lee", role: "injector", credential: "RN", npi: null, license_state: null, verified_on: null, source: "import" },
    ]);
    const again = await importClinics(t.db, parseExport(csv, "csv"));
    expect(again).toMatchObject({ inserted: 0, unchanged: 1, staff: 0, errors: [] });
  });

  it("a bad staff column makes the row a bad row, with the column named", async () => {
    const rows = [
      { name: "Bad Staff A", city: "Waco", state: "TX", staff_name: "X Y", staff_role: "injector", staff_credential: "NP", staff_npi: "1000000005" },
      { name: "Bad Staff B", city: "Waco", state: "TX", staff_role: "injector", staff_credential: "NP" },
      { name: "Bad Staff C", city: "Waco", state: "TX", staff_name: "X Y", staff_role: "injector", staff_credential: "NP", staff_verified_on: "2026-10-01" },
      { name: "Bad Staff D", city: "Waco", state: "TX", staff_name: "X Y", staff_role: "nurse", staff_credential: "NP" },
    ];
    const result = await importClinics(t.db, rows);
    expect(result.inserted).toBe(0);
    expect(result.errors).toEqual([
      { row: 1, reason: `staff_npi: ${STAFF_MSG.npi}` },
      { row: 2, reason: `staff_name: ${STAFF_MSG.name}` },
      { row: 3, reason: `staff_source_url: ${STAFF_MSG.verifiedNeedsSource}` },
      { row: 4, reason: `staff_role: ${STAFF_MSG.role}` },
    ]);
  });

  it("refuses a check dated in the future, and never imports demo people", () => {
    const row = {
      staff_name: "X Y",
      staff_role: "injector",
      staff_credential: "MD",
      staff_source_url: "https://example.org/x",
      staff_verified_on: "2026-10-02",
    };
    expect(staffColumnsOf(row, "2026-10-01")).toEqual({ ok: false, reason: `staff_verified_on: ${STAFF_MSG.verifiedOnFuture}` });
    const ok = staffColumnsOf(row, "2026-10-02");
    expect(ok.ok && ok.staff?.source).toBe("import");
    expect(staffColumnsOf({ name: "No staff" }, "2026-10-02")).toEqual({ ok: true, staff: null });
  });
});
