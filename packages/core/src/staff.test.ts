import { describe, expect, it } from "vitest";
import {
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
  const active = (verifiedOn: string | null) => ({ verifiedOn, licenseStatus: "active" as const });

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

  it("says 'last checked {date} — may be out of date' for a stale check, and names the source otherwise", () => {
    const base = { licenseStatus: "active" as const, sourceUrl: "https://search.dca.ca.gov/details/8002/A/12345", source: "admin" as const };
    expect(verificationLine({ ...base, verifiedOn: "2025-01-10" }, today)).toBe("last checked 10 Jan 2025 — may be out of date");
    expect(verificationLine({ ...base, verifiedOn: "2026-11-02" }, today)).toBe("checked against search.dca.ca.gov on 2 Nov 2026");
    expect(verificationLine({ ...base, sourceUrl: "https://npiregistry.cms.hhs.gov/provider-view/1234567893", verifiedOn: "2026-11-02" }, today)).toBe(
      "checked against the NPI Registry on 2 Nov 2026",
    );
    expect(verificationLine({ ...base, source: "demo", verifiedOn: "2026-11-02" }, today)).toBe(STAFF_MSG.demo);
  });

  it("stale and unverified people count in neither verifiedCredentials nor the card line", () => {
    const staff = [
      { role: "medical_director" as const, credential: "MD" as const, verifiedOn: "2026-10-01", licenseStatus: "active" as const },
      { role: "injector" as const, credential: "NP" as const, verifiedOn: "2026-10-01", licenseStatus: "active" as const },
      { role: "injector" as const, credential: "RN" as const, verifiedOn: "2024-10-01", licenseStatus: "active" as const },
      { role: "injector" as const, credential: "PA" as const, verifiedOn: null, licenseStatus: "active" as const },
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
