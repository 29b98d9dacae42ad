/**
 * The listing statements' shared parts: one round trip per listing request. A
 * listing reads the clinic columns an answer shows (not the search-only ones: weekly open
 * minutes, the import key), its distance, the page's current prices and the total in one
 * statement, sent as a named prepared statement (parsed and planned once per connection), and
 * every listing answer is assembled here, in `toListedClinic`.
 */
import { sql, type SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { Clinic, CurrentUnitPrice, PriceBrand, PriceSource, StaffCredential, StaffRole, VerifiedRole } from "@botox/core";
import type { Database } from "../connection/client.ts";
import { clinicColumnsExcept } from "../schema/clinic-columns.ts";
import { clinicCurrentPrices, clinicPrices } from "../schema/schema.ts";
import { SEARCH_ONLY_COLUMNS, toClinic, type ListingRow } from "./serialize.ts";
import { verifiedRolesOfColumn, verifiedRolesOn, type CheckDays } from "./staff.ts";

const dialect = new PgDialect();

/**
 * Runs `query` as a named prepared statement: the driver keeps one per statement text and
 * connection, so the listing statements (a few texts each) are parsed once, not per request.
 * Only for statements whose text depends on the filters' shape, never on values (values are
 * parameters), else each value would leave a statement behind.
 */
export async function preparedRows<T>(db: Database, query: SQL): Promise<T[]> {
  const { sql: text, params } = dialect.sqlToQuery(query);
  const rows = await db.$client.unsafe(text, params as never[], { prepare: true });
  return rows as unknown as T[];
}

/**
 * A statement whose text depends on nothing but the names of its values, rendered by drizzle
 * once (rendering per request was a visible share of an uncached request's CPU, decision
 * 198). `build` is called once, with a sentinel text for each name; every parameter
 * of the rendered statement must be one of them (a value built into the text would be kept
 * for every later call: refused), and each call sends its own values in their places, as a
 * named prepared statement like `preparedRows`.
 */
export function fixedStatement<K extends string>(names: readonly K[], build: (values: Record<K, string>) => SQL) {
  let rendered: { text: string; slots: K[] } | undefined;
  const render = () => {
    const sentinels = Object.fromEntries(names.map((name, i) => [name, `\u0000fixed ${i} ${name}`])) as Record<K, string>;
    const byText = new Map<unknown, K>(names.map((name) => [sentinels[name], name]));
    const { sql: text, params } = dialect.sqlToQuery(build(sentinels));
    const named = params.map((param) => {
      const name = byText.get(param);
      if (name === undefined) throw new Error(`fixedStatement: a value in the text itself (${JSON.stringify(param)}), not one of ${names.join(", ")}`);
      return name;
    });
    return onePlacePerName(text, named);
  };
  return async <T>(db: Database, values: Record<K, unknown>): Promise<T[]> => {
    rendered ??= render();
    const rows = await db.$client.unsafe(rendered.text, rendered.slots.map((name) => values[name]) as never[], { prepare: true });
    return rows as unknown as T[];
  };
}

/**
 * The statement with each name bound once: every place of a name numbered as its first
 * (drizzle numbers each place anew: zip-search's radius was 24 of its 32 parameters, each
 * sent, and parsed by PostgreSQL, on every execution; decision 224). PostgreSQL takes its type from
 * the first place and casts it at the others, as each statement here already writes it. Left
 * as drizzle wrote it unless its placeholders are exactly $1 to $n in order.
 * @internal Exported for its tests.
 */
export function onePlacePerName<K>(text: string, named: readonly K[]): { text: string; slots: K[] } {
  const places = [...text.matchAll(/\$(\d+)/g)].map((m) => Number(m[1]));
  if (places.length !== named.length || places.some((n, i) => n !== i + 1)) return { text, slots: [...named] };
  const numbers = new Map<K, number>();
  const slots: K[] = [];
  const renumbered = text.replace(/\$(\d+)/g, (_, n: string) => {
    const name = named[Number(n) - 1] as K;
    let number = numbers.get(name);
    if (number === undefined) numbers.set(name, (number = slots.push(name)));
    return `$${number}`;
  });
  return { text: renumbered, slots };
}

/** A fixed statement (`fixedStatement`) run with its values. */
export type FixedStatement<K extends string> = ReturnType<typeof fixedStatement<K>>;

/** Most calls one batched statement answers; more wait for the next. */
const MAX_BATCH = 64;

/**
 * A fixed statement whose concurrent calls are answered together (decision 211): the
 * calls made in one turn of the event loop (the requests read from the sockets in one go) wait
 * for its end (`setImmediate`) and, when there are several, go to PostgreSQL as one statement
 * instead of one round trip each. A lone call runs the single statement as `fixedStatement`
 * does, so a quiet server answers as before.
 *
 * `build` is called twice: with sentinel texts for the single statement (as `fixedStatement`),
 * and with each value as a column of the batch's row (`b."name"`, text) for the batched one,
 * which runs it once per call, laterally, over a JSON array of the calls' values:
 * `SELECT b.i, one.* FROM jsonb_to_recordset($1) AS b(i int, name text, …) CROSS JOIN LATERAL (…) one`.
 * So each call gets the rows the single statement would give it, in its order. Values are sent
 * as JSON text: only for text values, which every caller's are (slugs, city slugs, state codes).
 * When a batch fails, each of its calls is asked alone, so a value that fails only its own call.
 */
export function batchedStatement<K extends string>(names: readonly K[], build: (values: Record<K, string>) => SQL) {
  const single = fixedStatement(names, build);
  let batchText: string | undefined;
  const renderBatch = () => {
    const columns = Object.fromEntries(names.map((name) => [name, sql.raw(`b."${name}"`)])) as unknown as Record<K, string>;
    const inner = dialect.sqlToQuery(build(columns));
    if (inner.params.length > 0)
      throw new Error(`batchedStatement: a value in the text itself (${JSON.stringify(inner.params[0])}), not one of ${names.join(", ")}`);
    const defined = names.map((name) => `"${name}" text`).join(", ");
    return `SELECT b.i AS "batchIndex", one.* FROM jsonb_to_recordset($1::jsonb) AS b(i int, ${defined}) CROSS JOIN LATERAL (${inner.sql}) one ORDER BY b.i`;
  };
  type Call = { values: Record<K, string>; resolve: (rows: unknown[]) => void; reject: (error: unknown) => void };
  const waiting = new Map<Database, Call[]>();
  const flush = (db: Database) => {
    const calls = waiting.get(db) ?? [];
    waiting.delete(db);
    for (let at = 0; at < calls.length; at += MAX_BATCH) void send(db, calls.slice(at, at + MAX_BATCH));
  };
  const send = async (db: Database, calls: Call[]) => {
    try {
      if (calls.length === 1) {
        const [call] = calls as [Call];
        call.resolve(await single(db, call.values));
        return;
      }
      batchText ??= renderBatch();
      const json = JSON.stringify(calls.map((call, i) => ({ ...call.values, i })));
      // Read as arrays and made into the single statement's rows here, the batch index left out:
      // copying each row without it (`{ batchIndex, ...row }`) was most of this function's CPU.
      const rows = await db.$client.unsafe(batchText, [json] as never[], { prepare: true }).values();
      const names: string[] = rows.columns.map((column) => column.name);
      const each: unknown[][] = calls.map(() => []);
      for (const values of rows as unknown[][]) {
        const row: Record<string, unknown> = {};
        for (let c = 1; c < names.length; c++) row[names[c] as string] = values[c];
        each[values[0] as number]?.push(row);
      }
      calls.forEach((call, i) => call.resolve(each[i] ?? []));
    } catch (error) {
      const [lone] = calls;
      if (calls.length === 1 && lone) {
        lone.reject(error);
        return;
      }
      // One call's value can fail a batch that would not fail the others (text PostgreSQL's JSON
      // refuses: a NUL, a lone surrogate): each is asked alone, so only its own caller fails.
      for (const call of calls) single(db, call.values).then(call.resolve, call.reject);
    }
  };
  return <T>(db: Database, values: Record<K, string>): Promise<T[]> =>
    new Promise<T[]>((resolve, reject) => {
      let calls = waiting.get(db);
      if (!calls) {
        waiting.set(db, (calls = []));
        setImmediate(flush, db);
      }
      calls.push({ values, resolve: resolve as (rows: unknown[]) => void, reject });
    });
}

/**
 * Fixed statements of one family whose text depends on a small shape (which filters are
 * given, how many statuses are listed): each shape's statement is rendered once, on its
 * first use, and kept (zip-search's statements). A shape must be a plain value
 * (its JSON is the key) and shapes must be few: one kept statement each. listings.test.ts,
 * listing-sql.test.ts and the API's routes/clinics/listing-statements.test.ts prove the text is
 * the one rendering it again would give (decision 303: what it pays).
 */
export function fixedStatementsByShape<S, K extends string>(statementOf: (shape: S) => FixedStatement<K>): (shape: S) => FixedStatement<K> {
  const byShape = new Map<string, FixedStatement<K>>();
  return (shape) => {
    const key = JSON.stringify(shape);
    let statement = byShape.get(key);
    if (!statement) byShape.set(key, (statement = statementOf(shape)));
    return statement;
  };
}

/**
 * The clinic columns of a listing answer, as `ListingRow` keys (the table is `clinics`): every
 * column but the search-only ones (serialize.ts `SEARCH_ONLY_COLUMNS`).
 */
export const listingColumns = sql.raw(
  clinicColumnsExcept(SEARCH_ONLY_COLUMNS)
    // A date as its "YYYY-MM-DD" text, as drizzle's string mode reads it (the raw driver would make a Date).
    .map(([key, column]) => `"clinics"."${column.name}"${column.columnType === "PgDateString" ? "::text" : ""} AS "${key}"`)
    .join(", "),
);

/** A listing row: the clinic's columns, its distance (null without an origin) and its current price. */
export interface ListingPriceRow extends ListingRow {
  distance: number | null;
  priceUnit: number | null;
  priceObservedOn: string | null;
  priceCheckedOn: string | null;
  priceSource: PriceSource | null;
  /** `listingRolesColumnOn`: the clinic's verified staff (null when none or not asked for). */
  verifiedRoles?: [StaffRole, StaffCredential, boolean][] | null;
  /** `listingVersionColumn`, where the statement reads it. */
  version?: string | null;
}

/** A clinic as listings show it: the clinic and its current per-unit price of the brand asked for. */
export type ListedClinic = Clinic & { currentPrice: CurrentUnitPrice | null };

/**
 * The page's current prices joined to `clinics` (the answer's `currentPrice`): one primary-key
 * probe of clinic_current_prices and one of clinic_prices per clinic shown, in the statement
 * that reads the page. Selects `listingPriceColumns`. The brand and the oldest counting day
 * (price-filters.ts `oldestCountingDay`) as they are bound (a fixed statement's names).
 */
export function currentPriceJoinOn(brand: unknown, oldestCounting: unknown): SQL {
  return sql`LEFT JOIN ${clinicCurrentPrices} lp ON lp.clinic_id = "clinics"."id" AND lp.brand = ${brand} AND lp.checked_on >= ${oldestCounting}::date
    LEFT JOIN ${clinicPrices} lpp ON lpp.id = lp.price_id`;
}

/** `currentPriceJoinOn`'s columns, or nulls when no price is asked for. */
export const listingPriceColumns = (joined: boolean): SQL =>
  joined
    ? sql`lp.per_unit_cents AS "priceUnit", lpp.observed_on::text AS "priceObservedOn", lp.checked_on::text AS "priceCheckedOn", lpp.source AS "priceSource"`
    : sql`NULL::int AS "priceUnit", NULL::text AS "priceObservedOn", NULL::text AS "priceCheckedOn", NULL::text AS "priceSource"`;

/**
 * The listing statement's `verifiedRoles` column: each row's currently verified staff on the
 * check's days (staff.ts `verifiedRolesOn`), read in the same statement as the page; null
 * without them. The days as they are bound (a fixed statement's names).
 */
export const listingRolesColumnOn = (days: CheckDays | undefined): SQL => (days ? sql`${verifiedRolesOn(days)} AS "verifiedRoles"` : noRolesColumn);

const noRolesColumn = sql`NULL::json AS "verifiedRoles"`;

/** Each listed row's verified staff (`listingRolesColumnOn`), in the rows' order. */
export const verifiedStaffOf = (rows: readonly ListingPriceRow[]): VerifiedRole[][] => rows.map((r) => verifiedRolesOfColumn(r.verifiedRoles ?? null));

/** The one assembly of a listed clinic (every listing answer goes through it). */
export function toListedClinic(row: ListingPriceRow, brand: PriceBrand | undefined): ListedClinic {
  return { ...toClinic(row, row.distance == null ? null : Number(row.distance)), currentPrice: currentPriceOf(row, brand) };
}

/** A listed clinic's `currentPrice`: its current per-unit price of `brand`, null when it has none (or no brand was asked for). */
export function currentPriceOf(row: ListingPriceRow, brand: PriceBrand | undefined): CurrentUnitPrice | null {
  return brand == null || row.priceUnit == null || row.priceObservedOn == null || row.priceCheckedOn == null || row.priceSource == null
    ? null
    : { brand, perUnitCents: Number(row.priceUnit), observedOn: row.priceObservedOn, checkedOn: row.priceCheckedOn, source: row.priceSource };
}

/** The row version a listing statement reads beside `listingColumns` (clinic-fragments.ts: a clinic's kept text is used only for it). */
export const listingVersionColumn = sql`"clinics"."xmin"::text AS "version"`;

/**
 * The cheapest-first order's keys for a current per-unit price `unit` checked on `checkedOn`
 * (both null when the clinic has none): prices checked within PRICE_RULES.outOfDateDays first
 * (on or after `oldestFresh`, price-filters.ts `oldestFreshDay`, as it is bound), out-of-date
 * ones after them, each by price, then clinics without a current price.
 */
export function priceOrderFrom(unit: SQL, checkedOn: SQL, oldestFresh: unknown, direction: "asc" | "desc"): SQL[] {
  return [
    sql`(CASE WHEN ${unit} IS NULL THEN 2 WHEN ${checkedOn} >= ${oldestFresh}::date THEN 0 ELSE 1 END) ASC`,
    sql`${unit} ${direction === "asc" ? sql`ASC` : sql`DESC`} NULLS LAST`,
  ];
}
