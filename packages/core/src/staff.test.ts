import { describe, expect, it } from "vitest";
import {
  isRegistryChecked,
  registryMismatches,
  STAFF_MSG,
  credentialFromRegistry,
  credentialLine,
  goesStaleSoon,
  isValidNpi,
  oldestCurrentCheck,
  parseCredentialList,
  staffVerification,
  verificationLine,
  verifiedCredentialsOf,
} from "./staff.ts";
import { credentialListParam, staffInputSchema, staffPatchSchema } from "./contract/staff.ts";

describe("isValidNpi", () => {
  it("accepts NPIs whose last digit is the Luhn check digit over 80840 and the first nine", () => {
    // CMS's worked example: 123456789 → check digit 3.
    expect(isValidNpi("1234567893")).toBe(true);
    expect(isValidNpi("1245319599")).toBe(true);
    expect(isValidNpi("1003000126")).toBe(true);
  });

  it("refuses a wrong check digit, each one of the other nine", () => {
    for (let d = 0; d <= 9; d++) if (d !== 3) expect(isValidNpi(`123456789${d}`)).toBe(false);
  });

  it("refuses anything but exactly ten digits", () => {
    for (const bad of ["", "123456789", "12345678930", "123456789a", " 1234567893", "1234-56789", "１２３４５６７８９３"]) expect(isValidNpi(bad)).toBe(false);
  });

  it("is not a plain Luhn check: the 80840 prefix changes the digit", () => {
    // Plain Luhn over the ten digits would want a different last digit for 123456789.
    expect(isValidNpi("1234567897")).toBe(false);
  });
});

describe("staleness (365 days)", () => {
  const today = "2026-11-25";
  const active = (verifiedOn: string | null) => ({ verifiedOn, verifiedVia: "npi_registry" as const, licenseStatus: "active" as const });

  it("is current up to and including 365 days, stale from 366", () => {
    expect(staffVerification(active("2026-11-25"), today)).toBe("current");
    expect(staffVerification(active("2025-11-25"), today)).toBe("current");
    expect(staffVerification(active("2025-11-24"), today)).toBe("stale");
    expect(oldestCurrentCheck(today)).toBe("2025-11-25");
  });

  it("never checked, or a licence found inactive or unknown, is not verified", () => {
    expect(staffVerification(active(null), today)).toBe("none");
    expect(staffVerification({ verifiedOn: "2026-11-01", licenseStatus: "inactive" }, today)).toBe("none");
    expect(staffVerification({ verifiedOn: "2026-11-01", licenseStatus: "unknown" }, today)).toBe("none");
  });

  it("only the server's own registry check counts: a typed-in date or a demo person never does", () => {
    expect(staffVerification({ verifiedOn: "2026-11-01", licenseStatus: "active" }, today)).toBe("none");
    expect(staffVerification({ ...active("2026-11-01"), verifiedVia: null }, today)).toBe("none");
    expect(staffVerification({ ...active("2026-11-01"), source: "demo" }, today)).toBe("none");
    expect(isRegistryChecked({ ...active("2026-11-01"), source: "demo" })).toBe(false);
    expect(isRegistryChecked(active("2026-11-01"))).toBe(true);
  });

  it("says 'last checked {date} — may be out of date' for a stale check, 'entered, not checked' for anything the server did not check", () => {
    const base = {
      licenseStatus: "active" as const,
      sourceUrl: "https://npiregistry.cms.hhs.gov/provider-view/1234567893",
      source: "admin" as const,
      verifiedVia: "npi_registry" as const,
    };
    expect(verificationLine({ ...base, verifiedOn: "2025-01-10" }, today)).toBe("last checked against the NPI Registry on 10 Jan 2025 — may be out of date");
    expect(verificationLine({ ...base, verifiedOn: "2026-11-02" }, today)).toBe("checked against the NPI Registry on 2 Nov 2026");
    expect(verificationLine({ ...base, verifiedOn: "2026-11-02", licenseStatus: "inactive" }, today)).toBe("Licence inactive: the NPI Registry on 2 Nov 2026");
    expect(verificationLine({ ...base, verifiedOn: "2026-11-02", licenseStatus: "unknown" }, today)).toBe(STAFF_MSG.statusUnknown);
    const entered = { ...base, sourceUrl: "https://search.dca.ca.gov/details/8002/A/12345", verifiedVia: null, verifiedOn: "2026-11-02" };
    expect(verificationLine(entered, today)).toBe(STAFF_MSG.entered);
    expect(verificationLine({ ...entered, licenseStatus: "inactive" }, today)).toBe(STAFF_MSG.enteredInactive);
    expect(verificationLine({ ...base, source: "demo", verifiedOn: "2026-11-02" }, today)).toBe(STAFF_MSG.demo);
  });

  it("stale and unverified people count in neither verifiedCredentials nor the card line", () => {
    const checked = { verifiedVia: "npi_registry" as const, licenseStatus: "active" as const };
    const staff = [
      { role: "medical_director" as const, credential: "MD" as const, verifiedOn: "2026-10-01", ...checked },
      { role: "injector" as const, credential: "NP" as const, verifiedOn: "2026-10-01", ...checked },
      { role: "injector" as const, credential: "RN" as const, verifiedOn: "2024-10-01", ...checked },
      { role: "injector" as const, credential: "PA" as const, verifiedOn: null, ...checked },
      { role: "injector" as const, credential: "DO" as const, verifiedOn: "2026-10-01", licenseStatus: "active" as const },
      { role: "injector" as const, credential: "PA" as const, verifiedOn: "2026-10-01", ...checked, source: "demo" as const },
    ];
    expect(verifiedCredentialsOf(staff, today)).toEqual(["MD", "NP"]);
    expect(credentialLine(staff, today)).toBe("MD medical director · NP injector");
    expect(credentialLine([], today)).toBe("");
  });

  it("goes stale soon within 30 days of the 365", () => {
    expect(goesStaleSoon("2025-12-20", today)).toBe(true); // 340 days
    expect(goesStaleSoon("2025-11-25", today)).toBe(true); // 365: last current day
    expect(goesStaleSoon("2025-11-24", today)).toBe(false); // already stale
    expect(goesStaleSoon("2026-01-10", today)).toBe(false); // 319 days
  });
});

