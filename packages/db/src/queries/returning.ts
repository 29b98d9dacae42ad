/**
 * The row an `insert ... returning` of one value gives back. PostgreSQL always returns it (a
 * conflict clause that can skip the row is not used with this); a missing row is a bug, reported
 * here by name rather than as a TypeError further on.
 */
export function insertedRow<T>(rows: readonly T[], table: string): T {
  const [row] = rows;
  if (row === undefined) throw new Error(`insert into ${table} returned no row`);
  return row;
}
