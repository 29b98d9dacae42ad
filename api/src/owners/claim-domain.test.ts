import { describe, expect, it } from "vitest";
import { NEVER_PROOF_DOMAINS, emailMatchesSite } from "./claim-domain.ts";

describe("emailMatchesSite", () => {
  it("accepts an address on the site's registrable domain, any subdomain, any case", () => {
    expect(emailMatchesSite("ann@clinicexample.com", "https://www.clinicexample.com/botox")).toBe(true);
    expect(emailMatchesSite("ann@mail.clinicexample.com", "clinicexample.com")).toBe(true);
    expect(emailMatchesSite("Ann@ClinicExample.COM", "http://clinicexample.com")).toBe(true);
    expect(emailMatchesSite("ann@spa.co.uk", "https://www.spa.co.uk")).toBe(true);
  });

  it("refuses look-alikes of the domain", () => {
    for (const email of [
      "ann@clinic-example.com",
      "ann@clinicexample.com.evil.net",
      "ann@clinicexample.co",
      "ann@clinicexamp1e.com",
      "ann@xn--clinicxample-mhb.com",
      "ann@clinicеxample.com", // a Cyrillic "е"
      "ann@evil.net",
    ]) {
      expect(emailMatchesSite(email, "https://clinicexample.com"), email).toBe(false);
    }
  });

  it("refuses a site whose host is an IDN, even for an address written the same way", () => {
    expect(emailMatchesSite("ann@xn--80ak6aa92e.com", "https://xn--80ak6aa92e.com")).toBe(false);
    expect(emailMatchesSite("ann@аррӏе.com", "https://аррӏе.com")).toBe(false);
  });

  it("never counts free mail or shared site hosts, nor their subdomains", () => {
    expect(emailMatchesSite("clinic@gmail.com", "https://gmail.com")).toBe(false);
    expect(emailMatchesSite("clinic@clinic.gmail.com", "https://clinic.gmail.com")).toBe(false);
    expect(emailMatchesSite("someone@facebook.com", "https://www.facebook.com/clinicexample")).toBe(false);
    expect(emailMatchesSite("x@clinic.wixsite.com", "https://clinic.wixsite.com/spa")).toBe(false);
    expect(emailMatchesSite("x@clinic.github.io", "https://clinic.github.io")).toBe(false);
    expect(Object.keys(NEVER_PROOF_DOMAINS)).toContain("outlook.com");
  });

  it("refuses what is not a plain host: no site, IP addresses, single labels, unknown suffixes", () => {
    expect(emailMatchesSite("ann@clinicexample.com", null)).toBe(false);
    expect(emailMatchesSite("ann@clinicexample.com", "")).toBe(false);
    expect(emailMatchesSite("ann@[10.0.0.1]", "http://10.0.0.1")).toBe(false);
    expect(emailMatchesSite("ann@localhost", "http://localhost")).toBe(false);
    expect(emailMatchesSite("ann@clinic.invalidtld", "https://clinic.invalidtld")).toBe(false);
    expect(emailMatchesSite("no-at-sign", "https://clinicexample.com")).toBe(false);
  });
});
