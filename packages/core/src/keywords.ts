/** Keyword suggestions of the post form (product.md §4). */
import { POST_FORM } from "./constants.ts";
import { stripHtml } from "./post-fill.ts";

/** Common English words that never make a keyword on their own. */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  (
    "a about above after again against all also am an and any are as at be because been before being below " +
    "between both but by can could did do does doing down during each even ever every few for from further " +
    "get gets getting got had has have having he her here hers herself him himself his how however i if in " +
    "into is it its itself just like made make makes many may me might more most much must my myself need " +
    "needs no nor not now of off often on once one only or other others our ours ourselves out over own " +
    "per really same see seen she should since so some such than that the their theirs them themselves then " +
    "there these they this those though through thus to too under until up upon us use used uses using very " +
    "want was way we well were what when where whether which while who whom whose why will with within " +
    "without would yet you your yours yourself yourselves able across already although always another " +
    "anything around away back come comes could day days done else enough first going good great know last " +
    "less let look lot lots new next part people put rather right said say says still take takes tell thing " +
    "nothing something everything things think time times together took want wants went whatever year years"
  ).split(" "),
);

/** Botox phrases always offered (product.md §4 "a fixed list ... is added"). */
export const BOTOX_KEYWORD_PHRASES = ["botox treatment", "botox cost", "botox near me", "cosmetic injections", "wrinkle treatment", "botox specials"] as const;

/** Title ≥ 5 and content ≥ 50 characters before suggestions are generated (product.md §4). */
export function shouldSuggestKeywords(title: string, content: string): boolean {
  return title.trim().length >= POST_FORM.keywordSuggestMinTitle && content.trim().length >= POST_FORM.keywordSuggestMinContent;
}

/** Runs of words not broken by sentence punctuation, lowercased. */
function wordRuns(text: string): string[][] {
  return text
    .toLowerCase()
    .split(/[.!?;:,()[\]{}"“”|/\\\n\r\t]+/)
    .map((run) => run.match(/[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu) ?? [])
    .filter((run) => run.length > 0);
}

const isKeywordWord = (w: string) => w.length >= POST_FORM.keywordMinWordLength && !STOP_WORDS.has(w);
const isPhraseWord = (w: string) => w.length > 1 && !STOP_WORDS.has(w);

/**
 * product.md §4: words longer than 3 letters that are not stop-words, plus 2- and 3-word phrases,
 * counted over title + tag-stripped content (case-insensitive) and kept when they appear
 * more than once; the Botox phrases are added; sorted by phrase length (in words) descending,
 * then frequency, then alphabetically so the order is stable; at most 15.
 * Phrases are consecutive words within one sentence with no stop-word among them, so
 * "the cost of" never counts while "botox treatment cost" does.
 */
export function suggestKeywords(title: string, content: string): string[] {
  const counts = new Map<string, number>();
  const bump = (k: string) => counts.set(k, (counts.get(k) ?? 0) + 1);
  for (const run of wordRuns(`${title}. ${stripHtml(content)}`)) {
    run.forEach((w, i) => {
      if (isKeywordWord(w)) bump(w);
      for (const n of [2, 3]) {
        const words = run.slice(i, i + n);
        if (words.length === n && words.every(isPhraseWord)) bump(words.join(" "));
      }
    });
  }
  const candidates = new Map<string, number>();
  for (const [k, n] of counts) if (n > 1) candidates.set(k, n);
  for (const p of BOTOX_KEYWORD_PHRASES) if (!candidates.has(p)) candidates.set(p, counts.get(p) ?? 0);
  const wordsIn = (k: string) => k.split(" ").length;
  return [...candidates.entries()]
    .sort(([a, na], [b, nb]) => wordsIn(b) - wordsIn(a) || nb - na || a.localeCompare(b))
    .slice(0, POST_FORM.keywordMaxSuggestions)
    .map(([k]) => k);
}

/** Clicking a suggestion selects it, clicking again deselects it (product.md §4). */
export function toggleKeyword(selected: readonly string[], keyword: string): string[] {
  return selected.includes(keyword) ? selected.filter((k) => k !== keyword) : [...selected, keyword];
}

/** 'Apply Selected Keywords' writes a comma-separated list (product.md §4). */
export function applyKeywords(selected: readonly string[]): string {
  return selected
    .map((k) => k.trim())
    .filter(Boolean)
    .join(", ");
}

/** The stored comma-separated keywords as a list (blank entries dropped). */
export function parseKeywords(keywords: string | readonly string[] | null | undefined): string[] {
  const list = typeof keywords === "string" ? keywords.split(",") : (keywords ?? []);
  return list.map((k) => k.trim()).filter(Boolean);
}
