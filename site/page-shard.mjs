// @ts-check
/**
 * Which share of a full build's page pipeline renders a page (site/page-pipeline.mjs, decision
 * 226). One definition for both sides: the routes select their share's pages with it
 * (src/lib/path-selection.ts, `shardSelection`) and each render process keeps its share of the
 * pages every other route returns. Plain JavaScript, as the render processes load no TypeScript.
 */

/**
 * A page path's segments, decoded: the same whether a path was written encoded or not (a
 * segment that is not valid percent-encoding stays as written).
 * @param {string} pathname
 * @returns {string[]}
 */
export function pathSegments(pathname) {
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
 * @param {string} pathname @param {number} shards
 */
export function pathShard(pathname, shards) {
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

/** FNV-1a of `text`'s UTF-16 code units from `start` to `end`. @param {string} text @param {number} start @param {number} end */
function fnv1a(text, start, end) {
  let hash = 0x811c9dc5;
  for (let i = start; i < end; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return hash;
}

/**
 * A SITE_RENDER_SHARD value, "k/N" with 0 ≤ k < N.
 * @param {string} value
 * @returns {{ shard: number, shards: number }}
 */
export function parseShard(value) {
  const m = /^(\d+)\/(\d+)$/.exec(value);
  const shard = Number(m?.[1]);
  const shards = Number(m?.[2]);
  if (!m || !(shards >= 1) || !(shard < shards)) throw new Error(`SITE_RENDER_SHARD must be "k/N" with 0 ≤ k < N, not "${value}"`);
  return { shard, shards };
}
