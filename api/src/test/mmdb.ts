/**
 * Writes a tiny MaxMind DB (format 2.0, IPv4, 24-bit records) for tests: a few networks
 * mapped to GeoLite2-City-shaped records. Real GeoLite2 files cannot be downloaded here
 * (the server never calls the internet), so tests build their own.
 * Format: https://maxmind.github.io/MaxMind-DB/
 */

type Value = string | number | { uint: number } | Value[] | { [key: string]: Value };

function control(type: number, size: number): number[] {
  const extended = type > 7;
  const first = (extended ? 0 : type << 5) | Math.min(size, 29);
  const out = [first];
  if (extended) out.push(type - 7);
  if (size >= 29) {
    if (size - 29 > 255) throw new Error("mmdb fixture: value too long");
    out.push(size - 29);
  }
  return out;
}

function encode(v: Value): number[] {
  if (typeof v === "string") {
    const bytes = [...Buffer.from(v, "utf8")];
    return [...control(2, bytes.length), ...bytes];
  }
  if (typeof v === "number") {
    const b = Buffer.alloc(8);
    b.writeDoubleBE(v);
    return [...control(3, 8), ...b];
  }
  if (Array.isArray(v)) return [...control(11, v.length), ...v.flatMap(encode)];
  if ("uint" in v && typeof v.uint === "number") {
    const b = Buffer.alloc(4);
    b.writeUInt32BE(v.uint);
    return [...control(6, 4), ...b];
  }
  const entries = Object.entries(v as Record<string, Value>);
  return [...control(7, entries.length), ...entries.flatMap(([k, x]) => [...encode(k), ...encode(x)])];
}

export interface FixtureNetwork {
  /** e.g. "81.2.69.0/24" */
  cidr: string;
  city: string;
  /** ISO 3166-2 subdivision code, e.g. "ENG". */
  region: string;
  countryCode: string;
  countryName: string;
  latitude: number;
  longitude: number;
}

const uint = (n: number) => ({ uint: n });

export function buildCityMmdb(networks: FixtureNetwork[]): Buffer {
  // Data section: one record per network.
  const data: number[] = [];
  const offsets = networks.map((n) => {
    const offset = data.length;
    data.push(
      ...encode({
        city: { names: { en: n.city } },
        country: { iso_code: n.countryCode, names: { en: n.countryName } },
        location: { latitude: n.latitude, longitude: n.longitude, accuracy_radius: uint(10) },
        subdivisions: [{ iso_code: n.region, names: { en: n.region } }],
      }),
    );
    return offset;
  });

  // Search tree: a path of nodes per network prefix; unset branches mean "no data".
  type Node = [number | null, number | null];
  const nodes: Node[] = [[null, null]];
  const leaves: { node: number; bit: 0 | 1; data: number }[] = [];
  networks.forEach((n, i) => {
    const [addr, bitsText] = n.cidr.split("/");
    const bits = Number(bitsText);
    const ip = addr!.split(".").reduce((acc, o) => (acc << 8) | Number(o), 0) >>> 0;
    let node = 0;
    for (let depth = 0; depth < bits; depth++) {
      const bit = ((ip >>> (31 - depth)) & 1) as 0 | 1;
      if (depth === bits - 1) {
        leaves.push({ node, bit, data: offsets[i]! });
        break;
      }
      let child = nodes[node]![bit];
      if (child == null) {
        child = nodes.length;
        nodes.push([null, null]);
        nodes[node]![bit] = child;
      }
      node = child;
    }
  });
  const nodeCount = nodes.length;
  const record = (node: number, bit: 0 | 1) => {
    const leaf = leaves.find((l) => l.node === node && l.bit === bit);
    if (leaf) return nodeCount + 16 + leaf.data;
    return nodes[node]![bit] ?? nodeCount;
  };
  const tree = Buffer.alloc(nodeCount * 6);
  for (let i = 0; i < nodeCount; i++) {
    tree.writeUIntBE(record(i, 0), i * 6, 3);
    tree.writeUIntBE(record(i, 1), i * 6 + 3, 3);
  }

  const metadata = encode({
    node_count: uint(nodeCount),
    record_size: uint(24),
    ip_version: uint(4),
    database_type: "GeoLite2-City",
    languages: ["en"],
    binary_format_major_version: uint(2),
    binary_format_minor_version: uint(0),
    build_epoch: uint(Math.floor(Date.now() / 1000)),
    description: { en: "Botox Near Me test fixture" },
  });
  return Buffer.concat([tree, Buffer.alloc(16), Buffer.from(data), Buffer.from("abcdef4d61784d696e642e636f6d", "hex"), Buffer.from(metadata)]);
}
