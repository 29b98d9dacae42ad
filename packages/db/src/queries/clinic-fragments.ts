/**
 * Listing answers from each clinic's JSON text, kept by row version (decision 221).
 *
 * A listing's clinics repeat across requests that differ in everything else (the point, the
 * distance, the filters), so the long tail of uncached searches lists the same clinics again
 * and again. Each clinic's answer text (`toClinic` as JSON, without `_distance`) is kept by the
 * version of its row: PostgreSQL's `xmin`, the transaction that wrote the row version a
 * statement reads. Every UPDATE writes a new row version, so a kept text is used only for the
 * very row version it was made from, and a written clinic is read again at once, whichever
 * instance wrote it. (Two versions share an `xmin` only inside the transaction that wrote both;
 * no other transaction ever sees the first once it commits.)
 *
 * While most of a listing's clinics are kept (`prefersNarrow`), it first reads only their ids,
 * versions and distances (a narrow row: no parsing of thirty columns, no dates, hours or JSON
 * per clinic), then the whole rows of the clinics whose version is not kept, in one more
 * statement, and writes the answer from the kept texts. When a clinic was written between the
 * two statements (its version moved), the answer is read again the usual way, in one statement,
 * so it is always one snapshot's. While few are kept (a new process, a bulk import, a budget
 * smaller than the clinics asked for), it reads whole rows with their versions in one statement,
 * as before, and keeps their texts: a second statement for most of a page would cost more than
 * it saves.
 *
 * Proved by clinic-fragments.test.ts (byte for byte, with writes between the two statements) and
 * the API's routes/clinics/listing-answers.test.ts.
 */
import { credentialsOfRoles, roundMiles, type PriceBrand, type VerifiedRole } from "@botox/core";
import { sql } from "drizzle-orm";
import type { Database } from "../connection/client.ts";
import { clinics } from "../schema/schema.ts";
import { currentPriceOf, fixedStatement, listingColumns, listingVersionColumn, type ListingPriceRow } from "./listings.ts";
import { toClinic, type ListingRow } from "./serialize.ts";

/** JSON text already encoded for an answer of type `T` (sent as it is, never parsed again). */
export class EncodedJson<T> {
  declare readonly answer?: T;
  readonly json: string;
  constructor(json: string) {
    this.json = json;
  }
}

/** A listing's clinic as its statement's narrow row gives it. */
export interface VersionedPlace {
  id: number;
  /** `xmin` as text: the row version the statement read. */
  version: string;
  distance: number | null;
}

/** A clinic's whole listing row and its version. */
export type VersionedRow = ListingRow & { version: string };

/**
 * How many characters of clinic texts one database's listings keep: enough for more than the
 * national directory's clinics, sized beside the read cache's budget, because visitors'
 * precise points spread a listing's clinics over most of the directory (decision 221).
 */
const KEPT_CLINIC_CHARS = 96_000_000;

/** The share of a listing's clinics that must be kept for the narrow statement to pay (`prefersNarrow`). */
const NARROW_FROM = 0.8;

/**
 * The kept clinic texts of one database, the oldest dropped first beyond `maxChars` (a Map
 * iterates in insertion order). A text is `toClinic(row)`'s JSON without its closing brace,
 * so `_distance` (always the last key) is written after it.
 */
export class ClinicFragments {
  private readonly kept = new Map<number, { version: string; head: string }>();
  private chars = 0;
  private readonly maxChars: number;
  /** The share of recent listings' clinics found kept (a moving average, per listing). */
  private keptShare = 0;

  constructor(maxChars: number = KEPT_CLINIC_CHARS) {
    this.maxChars = maxChars;
  }

  get size(): number {
    return this.kept.size;
  }

  /** Whether most clinics of recent listings were kept: read the narrow rows first (`encode`), else whole rows (`encodeRows`). */
  prefersNarrow(): boolean {
    return this.keptShare >= NARROW_FROM;
  }

  /** Notes that `kept` of a listing's `listed` clinics were kept (the share `prefersNarrow` reads). */
  note(kept: number, listed: number): void {
    if (listed > 0) this.keptShare += (kept / listed - this.keptShare) / 8;
  }

  /** The kept text of `id` at `version`, or undefined. */
  head(id: number, version: string): string | undefined {
    const kept = this.kept.get(id);
    return kept?.version === version ? kept.head : undefined;
  }

  /** Keeps `row`'s text at its version and returns it. */
  keep(row: VersionedRow): string {
    const json = JSON.stringify(toClinic(row));
    const head = json.slice(0, -1);
    const old = this.kept.get(row.id);
    if (old) {
      this.kept.delete(row.id);
      this.chars -= old.head.length;
    }
    this.kept.set(row.id, { version: row.version, head });
    this.chars += head.length;
    for (const [id, { head: dropped }] of this.kept) {
      if (this.chars <= this.maxChars || id === row.id) break;
      this.kept.delete(id);
      this.chars -= dropped.length;
    }
    return head;
  }

