/**
 * Which share of a full build's page pipeline renders a page (page-pipeline.ts, decision 226).
 * One definition for both sides: the routes select their share's pages with it
 * (site/src/lib/path-selection.ts, `shardSelection`) and each render process keeps its share of
 * the pages every other route returns.
 */

/**
 * A page path's segments, decoded: the same whether a path was written encoded or not (a
 * segment that is not valid percent-encoding stays as written).
 */
export function pathSegments(pathname: string): string[] {
  return pathname
    .split("/")
    .filter(Boolean)
    .map((s) => {
      try {
        return decodeURIComponent(s);
      } catch {
        return s;
      }
    });
}

/**
 * A page path's share of `shards`: FNV-1a of its decoded segments, so pages of one city or
 * route spread over every share.
 */
export function pathShard(pathname: string, shards: number): number {
  // Every page of a build is asked (twice for clinic pages): a path with nothing to decode and no
  // empty segment is hashed in place, between its outer slashes, without splitting it.
  if (pathname.includes("%") || pathname.includes("//")) {
    const key = pathSegments(pathname).join("/");
    return fnv1a(key, 0, key.length) % shards;
  }
  let start = 0;
  let end = pathname.length;
  while (start < end && pathname.charCodeAt(start) === 47) start++;
  while (end > start && pathname.charCodeAt(end - 1) === 47) end--;
  return fnv1a(pathname, start, end) % shards;
}

/** FNV-1a of `text`'s UTF-16 code units from `start` to `end`. */
function fnv1a(text: string, start: number, end: number): number {
  let hash = 0x811c9dc5;
  for (let i = start; i < end; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return hash;
}

/** A SITE_RENDER_SHARD value, "k/N" with 0 ≤ k < N. */
export function parseShard(value: string): { shard: number; shards: number } {
  const m = /^(\d+)\/(\d+)$/.exec(value);
  const shard = Number(m?.[1]);
  const shards = Number(m?.[2]);
  if (!m || !(shards >= 1) || !(shard < shards)) throw new Error(`SITE_RENDER_SHARD must be "k/N" with 0 ≤ k < N, not "${value}"`);
  return { shard, shards };
}
