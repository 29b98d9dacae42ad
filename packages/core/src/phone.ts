/**
 * US phone numbers (the North American Numbering Plan): the one rule the admin's clinic form,
 * visitors' suggestions, owners' edits and the import share, and the site's `tel:` links. A
 * number is 10 digits whose area code and exchange do not start with 0 or 1, optionally after
 * +1 or 1, written with the usual punctuation (spaces, dots, dashes, parentheses). Anything
 * else, letters and invisible or format characters included, is refused rather than dialled.
 */

export const PHONE_MSG = {
  invalid: "Enter a US phone number with area code, e.g. (312) 555-0142.",
} as const;

// Only digits, a leading plus, spaces, dots, dashes and parentheses: no letters ("call me"),
// no extensions, no zero-width or other invisible characters.
const ALLOWED = /^\+?[0-9 ().-]+$/;

/** The number's 10 digits (area code, exchange, line), or null when it is not a valid NANP number. */
export function nanpDigits(raw: string | null | undefined): string | null {
  if (raw == null) return null;
  const text = raw.trim();
  if (!ALLOWED.test(text)) return null;
  let digits = text.replace(/\D/g, "");
  if (text.startsWith("+") && !digits.startsWith("1")) return null;
  if (digits.length === 11 && digits.startsWith("1")) digits = digits.slice(1);
  else if (text.startsWith("+")) return null;
  if (!/^[2-9]\d{2}[2-9]\d{6}$/.test(digits)) return null;
  return digits;
}

export const isValidUsPhone = (raw: string | null | undefined): boolean => nanpDigits(raw) != null;

/** "+13125550142" (E.164) for a valid number, else null: what a `tel:` link dials. */
export function phoneE164(raw: string | null | undefined): string | null {
  const digits = nanpDigits(raw);
  return digits == null ? null : `+1${digits}`;
}
