/**
 * Clinic names with typing slips forgiven, for the search box: "Glow Aesthtics" or "glo
 * aesthetics" still finds Glow Aesthetics. The database's prefix match (search-lookup.ts)
 * answers first; this index answers only when it finds no clinic.
 *
 * The forgiveness is the city matcher's and the treatment words' (`slipsFor`: none under four
 * letters, one up to seven, two from eight), counted against the start of the name, so a
 * visitor may type the whole name or its first words. Candidates come from shared trigrams:
 * a text within k slips of a name's start shares all but at most 3k of its trigrams with it,
 * so only names that share enough are compared letter by letter, and a lookup reads a few
 * posting lists instead of every name. The index lives in memory (a few megabytes at 50,000
 * clinics) and no database extension is needed.
 */
import { searchWordKey, slipsFor } from "@botox/core/search-words";
import type { SearchClinic } from "@botox/core/contract";
import { clinicNamesForSearch, latestContentChangeId, type Database } from "@botox/db";

export interface NamedClinic extends SearchClinic {
  id: number;
  reviewCount: number;
}

const PAD = "  ";

function trigrams(padded: string): Set<string> {
  const out = new Set<string>();
  for (let i = 0; i + 3 <= padded.length; i++) out.add(padded.slice(i, i + 3));
  return out;
}

/**
 * The fewest slips between `text` and any start of `name` (Damerau-Levenshtein, an adjacent
 * swap counts once): `max + 1` when above `max`.
 * @internal Exported for its tests.
 */
export function prefixSlips(text: string, name: string, max: number): number {
  const n = Math.min(name.length, text.length + max);
  let prev2: number[] = [];
  let prev = Array.from({ length: n + 1 }, (_, j) => j);
  for (let i = 1; i <= text.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= n; j++) {
      const cost = text[i - 1] === name[j - 1] ? 0 : 1;
      let d = Math.min((prev[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (prev[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && text[i - 1] === name[j - 2] && text[i - 2] === name[j - 1]) d = Math.min(d, (prev2[j - 2] ?? 0) + 1);
      row.push(d);
      best = Math.min(best, d);
    }
    if (best > max) return max + 1;
    prev2 = prev;
    prev = row;
  }
  // Any start of the name: the last row's best over the name's lengths near the text's.
  let best = max + 1;
  for (let j = Math.max(0, text.length - max); j <= n; j++) best = Math.min(best, prev[j] ?? best);
  return best;
}

export class ClinicNameIndex {
  private readonly clinics: readonly NamedClinic[];
  private readonly keys: string[];
  private readonly postings = new Map<string, number[]>();

  constructor(clinics: readonly NamedClinic[]) {
    this.clinics = clinics;
    this.keys = clinics.map((c) => searchWordKey(c.name));
    this.keys.forEach((key, i) => {
      for (const t of trigrams(PAD + key)) {
        const list = this.postings.get(t);
        if (list) list.push(i);
        else this.postings.set(t, [i]);
      }
    });
  }

  get size(): number {
    return this.clinics.length;
  }

  /** Clinics whose name starts within the text's slips of it: fewest slips first, then most reviews. */
  find(text: string, limit: number): SearchClinic[] {
    const key = searchWordKey(text);
    const max = slipsFor(key.replace(/ /g, "").length);
    if (max === 0) return [];
    const grams = trigrams(PAD + key);
    const need = Math.max(1, grams.size - 3 * max);
    const shared = new Map<number, number>();
    for (const t of grams) for (const i of this.postings.get(t) ?? []) shared.set(i, (shared.get(i) ?? 0) + 1);
    const found: { clinic: NamedClinic; slips: number }[] = [];
    for (const [i, count] of shared) {
      const clinic = this.clinics[i];
      if (count < need || !clinic) continue;
      const slips = prefixSlips(key, this.keys[i] ?? "", max);
      if (slips <= max) found.push({ clinic, slips });
    }
    found.sort((a, b) => a.slips - b.slips || b.clinic.reviewCount - a.clinic.reviewCount || a.clinic.id - b.clinic.id);
    return found.slice(0, limit).map(({ clinic: { name, city, state, citySlug, slug } }) => ({ name, city, state, citySlug, slug }));
  }
}

/** Each database's index and the content change it was built at (deps.state.clinicNameIndexes). */
export type HeldNameIndexes = WeakMap<Database, { changeId: number; index: Promise<ClinicNameIndex> }>;

/**
 * The index of a database's clinics, rebuilt when content has changed since it was built (the
 * newest content_changes id, which every clinic write, import and seed moves), so a renamed or
 * new clinic is found on the next lookup; concurrent lookups share one build.
 */
export async function clinicNameIndex(held: HeldNameIndexes, db: Database): Promise<ClinicNameIndex> {
  const changeId = await latestContentChangeId(db);
  const seen = held.get(db);
  if (seen && seen.changeId === changeId) return seen.index;
  const index = clinicNamesForSearch(db).then((rows) => new ClinicNameIndex(rows));
  held.set(db, { changeId, index });
  // A failed build is not kept: the next lookup tries again.
  index.catch(() => {
    if (held.get(db)?.index === index) held.delete(db);
  });
  return index;
}
