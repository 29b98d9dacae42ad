/**
 * Sets `key` in a map that remembers computed values in one process, starting it again once it
 * holds `max` entries (keys come from data or requests: a hostile stream must not grow it for
 * ever; a cleared map only costs recomputing). A key already kept is replaced in place.
 */
export function setBounded<K, V>(map: Map<K, V>, max: number, key: K, value: V): void {
  if (map.size >= max && !map.has(key)) map.clear();
  map.set(key, value);
}
