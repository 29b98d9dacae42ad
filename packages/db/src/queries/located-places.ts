/**
 * A zip-search's total within its radius, counted in the process (decision 222).
 *
 * The total of a zip-search in a radius was most of its statement's time: in dense ZIPs
 * PostgreSQL reads thousands of index entries per request to count them. The
 * answer must be exact, and the long tail (any ZIP, any distance) never repeats a count. So each
 * process keeps the located clinics' places and statuses (a few MB) and the
 * ZIP centroids, read in one snapshot together with the located clinics' write generation
 * (migration 0013: it moves with every write that can change such a count), and counts a circle
 * from a grid of 0.1° cells: cells wholly inside a box that lies inside the circle by their
 * per-status counts, the others clinic by clinic with the statement's own haversine.
 *
 * The statement is offered the total with the generation and the centroid it was counted for
 * and takes it only when its own snapshot has the same generation and its ZIP the same
 * centroid; otherwise it counts as before. A total is never offered when a clinic lies within a
 * ten-millionth of the radius (where this process's sine and PostgreSQL's could disagree), near
 * a pole or the antimeridian, or for filters it does not keep (open now, credentials): those are
 * counted by PostgreSQL. So the answer is always the one PostgreSQL's count gives.
 *
 * A statement that reads a newer generation than the one kept starts a new read in the
 * background (one at a time, at most every RELOAD_GAP_MS); until it lands, PostgreSQL counts.
 * A served API has one (api/src/deps.ts) and passes it with each search (`ZipSearch.places`).
 *
 * Proved by located-places.test.ts and the API's routes/clinics/zip-search-places.test.ts (the
 * totals it offers are the ones PostgreSQL counts).
 */
import { EARTH_RADIUS_MILES, type BusinessStatus } from "@botox/core";
import type { Database } from "../connection/client.ts";
import { businessStatus } from "../schema/schema.ts";

/** A total within a radius, with the generation and the centroid it was counted for. */
export interface RadiusTotal {
  generation: string;
  total: number;
  latitude: number;
  longitude: number;
}

/** Degrees of latitude and longitude per grid cell (about 7 by 5 miles in the continental US). */
const CELL = 0.1;
/** The least time between two reads of the places (a steady stream of writes reads them at most this often). */
const RELOAD_GAP_MS = 10_000;
/** How close to the radius (a share of it) a clinic must lie for the count to be left to PostgreSQL. */
const UNSURE = 1e-7;

const STATUSES = businessStatus.enumValues;
const RADIANS = Math.PI / 180;

interface Cell {
  latitudes: number[];
  longitudes: number[];
  statuses: number[];
  /** Clinics per status (`STATUSES` order). */
  counts: number[];
}

interface Places {
  generation: string;
  zips: Map<string, { latitude: number; longitude: number }>;
  cells: Map<number, Cell>;
  /** Clinics whose coordinates are not a place on the globe (not finite, or out of range). */
  strays: Cell;
}

const cellKey = (row: number, column: number) => (row + 1000) * 10_000 + (column + 2000);
const emptyCell = (): Cell => ({ latitudes: [], longitudes: [], statuses: [], counts: STATUSES.map(() => 0) });
const hav = (x: number) => Math.sin(x / 2) ** 2;

/** `milesFrom` in listing-geometry.ts, in the same steps: the haversine on a 3959-mile sphere. */
function milesBetween(latitude: number, longitude: number, origin: { latitude: number; longitude: number; cos: number }): number {
  const a = Math.sin(((latitude - origin.latitude) * RADIANS) / 2);
  const b = Math.sin(((longitude - origin.longitude) * RADIANS) / 2);
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(a * a + origin.cos * Math.cos(latitude * RADIANS) * b * b)));
}

export class LocatedPlaces {
  private places: Places | undefined;
  /** The newest generation a statement has read. */
  private newest: string | undefined;
  private loading: Promise<void> | undefined;
  private loadedAt = -Infinity;

  /** The generation the kept places were read at (undefined before the first read). */
  get generation(): string | undefined {
    return this.places?.generation;
  }

