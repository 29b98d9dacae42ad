/**
 * "Checked to answer" (decision 282): before a booking link is saved the server asks it, so a
 * typo never reaches the clinic page. HEAD first, GET when HEAD is refused or fails; a short
 * timeout; at most 3 redirects, each of which must pass the same link rule
 * (packages/core booking-platforms.ts); any 2xx or 3xx answer counts.
 *
 * The server must not become a way into its own network (SSRF): the host is resolved first and
 * refused when any of its addresses is private, loopback, link-local or otherwise not public;
 * the request then connects to the address that was checked (no second lookup an attacker's
 * DNS could answer differently). Tests inject the resolver, the TLS agent (a self-signed
 * certificate's `ca`) and the port of a loopback server, and allow its loopback address.
 */
import { lookup as dnsLookup } from "node:dns/promises";
import { request } from "node:https";
import { BlockList, isIP, type LookupFunction } from "node:net";
import { BOOKING_LINK_MSG, bookingLinkIssue } from "@botox/core";
import type { BookingLinkCheckDeps } from "../context.ts";
import { HttpError } from "./errors.ts";

const MAX_REDIRECTS = 3;
const DEFAULT_TIMEOUT_MS = 5_000;

/** Addresses a link from the public web may never lead the server to. */
const NOT_PUBLIC = (() => {
  const list = new BlockList();
  for (const [net, prefix] of [
    ["0.0.0.0", 8],
    ["10.0.0.0", 8],
    ["100.64.0.0", 10],
    ["127.0.0.0", 8],
    ["169.254.0.0", 16],
    ["172.16.0.0", 12],
    ["192.0.0.0", 24],
    ["192.168.0.0", 16],
    ["198.18.0.0", 15],
    ["224.0.0.0", 3],
  ] as const)
    list.addSubnet(net, prefix, "ipv4");
  for (const [net, prefix] of [
    ["::", 128],
    ["::1", 128],
    ["fc00::", 7],
    ["fe80::", 10],
    ["ff00::", 8],
  ] as const)
    list.addSubnet(net, prefix, "ipv6");
  return list;
})();

/**
 * Whether `address` is not a public one (an IPv4-mapped IPv6 address is read as its IPv4).
 * @internal Exported for its tests.
 */
export function isNotPublicAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  const ip = mapped ?? address;
  const family = isIP(ip);
  if (family === 0) return true;
  return NOT_PUBLIC.check(ip, family === 6 ? "ipv6" : "ipv4");
}

const systemResolve = async (host: string) => (await dnsLookup(host, { all: true, verbatim: true })).map((a) => a.address);

type Answer = { status: number; location: string | undefined };

/** One request to `url` at the checked `address`: its status and Location. */
function ask(url: URL, address: string, method: "HEAD" | "GET", deps: BookingLinkCheckDeps): Promise<Answer> {
  // Connects to the address that was checked, whatever the name would resolve to now.
  const pinned: LookupFunction = (_host, options, callback) => {
    if (options.all) callback(null, [{ address, family: isIP(address) }]);
    else callback(null, address, isIP(address));
  };
  return new Promise((resolve, reject) => {
    const req = request(
      {
        method,
        host: url.hostname,
        servername: url.hostname,
        port: deps.port ?? 443,
        path: `${url.pathname}${url.search}`,
        headers: { "user-agent": "BotoxNearMe-LinkCheck/1.0", accept: "text/html,*/*" },
        lookup: pinned,
        ...(deps.agent ? { agent: deps.agent } : {}),
        timeout: deps.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      },
      (res) => {
        // Only the status matters: the body is never read.
        res.resume();
        res.destroy();
        resolve({ status: res.statusCode ?? 0, location: res.headers.location });
      },
    );
    req.on("timeout", () => req.destroy(new Error("no answer in time")));
    req.on("error", reject);
    req.end();
  });
}

const describe = (err: unknown) => (err instanceof Error ? err.message : String(err));

/**
 * Refuses (400, with the reason) a booking link that breaks the rule or does not answer;
 * `siteDomain` is the registrable domain of the clinic's website (null when none).
 */
export async function checkBookingLink(link: string, siteDomain: string | null, deps: BookingLinkCheckDeps = {}): Promise<void> {
  const refuse = (message: string): never => {
    throw new HttpError(400, message, [{ path: "bookingUrl", message }]);
  };
  const first = bookingLinkIssue(link, siteDomain);
  if (first) refuse(first);
  let url = new URL(link);
  for (let hop = 0; ; hop++) {
    const issue = bookingLinkIssue(url.href, siteDomain);
    if (issue) refuse(hop === 0 ? issue : BOOKING_LINK_MSG.redirectNotAllowed);
    let addresses: string[];
    try {
      addresses = await (deps.resolve ?? systemResolve)(url.hostname);
    } catch (err) {
      return refuse(BOOKING_LINK_MSG.noAnswer(`its name could not be found: ${describe(err)}`));
    }
    const address = addresses[0];
    if (address === undefined) return refuse(BOOKING_LINK_MSG.noAnswer("its name could not be found"));
    if (!deps.allowPrivateAddresses && addresses.some(isNotPublicAddress)) refuse(BOOKING_LINK_MSG.privateAddress);
    let answer: Answer;
    try {
      answer = await ask(url, address, "HEAD", deps);
      // Some servers refuse HEAD (405, 501, …) but answer GET.
      if (answer.status >= 400) answer = await ask(url, address, "GET", deps);
    } catch {
      try {
        answer = await ask(url, address, "GET", deps);
      } catch (err) {
        return refuse(BOOKING_LINK_MSG.noAnswer(describe(err)));
      }
    }
    if (answer.status >= 300 && answer.status < 400 && answer.location) {
      if (hop >= MAX_REDIRECTS) refuse(BOOKING_LINK_MSG.tooManyRedirects);
      let next: URL;
      try {
        next = new URL(answer.location, url);
      } catch {
        return refuse(BOOKING_LINK_MSG.redirectNotAllowed);
      }
      url = next;
      continue;
    }
    if (answer.status >= 200 && answer.status < 400) return;
    refuse(BOOKING_LINK_MSG.noAnswer(`it answered HTTP ${answer.status}`));
  }
}
