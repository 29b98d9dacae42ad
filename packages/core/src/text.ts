/**
 * Free text that people type (names, cities, notes, conditions) and that we show on public
 * pages. Control characters break layouts and logs; the bidirectional embeddings, overrides
 * and isolates (U+202A–U+202E, U+2066–U+2069) make a name read differently from what is
 * stored ("Trojan Source"), so both are refused wherever text is written: admin, import and
 * public forms. Tab, line feed and carriage return stay allowed in multi-line text.
 */
import { z } from "zod";
// Messages for checks a schema gives none of, in every package that validates (decision 234).
import "./zod-messages.ts";

// Built from code points so the source file itself carries no invisible characters.
const UNSAFE_TEXT = new RegExp(
  "[" + ["\\u0000-\\u0008", "\\u000B", "\\u000C", "\\u000E-\\u001F", "\\u007F-\\u009F", "\\u202A-\\u202E", "\\u2066-\\u2069"].join("") + "]",
  "u",
);

export const TEXT_MSG = {
  unsafe: "Remove control characters and text-direction override characters.",
  tooLong: (label: string, max: number) => `${label} is too long (at most ${max} characters).`,
} as const;

/** True when `s` holds a control character (other than tab, LF, CR) or a bidi override. */
export function hasUnsafeText(s: string): boolean {
  return UNSAFE_TEXT.test(s);
}

/**
 * A trimmed string of at most `max` characters with no unsafe characters. `required` (the
 * message for an empty value) makes it at least one character; without it, "" is allowed.
 * Too long says "too long", never "required".
 */
export function safeText(opts: { label: string; max: number; required?: string }) {
  const base = z
    // "Required" only when nothing was sent: a number or a list is not text, whatever the field.
    .string({ error: (iss) => ((iss.input === undefined || iss.input === null) && opts.required ? opts.required : `${opts.label} must be text.`) })
    .trim()
    .max(opts.max, TEXT_MSG.tooLong(opts.label, opts.max))
    .refine((s) => !hasUnsafeText(s), { message: TEXT_MSG.unsafe });
  return opts.required ? base.refine((s) => s.length > 0, { message: opts.required }) : base;
}

/**
 * Whether an absolute URL names a user or password before its host. "https://www.clinic.com@evil.example/"
 * opens evil.example while reading as clinic.com, so no link we store or show may carry one.
 */
export function hasUrlUserInfo(s: string): boolean {
  try {
    const u = new URL(s);
    return u.username !== "" || u.password !== "";
  } catch {
    return false;
  }
}
