/**
 * The one key by which a visitor's address is counted (decision 233):
 * - "visitor" (per-visitor limits: rate limits, the login throttle, one pending suggestion,
 *   one price report a month, the rating cap): an IPv4 address (/32) or an IPv6 /64, since
 *   one IPv6 subscriber usually holds a whole /64;
 * - "network" (distinct networks, as the rating markup rule counts them): an IPv4 /24 or an
 *   IPv6 /48, since one host can easily hold several IPv4 addresses of one block or several
 *   /64s of one site's prefix.
 * An IPv4-mapped IPv6 address ("::ffff:192.0.2.1", "::ffff:c000:201") counts as its IPv4
 * address. Anything that is not an address is its own key (lowercased), so it still counts.
 */
export type AddressScope = "visitor" | "network";

export const ADDRESS_PREFIX = {
  visitor: { ipv4: 32, ipv6: 64 },
  network: { ipv4: 24, ipv6: 48 },
} as const;

type Quad = [number, number, number, number];

function parseIpv4(s: string): Quad | undefined {
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(s);
  if (!m) return undefined;
  const quad: Quad = [Number(m[1]), Number(m[2]), Number(m[3]), Number(m[4])];
  return quad.every((b) => b <= 255) ? quad : undefined;
}

/** The eight 16-bit groups of an IPv6 address (compressed, or with an IPv4 tail). */
function parseIpv6(s: string): number[] | undefined {
  const [head = "", tail, ...more] = s.split("::");
  if (more.length > 0) return undefined;
  const groupsOf = (part: string, last: boolean): number[] | undefined => {
    if (part === "") return [];
    const out: number[] = [];
    const items = part.split(":");
    for (const [i, item] of items.entries()) {
      if (last && i === items.length - 1 && item.includes(".")) {
        const v4 = parseIpv4(item);
        if (!v4) return undefined;
        const [a, b, c, d] = v4;
        out.push((a << 8) | b, (c << 8) | d);
      } else if (/^[0-9a-f]{1,4}$/.test(item)) out.push(parseInt(item, 16));
      else return undefined;
    }
    return out;
  };
  const compressed = tail !== undefined;
  const left = groupsOf(head, !compressed);
  const right = compressed ? groupsOf(tail, true) : [];
  if (!left || !right) return undefined;
  const missing = 8 - left.length - right.length;
  if (compressed ? missing < 1 : missing !== 0) return undefined;
  return [...left, ...Array<number>(missing).fill(0), ...right];
}

type Parsed = { v: 4; bytes: Quad } | { v: 6; groups: number[] };

function parseAddress(raw: string): Parsed | undefined {
  let s = raw.trim().toLowerCase();
  if (s.startsWith("[") && s.endsWith("]")) s = s.slice(1, -1);
  const zone = s.indexOf("%");
  if (zone >= 0) s = s.slice(0, zone);
  const v4 = parseIpv4(s);
  if (v4) return { v: 4, bytes: v4 };
  const groups = s.includes(":") ? parseIpv6(s) : undefined;
  if (!groups) return undefined;
  // IPv4-mapped (::ffff:a.b.c.d): the same client as a.b.c.d.
  const [g6 = 0, g7 = 0] = groups.slice(6);
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) return { v: 4, bytes: [g6 >> 8, g6 & 0xff, g7 >> 8, g7 & 0xff] };
  return { v: 6, groups };
}

/**
 * The key one client address counts under: "203.0.113.7" and "2001:db8:1:2::/64" for a
 * visitor, "203.0.113.0/24" and "2001:db8:1::/48" for a network.
 */
export function addressKey(ip: string, scope: AddressScope = "visitor"): string {
  const parsed = parseAddress(ip);
  if (!parsed) return ip.trim().toLowerCase();
  const bits = ADDRESS_PREFIX[scope];
  if (parsed.v === 4) {
    const kept = bits.ipv4 / 8;
    const bytes = parsed.bytes.map((b, i) => (i < kept ? b : 0)).join(".");
    return bits.ipv4 === 32 ? bytes : `${bytes}/${bits.ipv4}`;
  }
  const kept = parsed.groups.slice(0, bits.ipv6 / 16).map((g) => g.toString(16));
  return `${kept.join(":")}::/${bits.ipv6}`;
}
