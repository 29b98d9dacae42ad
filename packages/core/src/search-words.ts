/**
 * The words people type for the treatment, in the same box as cities and ZIP codes
 * (design.md §13 "Search words"): the six US cosmetic brands, the generic names and the
 * treatments named by where they go. One table, each row with where its words come from;
 * a brand row is keyed by the brand's id string (the price brands' ids), so a brand the
 * price tables do not know yet still has its words here.
 *
 * Typing slips are forgiven as the city matcher forgives them (search engines rarely allow
 * more than two): none under four letters, one up to seven, two from eight.
 */
import { toLinkSlug } from "./slug.ts";

export interface SearchWordRow {
  /** A brand id ("botox", "letybo") when the words name one brand; null for the treatment in general. */
  brand: string | null;
  /** What the visitor is shown: "Dysport", "Lip flip". */
  label: string;
  /** The words and phrases, lower case, spaces between words. */
  words: readonly string[];
  /** Where the words come from. */
  source: string;
}

const DESIGN = "design.md §13 Search words (how patients and clinics name the treatment)";
/** A brand's words are the names its US label prints (labels.ts names each label). */
const LABEL = "The brand's US Prescribing Information: the product and generic names it is printed under";

export const SEARCH_WORDS: readonly SearchWordRow[] = [
  {
    brand: "botox",
    label: "Botox",
    words: ["botox", "botox cosmetic", "onabotulinumtoxina"],
    source: LABEL,
  },
  {
    brand: "dysport",
    label: "Dysport",
    words: ["dysport", "abobotulinumtoxina"],
    source: LABEL,
  },
  {
    brand: "xeomin",
    label: "Xeomin",
    words: ["xeomin", "incobotulinumtoxina"],
    source: LABEL,
  },
  {
    brand: "jeuveau",
    label: "Jeuveau",
    words: ["jeuveau", "newtox", "prabotulinumtoxina"],
    source: LABEL,
  },
  {
    brand: "daxxify",
    label: "Daxxify",
    words: ["daxxify", "daxi", "daxibotulinumtoxina"],
    source: LABEL,
  },
  {
    brand: "letybo",
    label: "Letybo",
    words: ["letybo", "letibotulinumtoxina"],
    source: LABEL,
  },
  {
    brand: null,
    label: "Neurotoxin injections",
    words: [
      "neurotoxin",
      "neurotoxins",
      "neuromodulator",
      "neuromodulators",
      "botulinum toxin",
      "botulinum",
      "tox",
      "wrinkle relaxer",
      "wrinkle relaxers",
      "anti wrinkle injections",
      "wrinkle injections",
    ],
    source: DESIGN,
  },
  { brand: null, label: "Baby Botox", words: ["baby botox", "micro botox", "microtox"], source: DESIGN },
  { brand: null, label: "Lip flip", words: ["lip flip", "botox lip flip"], source: DESIGN },
  {
    brand: null,
    label: "Masseter (jaw slimming)",
    words: ["masseter", "masseter botox", "jaw slimming", "jaw botox", "jawline slimming"],
    source: DESIGN,
  },
  { brand: null, label: "Trap tox", words: ["trap tox", "traptox", "trapezius botox"], source: DESIGN },
];

/** Text in one comparable form: lower case, accents folded, punctuation gone, single spaces. */
export function searchWordKey(text: string): string {
  return toLinkSlug(text.replace(/[.'’]/g, "")).replace(/-/g, " ");
}

/** Damerau-Levenshtein distance (adjacent swaps count once), stopping early above `max`. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev2: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min((prev[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (prev[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, (prev2[j - 2] ?? 0) + 1);
      row.push(d);
      best = Math.min(best, d);
    }
    if (best > max) return max + 1;
    prev2 = prev;
    prev = row;
  }
  return prev[b.length] ?? max + 1;
}

/** Typing slips forgiven in a word of this many letters (the city matcher's rule). */
export const slipsFor = (length: number): number => (length < 4 ? 0 : length < 8 ? 1 : 2);

export interface SearchWordMatch {
  row: SearchWordRow;
  /** The table's word the text was read as. */
  word: string;
  /** Typing slips between the text and that word (0: exact). */
  slips: number;
}

const ENTRIES = SEARCH_WORDS.flatMap((row) => row.words.map((word) => ({ row, word })));

/**
 * The row a whole text names, exactly or within its slips; null when none, or when two rows
 * are equally close (a guess would be a coin toss).
 */
export function matchSearchWord(text: string): SearchWordMatch | null {
  const key = searchWordKey(text);
  if (!key) return null;
  const exact = ENTRIES.find((e) => e.word === key);
  if (exact) return { ...exact, slips: 0 };
  const max = slipsFor(key.replace(/ /g, "").length);
  if (max === 0) return null;
  let best: SearchWordMatch[] = [];
  for (const e of ENTRIES) {
    const slips = editDistance(key, e.word, max);
    if (slips > max) continue;
    if (!best.length || slips < (best[0]?.slips ?? Infinity)) best = [{ ...e, slips }];
    else if (slips === best[0]?.slips) best.push({ ...e, slips });
  }
  if (!best.length || new Set(best.map((b) => b.row)).size > 1) return null;
  return best[0] ?? null;
}

export interface SearchWordQuery {
  match: SearchWordMatch;
  /** The place typed with the word ("botox chicago" → "chicago"); "" when none. */
  place: string;
}

const FILLERS = /^(?:near me|near|in|around|at|for|clinic|clinics|injections|injection|treatment|cost|price|prices|deals|specials)$/;

/**
 * A treatment word with or without a place: "dysport", "botex near me", "lip flip in
 * Chicago, IL", "chicago botox". The word is the longest run of words at the start or the
 * end that the table names (with the same slips as a whole word); filler words between word
 * and place ("near", "in", "near me") are dropped. Null when the text names no treatment.
 */
export function parseSearchWords(text: string): SearchWordQuery | null {
  const whole = matchSearchWord(text);
  if (whole) return { match: whole, place: "" };
  const parts = text.trim().split(/\s+/);
  for (let n = parts.length - 1; n >= 1; n--) {
    const head = matchSearchWord(parts.slice(0, n).join(" "));
    if (head) return { match: head, place: stripFillers(parts.slice(n)) };
    const tail = matchSearchWord(parts.slice(parts.length - n).join(" "));
    if (tail) return { match: tail, place: stripFillers(parts.slice(0, parts.length - n)) };
  }
  return null;
}

function stripFillers(words: readonly string[]): string {
  const kept = [...words];
  const key = (i: number) => searchWordKey(kept[i] ?? "");
  const pair = (i: number) => kept.length >= 2 && FILLERS.test(`${key(i)} ${key(i + 1)}`);
  for (let changed = true; changed && kept.length;) {
    changed = true;
    if (pair(0)) kept.splice(0, 2);
    else if (FILLERS.test(key(0))) kept.shift();
    else if (pair(kept.length - 2)) kept.splice(-2, 2);
    else if (FILLERS.test(key(kept.length - 1))) kept.pop();
    else changed = false;
  }
  return kept.join(" ").replace(/^[,\s]+|[,\s]+$/g, "");
}
