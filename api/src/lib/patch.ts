/** Drops keys whose value is undefined, so a patch never clears what it does not name. */
export const definedFields = <T extends object>(patch: T): Partial<T> =>
  Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)) as Partial<T>;
