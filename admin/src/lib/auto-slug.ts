/**
 * The slug follows its source text (title, name) while the admin has not written a slug of
 * their own: it is filled when empty, and keeps following while it still equals what the
 * previous source text gave. A slug typed by hand is never overwritten.
 */
export function followSlug(prevSource: string, nextSource: string, currentSlug: string, toSlug: (s: string) => string): string {
  return currentSlug === "" || currentSlug === toSlug(prevSource) ? toSlug(nextSource) : currentSlug;
}
