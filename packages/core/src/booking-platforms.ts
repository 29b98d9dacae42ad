/**
 * A clinic's booking link (decision 282): the one rule of which links may be saved, and the
 * table of booking platforms whose hosts count besides the clinic's own domain. Zod-free and
 * free of the public suffix list: the API gives the clinic website's registrable domain
 * (api/src/owners/claim-domain.ts), so the site's islands and the admin can import this too.
 *
 * A link is valid when it is https, names no user or password, has no port, its host is a
 * plain ASCII name (no IP address, no punycode label), and the host is the clinic website's
 * registrable domain or a subdomain of it, or a platform host below or a subdomain of one.
 */

/**
 * The booking platforms whose pages a clinic may link to, each with the hosts its booking
 * pages live on and the platform's own page that shows them. Only hosts a platform's own page
 * confirms are listed; a platform whose booking pages sit on the clinic's own site (an overlay
 * or an embedded widget) needs no entry, as the clinic's domain is accepted anyway.
 */
export const BOOKING_PLATFORMS = [
  {
    name: "Zenoti",
    hosts: ["zenoti.com"],
    // "the Webstore URL can be www.<orgname>.zenoti.com/webstoreNew"
    source: "https://help.zenoti.com/en/articles/5947664-webstore-v2-request-an-appointment",
  },
  {
    name: "Vagaro",
    hosts: ["vagaro.com"],
    // Clients book on the business's Vagaro Listing Page (its online booking page on vagaro.com).
    source: "https://support.vagaro.com/hc/en-us/articles/204347060-Configure-Your-Online-Appointment-Rules",
  },
  {
    name: "Mindbody",
    hosts: ["mindbodyonline.com"],
    // Consumer mode: the business's Mindbody site where clients book classes and appointments.
    source: "http://www.mindbodyonline.com/HelpFiles/MyWebHelp/Content/Getting%20Started/10ConsumerPrivileges.htm",
  },
  {
    name: "Boulevard",
    hosts: ["joinblvd.com"],
    // "booked with a Business through the Boulevard booking platform" (its client terms).
    source: "https://www.joinblvd.com/terms/cancellations",
  },
] as const satisfies readonly { name: string; hosts: readonly string[]; source: string }[];

export const BOOKING_LINK_MSG = {
  notUrl: "Enter the booking link as a full web address (https://…).",
  https: "The booking link must start with https://.",
  credentials: "The booking link may not contain a user name or password.",
  port: "The booking link may not name a port.",
  host: "The booking link's address is not a plain web address (no IP addresses or international letters).",
  tooLong: "The booking link is too long (at most 500 characters).",
  notAllowed: (platforms: string) => `The booking link must be on the clinic's own website domain or a known booking platform (${platforms}).`,
  noAnswer: (why: string) => `The booking link did not answer (${why}). Check the address and try again.`,
  privateAddress: "The booking link points to a private network address.",
  tooManyRedirects: "The booking link redirects too many times (at most 3).",
  redirectNotAllowed: "The booking link redirects to an address that is not allowed.",
} as const;

export const BOOKING_LINK_MAX = 500;

/** Whether `host` is `domain` or one of its subdomains (both lower-case, no trailing dot). */
const onDomain = (host: string, domain: string): boolean => host === domain || host.endsWith(`.${domain}`);

/** The booking platform `host` belongs to, or null. */
export function bookingPlatformOf(host: string): (typeof BOOKING_PLATFORMS)[number] | null {
  const h = host.toLowerCase().replace(/\.$/, "");
  return BOOKING_PLATFORMS.find((p) => p.hosts.some((d) => onDomain(h, d))) ?? null;
}

/** A host name that may be compared: ASCII letters, digits and hyphens in dotted labels, no IDN label, not an address. */
function plainHost(host: string): boolean {
  if (!/^[a-z0-9.-]+$/.test(host) || /^[0-9.]+$/.test(host)) return false;
  const labels = host.split(".");
  return labels.length >= 2 && !labels.some((label) => label === "" || label.startsWith("xn--"));
}

/**
 * Why `link` may not be saved as the booking link of a clinic whose website's registrable
 * domain is `siteDomain` (null: no usable website), or null when it may. Says nothing of
 * whether it answers: the API asks it before saving.
 */
export function bookingLinkIssue(link: string, siteDomain: string | null): string | null {
  if (link.length > BOOKING_LINK_MAX) return BOOKING_LINK_MSG.tooLong;
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return BOOKING_LINK_MSG.notUrl;
  }
  if (url.protocol !== "https:") return BOOKING_LINK_MSG.https;
  if (url.username !== "" || url.password !== "") return BOOKING_LINK_MSG.credentials;
  if (url.port !== "") return BOOKING_LINK_MSG.port;
  const host = url.hostname.toLowerCase().replace(/\.$/, "");
  if (!plainHost(host)) return BOOKING_LINK_MSG.host;
  if (siteDomain && onDomain(host, siteDomain.toLowerCase())) return null;
  if (bookingPlatformOf(host)) return null;
  return BOOKING_LINK_MSG.notAllowed(BOOKING_PLATFORMS.map((p) => p.name).join(", "));
}

/**
 * Stored links are asked again (decision 299): at most once a day each, oldest check first;
 * after `hideAfterFailures` checks in a row that did not answer the link is no longer shown
 * (the clinic's answer has no booking link) until a check answers or a new link is saved.
 */
export const BOOKING_LINK_RECHECK = {
  hideAfterFailures: 2,
  everyHours: 24,
} as const;

/** Whether a stored link that failed `failures` re-checks in a row is shown to visitors. */
export const bookingLinkShown = (failures: number): boolean => failures < BOOKING_LINK_RECHECK.hideAfterFailures;
