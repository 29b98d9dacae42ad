/**
 * Whether an address proves, by its domain, that its holder works at a clinic (decision 268):
 * the address's registrable domain (public suffix list, tldts) is the registrable domain of the
 * clinic's website, exactly. Never counted:
 *  - free-mail providers and shared site hosts (one table below), and any of their subdomains;
 *  - internationalised names (punycode `xn--` labels, or any letter outside ASCII), so no
 *    homograph of a clinic's domain gets a code; such clinics go to the team;
 *  - anything that is not a plain host name (IP addresses, single labels, unknown suffixes).
 * `clinic-example.com` for `clinicexample.com` and `clinicexample.com.evil.net` differ in their
 * registrable domain, so they fail the exact comparison.
 */
import { parse } from "tldts";

/**
 * Domains whose addresses anyone can get, or whose sites anyone can have a page on: an address
 * or a website there proves nothing about a clinic.
 * @internal Exported for its tests.
 */
export const NEVER_PROOF_DOMAINS: Readonly<Record<string, "free mail" | "shared site">> = {
  "gmail.com": "free mail",
  "googlemail.com": "free mail",
  "yahoo.com": "free mail",
  "ymail.com": "free mail",
  "rocketmail.com": "free mail",
  "hotmail.com": "free mail",
  "outlook.com": "free mail",
  "live.com": "free mail",
  "msn.com": "free mail",
  "aol.com": "free mail",
  "icloud.com": "free mail",
  "me.com": "free mail",
  "mac.com": "free mail",
  "proton.me": "free mail",
  "protonmail.com": "free mail",
  "pm.me": "free mail",
  "gmx.com": "free mail",
  "gmx.net": "free mail",
  "mail.com": "free mail",
  "zoho.com": "free mail",
  "yandex.com": "free mail",
  "tutanota.com": "free mail",
  "fastmail.com": "free mail",
  "hey.com": "free mail",
  "comcast.net": "free mail",
  "att.net": "free mail",
  "sbcglobal.net": "free mail",
  "verizon.net": "free mail",
  "cox.net": "free mail",
  "charter.net": "free mail",
  "facebook.com": "shared site",
  "instagram.com": "shared site",
  "google.com": "shared site",
  "business.site": "shared site",
  "yelp.com": "shared site",
  "linktr.ee": "shared site",
  "wixsite.com": "shared site",
  "squarespace.com": "shared site",
  "godaddysites.com": "shared site",
  "weebly.com": "shared site",
  "wordpress.com": "shared site",
  "blogspot.com": "shared site",
  "square.site": "shared site",
  "vagaro.com": "shared site",
  "glossgenius.com": "shared site",
  "booksy.com": "shared site",
};

/** A host name that may be compared: ASCII letters, digits, hyphens and dots, no IDN label. */
function plainHost(host: string): boolean {
  return /^[a-z0-9.-]+$/.test(host) && !host.split(".").some((label) => label.startsWith("xn--") || label === "");
}

/** The registrable domain of a plain host on a known public suffix, or null. */
function registrable(host: string): string | null {
  const h = host.toLowerCase().replace(/\.$/, "");
  if (!plainHost(h)) return null;
  const parsed = parse(h, { allowPrivateDomains: false });
  if (parsed.isIp || !parsed.isIcann || !parsed.domain) return null;
  // Stored without the shared part: "x.gmail.com" → gmail.com is refused below like gmail.com.
  if (NEVER_PROOF_DOMAINS[parsed.domain]) return null;
  // A site on a private suffix (github.io, …) is one of many on the same name: not proof.
  const withPrivate = parse(h, { allowPrivateDomains: true });
  if (withPrivate.domain !== parsed.domain) return null;
  return parsed.domain;
}

/** The host of a clinic's website as stored ("example.com/page", "https://www.example.com"). */
function siteHost(site: string): string | null {
  const text = site.trim();
  if (!text) return null;
  try {
    return new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`).hostname;
  } catch {
    return null;
  }
}

/**
 * The registrable domain of a clinic's website, or null (none, a shared site host, a private
 * suffix, an IDN): what a booking link on the clinic's own domain is compared with (decision 282).
 */
export function siteRegistrableDomain(website: string | null): string | null {
  const host = website ? siteHost(website) : null;
  return host ? registrable(host) : null;
}

/**
 * Whether `email` is on the registrable domain of `website`. The URL parser writes an IDN host
 * in punycode, so a homograph of the site never compares equal to a plain address.
 */
export function emailMatchesSite(email: string, website: string | null): boolean {
  if (!website) return false;
  const at = email.lastIndexOf("@");
  if (at < 1) return false;
  const emailDomain = registrable(email.slice(at + 1));
  const host = siteHost(website);
  const siteDomain = host ? registrable(host) : null;
  return emailDomain !== null && emailDomain === siteDomain;
}