  /**
   * How many located clinics of `statuses` (as `listedStatuses` gives them: undefined for every
   * status but the closed one, which is never counted) lie within `miles` of `zip`'s centroid, or undefined when this
   * process cannot say for sure (see the module's comment).
   */
  total(zip: string, miles: number, statuses: readonly BusinessStatus[] | undefined): RadiusTotal | undefined {
    const places = this.places;
    if (!places || places.generation !== this.newest) return undefined;
    const centre = places.zips.get(zip);
    // Below a mile the inner box's margin is under its cells' rounding allowance: PostgreSQL counts.
    if (!centre || !(miles >= 1) || miles > 1_000) return undefined;
    // Never a clinic closed for good (listed.ts): `listedStatuses` leaves it out of every filter.
    const counted = STATUSES.map((s) => s !== "PERMANENTLY_CLOSED" && (!statuses || statuses.includes(s)));
    const origin = { ...centre, cos: Math.cos(centre.latitude * RADIANS) };
    const theta = miles / EARTH_RADIUS_MILES;
    // The cells to look at: a box wider than the circle by a cell.
    const dLatitude = (theta / RADIANS) * 1.01 + CELL;
    const sinLongitude = Math.sin(theta) / origin.cos;
    if (!(sinLongitude < 0.9)) return undefined;
    const dLongitude = (Math.asin(sinLongitude) / RADIANS) * 1.01 + CELL;
    if (Math.abs(centre.latitude) + dLatitude >= 89 || Math.abs(centre.longitude) + dLongitude >= 180) return undefined;
    // A box inside the circle (decision 218's, with a margin of a millionth): its cells count whole.
    const innerLatitude = 0.7 * theta;
    const q = (hav(theta) * (1 - 1e-6) - hav(innerLatitude)) / origin.cos;
    const innerLongitude = q > 0 && q < 1 ? 2 * Math.asin(Math.sqrt(q)) : 0;
    const inside = {
      south: centre.latitude - innerLatitude / RADIANS,
      north: centre.latitude + innerLatitude / RADIANS,
      west: centre.longitude - innerLongitude / RADIANS,
      east: centre.longitude + innerLongitude / RADIANS,
    };
    let total = 0;
    const one = (cell: Cell): boolean => {
      for (let i = 0; i < cell.latitudes.length; i++) {
        if (!counted[cell.statuses[i] as number]) continue;
        const d = milesBetween(cell.latitudes[i] as number, cell.longitudes[i] as number, origin);
        if (!(Math.abs(d - miles) > UNSURE * miles)) return false;
        if (d < miles) total++;
      }
      return true;
    };
    const firstRow = Math.floor((centre.latitude - dLatitude) / CELL);
    const lastRow = Math.floor((centre.latitude + dLatitude) / CELL);
    const firstColumn = Math.floor((centre.longitude - dLongitude) / CELL);
    const lastColumn = Math.floor((centre.longitude + dLongitude) / CELL);
    for (let row = firstRow; row <= lastRow; row++) {
      const rowInside = row * CELL - 1e-9 >= inside.south && (row + 1) * CELL + 1e-9 <= inside.north;
      for (let column = firstColumn; column <= lastColumn; column++) {
        const cell = places.cells.get(cellKey(row, column));
        if (!cell) continue;
        if (rowInside && column * CELL - 1e-9 >= inside.west && (column + 1) * CELL + 1e-9 <= inside.east) {
          cell.counts.forEach((n, s) => (total += counted[s] ? n : 0));
        } else if (!one(cell)) return undefined;
      }
    }
    // A clinic whose coordinates are not a place: PostgreSQL's box decides it, so it must be far outside.
    const placed = total;
    if (!one(places.strays) || total !== placed) return undefined;
    return { generation: places.generation, total, latitude: centre.latitude, longitude: centre.longitude };
  }

  /** A statement read the located clinics at `generation`: the places are read again when they are older. */
  seen(db: Database, generation: string | undefined): void {
    if (generation === undefined) return;
    this.newest = generation;
    if (generation === this.places?.generation || this.loading || performance.now() - this.loadedAt < RELOAD_GAP_MS) return;
    this.loading = this.load(db)
      .catch(() => undefined)
      .finally(() => {
        this.loading = undefined;
        this.loadedAt = performance.now();
      });
  }

  /** Reads the located clinics' places and statuses with their generation (one snapshot), and the ZIP centroids. */
  async load(db: Database): Promise<void> {
    const rows = await db.$client
      .unsafe(
        `SELECT g.n::text, c.latitude, c.longitude, c.business_status FROM located_clinics_generation g
         LEFT JOIN clinics c ON c.latitude IS NOT NULL AND c.longitude IS NOT NULL WHERE g.id`,
      )
      .values();
    const zipRows = await db.$client.unsafe(`SELECT zip, latitude, longitude FROM zip_codes`).values();
    const [first] = rows as unknown[][];
    if (!first) return;
    const cells = new Map<number, Cell>();
    const strays = emptyCell();
    for (const [, latitude, longitude, status] of rows as unknown as [string, number | null, number | null, BusinessStatus | null][]) {
      if (latitude == null || longitude == null || status == null) continue;
      const s = STATUSES.indexOf(status);
      const placed = Number.isFinite(latitude) && Number.isFinite(longitude) && Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180;
      let cell = strays;
      if (placed) {
        const key = cellKey(Math.floor(latitude / CELL), Math.floor(longitude / CELL));
        cell = cells.get(key) ?? emptyCell();
        cells.set(key, cell);
      }
      cell.latitudes.push(latitude);
      cell.longitudes.push(longitude);
      cell.statuses.push(s);
      cell.counts[s] = (cell.counts[s] ?? 0) + 1;
    }
    const zips = new Map<string, { latitude: number; longitude: number }>();
    for (const [zip, latitude, longitude] of zipRows as unknown as [string, number, number][]) zips.set(zip, { latitude, longitude });
    this.places = { generation: first[0] as string, zips, cells, strays };
  }
}