describe("the registry check", () => {
  const record = {
    name: "Dana M Reyes",
    credential: "NP" as const,
    status: "active" as const,
    taxonomies: [
      { state: "TX", license: "AP123456" },
      { state: "OK", license: "R0987" },
    ],
  };
  const saved = { name: "Dana Reyes", credential: "NP" as const, licenseState: "TX", licenseNumber: "AP123456" };

  it("matches the first and last names (middle name, titles, case and accents aside), credential and a licence of that state", () => {
    expect(registryMismatches(saved, record)).toEqual([]);
    expect(registryMismatches({ ...saved, name: "Dr. DANA M. REYES, NP" }, record)).toEqual([]);
    expect(registryMismatches({ ...saved, licenseState: "OK", licenseNumber: "r-0987" }, record)).toEqual([]);
    expect(registryMismatches({ ...saved, name: "Dána Reyes" }, { ...record, name: "Dana Reyes" })).toEqual([]);
  });

  it("names each field that differs", () => {
    expect(registryMismatches({ ...saved, credential: "MD" }, record)).toEqual(["Credential: the NPI Registry has NP."]);
    expect(registryMismatches({ ...saved, name: "Dana Smith" }, record)).toEqual(["Name: the NPI Registry has Dana M Reyes."]);
    expect(registryMismatches({ ...saved, licenseNumber: "AP999999" }, record)).toEqual(["Licence: the NPI Registry lists TX AP123456, OK R0987."]);
    // The right number in another state is not a match.
    expect(registryMismatches({ ...saved, licenseState: "CA" }, record)).toHaveLength(1);
    expect(registryMismatches({ ...saved, licenseNumber: null }, record)).toEqual(["Licence: give the licence state and number the NPI Registry lists."]);
    expect(registryMismatches(saved, { ...record, credential: null })).toEqual(["Credential: the NPI Registry has none."]);
  });
});

describe("credentials", () => {
  it("parses the filter in either case, refusing unknown values", () => {
    expect(parseCredentialList("md, np,MD")).toEqual(["MD", "NP"]);
    expect(parseCredentialList("MD,XX")).toBeNull();
    expect(credentialListParam.safeParse("do").data).toEqual(["DO"]);
    const bad = credentialListParam.safeParse("MD,dentist");
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe(STAFF_MSG.credentialFilter);
  });

  it("reads the registry's credential text", () => {
    expect(credentialFromRegistry("M.D.")).toBe("MD");
    expect(credentialFromRegistry("D.O., FAAD")).toBe("DO");
    expect(credentialFromRegistry("FNP-C")).toBe("NP");
    expect(credentialFromRegistry("PA-C")).toBe("PA");
    expect(credentialFromRegistry("R.N.")).toBe("RN");
    expect(credentialFromRegistry("DDS")).toBe("other");
    expect(credentialFromRegistry("")).toBeNull();
    expect(credentialFromRegistry(undefined)).toBeNull();
  });
});

describe("staff input", () => {
  const ok = { name: "Dana Reyes", role: "injector", credential: "NP" };

  it("takes the minimal fields and clears blanks", () => {
    expect(staffInputSchema.parse({ ...ok, npi: "", licenseState: "ca", sourceUrl: " " })).toMatchObject({ npi: null, licenseState: "CA", sourceUrl: null });
  });

  it.each([
    ["name", { name: "" }, STAFF_MSG.name],
    ["name", { name: "x".repeat(121) }, "Name is too long (at most 120 characters)."],
    ["name", { name: "Dana\u202EReyes" }, "Remove control characters and text-direction override characters."],
    ["role", { role: "nurse" }, STAFF_MSG.role],
    ["credential", { credential: "MBBS" }, STAFF_MSG.credential],
    ["npi", { npi: "1234567890" }, STAFF_MSG.npi],
    ["licenseState", { licenseState: "California" }, STAFF_MSG.licenseState],
    ["licenseNumber", { licenseNumber: "A1\u0007" }, STAFF_MSG.licenseNumber],
    ["licenseStatus", { licenseStatus: "revoked" }, STAFF_MSG.licenseStatus],
    ["sourceUrl", { sourceUrl: "http://search.dca.ca.gov/x" }, STAFF_MSG.sourceUrl],
    ["sourceUrl", { sourceUrl: "javascript:alert(1)" }, STAFF_MSG.sourceUrl],
    ["sourceUrl", { sourceUrl: "https://board.example.gov/\u202Egpj" }, STAFF_MSG.sourceUrl],
    ["verifiedOn", { verifiedOn: "2026-02-30" }, STAFF_MSG.verifiedOn],
  ])("refuses a bad %s with its message", (path, patch, message) => {
    const r = staffInputSchema.safeParse({ ...ok, ...patch });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]).toMatchObject({ path: [path], message });
  });

  it("refuses unknown fields and an empty patch", () => {
    expect(staffInputSchema.safeParse({ ...ok, clinicId: 3 }).success).toBe(false);
    expect(staffPatchSchema.safeParse({}).error?.issues[0]?.message).toBe(STAFF_MSG.emptyPatch);
  });
});
