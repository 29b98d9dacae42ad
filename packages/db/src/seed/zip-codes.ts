import { createRequire } from "node:module";
import type { ZipCodeRecord } from "zipcodes/lib/codes.js";
import { chunks, sqlOf, type DbOrSql } from "../connection/handle.ts";

export interface ZipCode {
  zip: string;
  city: string;
  state: string;
  latitude: number;
  longitude: number;
}

/** The 50 states and DC: the package also lists military (AA/AE/AP) and territory codes. */
export const US_STATES = new Set(
  (
    "AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY " +
    "NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY"
  ).split(" "),
);

let cached: ZipCode[] | undefined;

/** US ZIP centroids of the `zipcodes` package (its US file only; the package index adds Canada). */
export function zipCodeData(): ZipCode[] {
  if (!cached) {
    // A CommonJS data file of ~5 MB; loaded once, on demand.
    const require = createRequire(import.meta.url);
    const { codes } = require("zipcodes/lib/codes.js") as { codes: Record<string, ZipCodeRecord> };
    cached = Object.values(codes)
      .filter((c) => c.country === "US" && /^\d{5}$/.test(c.zip) && Number.isFinite(c.latitude) && Number.isFinite(c.longitude))
      .map((c) => ({ zip: c.zip, city: c.city, state: c.state, latitude: c.latitude, longitude: c.longitude }))
      .sort((a, b) => a.zip.localeCompare(b.zip));
  }
  return cached;
}

/**
 * Loads every US ZIP centroid into `zip_codes` with multi-row inserts (2,000 rows per
 * statement). Idempotent: skips when the table is already complete, and existing ZIPs are
 * never duplicated. Returns how many rows were inserted.
 */
export async function loadZipCodes(target: DbOrSql): Promise<number> {
  const sql = sqlOf(target);
  const data = zipCodeData();
  const [row] = await sql<{ n: number }[]>`select count(*)::int as n from zip_codes`;
  if ((row?.n ?? 0) >= data.length) return 0;
  let inserted = 0;
  await sql.begin(async (tx) => {
    for (const batch of chunks(data, 2000)) {
      const result = await tx`
        insert into zip_codes ${tx(batch, "zip", "city", "state", "latitude", "longitude")}
        on conflict (zip) do nothing`;
      inserted += result.count;
    }
  });
  return inserted;
}
