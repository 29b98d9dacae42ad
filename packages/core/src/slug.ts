/** Accented Latin letters as their base letter ("é" → "e"): a letter stays a letter in a slug. */
const foldAccents = (text: string) => text.normalize("NFKD").replace(/[\u0300-\u036f]/g, "");

/**
 * Longest slug, in UTF-8 bytes. A slug becomes a folder name of the built site, and file
 * systems refuse names over 255 bytes (ENAMETOOLONG broke every build once a 280-character
 * clinic name was accepted); 200 leaves room for suffixes such as "-2" or "-tx".
 */
export const SLUG_MAX_BYTES = 200;

const encoder = new TextEncoder();
export const utf8Bytes = (text: string): number => encoder.encode(text).length;

/** A slug cut to SLUG_MAX_BYTES on a character boundary, without a trailing hyphen. */
export function boundSlug(slug: string, maxBytes = SLUG_MAX_BYTES): string {
  if (utf8Bytes(slug) <= maxBytes) return slug;
  let out = "";
  let bytes = 0;
  for (const ch of slug) {
    const size = utf8Bytes(ch);
    if (bytes + size > maxBytes) break;
    out += ch;
    bytes += size;
  }
  return out.replace(/-+$/, "");
}

/**
 * Link slug (product.md §1): lowercase, punctuation removed, runs of spaces, underscores or
 * hyphens collapsed into one hyphen, leading and trailing hyphens trimmed. ASCII only: accented
 * letters keep their base letter and letters of other alphabets are dropped, so a look-alike
 * ("Sugаr" with a Cyrillic "а") can never make a second page beside the real one, and the
 * database's own slug of a cities-data name (queries/cities.ts) is the same.
 */
export function toLinkSlug(text: string): string {
  return boundSlug(
    foldAccents(text)
      .toLowerCase()
      .replace(/[^a-z0-9\s_-]/g, "")
      .replace(/[\s_-]+/g, "-")
      .replace(/^-+|-+$/g, ""),
  );
}

/**
 * Category auto-slug (product.md §4): lowercase, characters other than letters, digits,
 * whitespace and hyphens removed, whitespace runs replaced by a hyphen. Accented letters are
 * letters: they keep their base letter ("Crème" → "creme"), so the slug still matches
 * SLUG_PATTERN instead of losing them ("crme").
 */
export function toCategorySlug(name: string): string {
  return boundSlug(
    foldAccents(name)
      .toLowerCase()
      .replace(/[^a-z0-9\s-]/g, "")
      .replace(/\s+/g, "-"),
  );
}

/**
 * Post auto-slug (product.md §4): lowercase, strip other characters, whitespace to hyphens,
 * collapse repeated hyphens.
 */
export function toPostSlug(title: string): string {
  return toCategorySlug(title).replace(/-+/g, "-");
}

/** Clinic slug generated from name plus city (product.md §4); editable afterwards. */
export function toClinicSlug(name: string, city: string): string {
  return toLinkSlug(`${name} ${city}`);
}

/**
 * The first free slug of `base`, `base-2`, `base-3`… (product.md §5: slugs are unique, per city
 * for clinics): how writers that choose a slug themselves (the import, the seed) avoid a
 * conflict. A writer that keeps the slug it was given answers 409 instead.
 */
export function firstFreeSlug(base: string, isTaken: (slug: string) => boolean): string {
  let slug = base;
  for (let n = 2; isTaken(slug); n++) slug = `${base}-${n}`;
  return slug;
}

/** Shape every stored slug must have (product.md §5): lowercase groups joined by single hyphens. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
