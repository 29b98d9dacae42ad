/**
 * The one walk down an error's cause chain. Drivers, drizzle and Hono wrap the error that
 * says what went wrong (a SQLSTATE, a body over its limit) in their own, so every check looks
 * at each link: the error itself, its `cause`, that one's `cause`, a few links at most.
 */

/** Links looked at: real chains are two or three deep; a cycle must not loop forever. */
const MAX_LINKS = 5;

/** The first link of `err`'s cause chain that `test` accepts, or undefined. */
export function findCause(err: unknown, test: (link: object) => boolean): object | undefined {
  let e: unknown = err;
  for (let i = 0; i < MAX_LINKS && e && typeof e === "object"; i++) {
    if (test(e)) return e;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The SQLSTATE or system error code (a string) one link carries. */
export function codeOf(link: object): string | undefined {
  const code = (link as { code?: unknown }).code;
  return typeof code === "string" ? code : undefined;
}
