import { describe, expect, it } from "vitest";
import { BOOKING_LINK_MSG, BOOKING_PLATFORMS, bookingLinkIssue, bookingPlatformOf } from "./booking-platforms.ts";

const notAllowed = BOOKING_LINK_MSG.notAllowed(BOOKING_PLATFORMS.map((p) => p.name).join(", "));

describe("bookingLinkIssue", () => {
  it("accepts https on the clinic's registrable domain or a subdomain, and on a platform host or a subdomain", () => {
    expect(bookingLinkIssue("https://glowspa.com/book", "glowspa.com")).toBeNull();
    expect(bookingLinkIssue("https://book.glowspa.com/x?y=1", "glowspa.com")).toBeNull();
    expect(bookingLinkIssue("https://glow.zenoti.com/webstoreNew", null)).toBeNull();
    expect(bookingLinkIssue("https://www.vagaro.com/glowspa", "glowspa.com")).toBeNull();
  });

  it("refuses anything else, each with its reason", () => {
    expect(bookingLinkIssue("http://glowspa.com/book", "glowspa.com")).toBe(BOOKING_LINK_MSG.https);
    expect(bookingLinkIssue("javascript:alert(1)", "glowspa.com")).toBe(BOOKING_LINK_MSG.https);
    expect(bookingLinkIssue("https://a:b@glowspa.com/", "glowspa.com")).toBe(BOOKING_LINK_MSG.credentials);
    expect(bookingLinkIssue("https://glowspa.com:444/", "glowspa.com")).toBe(BOOKING_LINK_MSG.port);
    expect(bookingLinkIssue("https://10.0.0.1/", null)).toBe(BOOKING_LINK_MSG.host);
    expect(bookingLinkIssue("https://xn--glwspa-fya.com/", "glowspa.com")).toBe(BOOKING_LINK_MSG.host);
    expect(bookingLinkIssue("https://localhost/", null)).toBe(BOOKING_LINK_MSG.host);
    expect(bookingLinkIssue("https://glowspa.com.evil.example/", "glowspa.com")).toBe(notAllowed);
    expect(bookingLinkIssue("https://notglowspa.com/", "glowspa.com")).toBe(notAllowed);
    expect(bookingLinkIssue("https://zenoti.com.evil.example/", null)).toBe(notAllowed);
    expect(bookingLinkIssue("https://glowspa.com/", null)).toBe(notAllowed);
    expect(bookingLinkIssue("book here", null)).toBe(BOOKING_LINK_MSG.notUrl);
    expect(bookingLinkIssue(`https://glowspa.com/${"a".repeat(500)}`, "glowspa.com")).toBe(BOOKING_LINK_MSG.tooLong);
  });
});

describe("BOOKING_PLATFORMS", () => {
  it("names each platform's hosts and an https or http source page; a host belongs to one platform", () => {
    const hosts = BOOKING_PLATFORMS.flatMap((p) => p.hosts);
    expect(new Set(hosts).size).toBe(hosts.length);
    for (const p of BOOKING_PLATFORMS) expect(p.source).toMatch(/^https?:\/\//);
    expect(bookingPlatformOf("Clinic.Zenoti.com.")?.name).toBe("Zenoti");
    expect(bookingPlatformOf("zenoti.co")).toBeNull();
  });
});