  /**
   * The JSON text of the listing `places` (in their order, each with its `_distance`), as
   * `JSON.stringify(places.map((p) => toClinic(row of p, p.distance)))` would write it. The rows
   * of clinics not kept at their version are read with `rowsOf`; when one of them comes back at
   * another version (written in between), `readAgain` gives the answer instead.
   */
  async encode(places: readonly VersionedPlace[], rowsOf: (ids: number[]) => Promise<VersionedRow[]>, readAgain: () => Promise<string>): Promise<string> {
    const heads = await this.headsOf(places, rowsOf);
    return heads ? listingText(places, heads) : readAgain();
  }

  /**
   * The texts of a listing read as narrow rows (ids and versions), in their order: those kept
   * at their version, and the others made from their whole rows, read with `rowsOf` in one
   * statement. Undefined when one of those comes back at another version or is gone (written
   * since the listing's statement): the listing must then be read again whole.
   */
  async headsOf(places: readonly { id: number; version: string }[], rowsOf: (ids: number[]) => Promise<VersionedRow[]>): Promise<string[] | undefined> {
    const heads = places.map((p) => this.head(p.id, p.version));
    const missing = places.filter((_, i) => heads[i] === undefined);
    this.note(places.length - missing.length, places.length);
    if (missing.length === 0) return heads as string[];
    const rows = new Map((await rowsOf(missing.map((p) => p.id))).map((row) => [row.id, row]));
    let moved = false;
    places.forEach((place, i) => {
      if (heads[i] !== undefined) return;
      const row = rows.get(place.id);
      if (row && row.version === place.version) heads[i] = this.keep(row);
      else {
        // Written (or deleted) since the first statement: kept at its new version, and the
        // answer read again in one statement.
        if (row) this.keep(row);
        moved = true;
      }
    });
    return moved ? undefined : (heads as string[]);
  }

  /** `encode`'s text from whole rows read in one statement, each row's text kept at its version. */
  encodeRows(rows: readonly (VersionedRow & { distance: number | null })[]): string {
    let kept = 0;
    const heads = rows.map((row) => {
      const head = this.head(row.id, row.version);
      if (head === undefined) return this.keep(row);
      kept++;
      return head;
    });
    this.note(kept, rows.length);
    return listingText(rows, heads);
  }
}

/**
 * A listing page's clinics as one JSON array, each as `withVerifiedStaff([toListedClinic(row,
 * brand)], [roles])` writes it: its clinic part from the text kept at the row's version (kept
 * now when it was not), or from `heads` (`headsOf`, for rows read narrow: ids and versions
 * only), then `_distance`, `currentPrice`, `verifiedCredentials` and `verifiedStaff`, in that
 * order. Undefined when a row was read without its version.
 */
export function listedClinicsText(
  fragments: ClinicFragments,
  rows: readonly ListingPriceRow[],
  brand: PriceBrand | undefined,
  roles: readonly (readonly VerifiedRole[])[],
  heads?: readonly string[],
): string | undefined {
  const parts: string[] = [];
  let kept = 0;
  for (const [i, row] of rows.entries()) {
    const version = row.version;
    if (version == null) return undefined;
    let text = heads?.[i] ?? fragments.head(row.id, version);
    if (text === undefined) text = fragments.keep({ ...row, version });
    else kept++;
    if (row.distance != null) text += `,"_distance":${JSON.stringify(roundMiles(Number(row.distance)))}`;
    const verified = roles[i] ?? [];
    text += `,"currentPrice":${JSON.stringify(currentPriceOf(row, brand))},"verifiedCredentials":${JSON.stringify(credentialsOfRoles(verified))},"verifiedStaff":${JSON.stringify(verified)}}`;
    parts.push(text);
  }
  // Rows read narrow were noted by `headsOf`, before their missing texts were made.
  if (!heads) fragments.note(kept, rows.length);
  return `[${parts.join(",")}]`;
}

/** The JSON array of `places` from their texts (`heads`, in the same order), each with its `_distance` last, as `toClinic` puts it. */
function listingText(places: readonly { distance: number | null }[], heads: readonly string[]): string {
  const parts = places.map((p, i) => (p.distance == null ? `${heads[i]}}` : `${heads[i]},"_distance":${JSON.stringify(roundMiles(Number(p.distance)))}}`));
  return `[${parts.join(",")}]`;
}

/** The listing rows of some clinics with their versions (ids as an array literal: one text, one plan). */
const rowsByIdStatement = fixedStatement(
  ["ids"],
  (v) => sql`SELECT ${listingColumns}, ${listingVersionColumn} FROM ${clinics} WHERE ${clinics.id} = ANY(${v.ids}::int[])`,
);

/** The listing rows of `ids` with their versions. */
export const versionedRows = (db: Database, ids: readonly number[]): Promise<VersionedRow[]> =>
  rowsByIdStatement<VersionedRow>(db, { ids: `{${ids.map((id) => Math.trunc(id)).join(",")}}` });
