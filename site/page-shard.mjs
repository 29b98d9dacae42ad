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
  const key = pathSegments(pathname).join("/");
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) hash = Math.imul(hash ^ key.charCodeAt(i), 0x01000193) >>> 0;
  return hash % shards;
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
