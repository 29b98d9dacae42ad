/**
 * Names of places (a clinic's city): one line of letters, combining marks, spaces, hyphens,
 * apostrophes and periods, after NFKC normalisation (fullwidth "Ｐａｒｋ" is "Park"). Invisible
 * or look-alike characters would make a second page for one city ("Sugar Land" with a
 * zero-width space, a Hangul filler, a BOM or a Cyrillic "а"), so they are refused, and so is
 * a word mixing alphabets.
 */
import { z } from "zod";
import { toLinkSlug } from "./slug.ts";
import { TEXT_MSG, hasUnsafeText } from "./text.ts";

export const PLACE_NAME_MSG = {
  characters: (label: string) => `${label} may contain only letters, spaces, hyphens, apostrophes and periods.`,
  mixedScripts: (label: string) => `${label} mixes alphabets within one word (such as a Cyrillic letter among Latin ones); please retype it.`,
  notLatin: (label: string) => `${label} must be written in Latin letters, as US place names are.`,
} as const;

const ALLOWED = /^[\p{L}\p{M} '\u2019.-]*$/u;
// Letters and marks that show nothing: Hangul fillers, variation selectors, the combining grapheme joiner.
const INVISIBLE = /[\u115F\u1160\u3164\uFFA0\u034F\uFE00-\uFE0F\u180B-\u180F\u{E0100}-\u{E01EF}]/u;
const SCRIPTS = ["Latin", "Cyrillic", "Greek", "Armenian", "Georgian", "Hebrew", "Arabic", "Hangul", "Thai", "Devanagari"] as const;
const SCRIPT_OF = SCRIPTS.map((name) => [name, new RegExp(`\\p{Script=${name}}`, "u")] as const);
// Chinese and Japanese writing mix Han, Hiragana and Katakana in one word: one group.
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;

function scriptsOf(word: string): Set<string> {
  const found = new Set<string>();
  for (const ch of word) {
    if (CJK.test(ch)) found.add("CJK");
    else for (const [name, re] of SCRIPT_OF) if (re.test(ch)) found.add(name);
  }
  return found;
}

/** The message refusing `name` (already NFKC-normalised and trimmed), or undefined when it is a fine place name. */
export function placeNameProblem(name: string, label = "City"): string | undefined {
  // Control and bidi characters keep the message every text field gives them.
  if (hasUnsafeText(name)) return TEXT_MSG.unsafe;
  if (!ALLOWED.test(name) || INVISIBLE.test(name)) return PLACE_NAME_MSG.characters(label);
  if (name.split(/[ .'\u2019-]+/).some((word) => scriptsOf(word).size > 1)) return PLACE_NAME_MSG.mixedScripts(label);
  // A place's page address is its ASCII slug: a name with no Latin letter would have none.
  if (name.trim() !== "" && toLinkSlug(name) === "") return PLACE_NAME_MSG.notLatin(label);
  return undefined;
}

/** A required place name: NFKC-normalised, trimmed, at most `max` characters, refused as placeNameProblem says. */
export function placeName(opts: { label: string; max: number; required: string }) {
  return z
    .string({ error: (iss) => (iss.input === undefined || iss.input === null ? opts.required : `${opts.label} must be text.`) })
    .transform((s) => s.normalize("NFKC").trim())
    .pipe(
      z
        .string()
        .min(1, opts.required)
        .max(opts.max, `${opts.label} must be at most ${opts.max} characters.`)
        .superRefine((s, ctx) => {
          const problem = placeNameProblem(s, opts.label);
          if (problem) ctx.addIssue({ code: "custom", message: problem });
        }),
    );
}
