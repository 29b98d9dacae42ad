import postgres from "postgres";
import { drizzle, type PostgresJsDatabase } from "drizzle-orm/postgres-js";
import * as schema from "../schema/schema.ts";

/** With its driver: listings send named prepared statements through it (queries/listings.ts). */
export type Database = PostgresJsDatabase<typeof schema> & { $client: postgres.Sql };
export type Sql = postgres.Sql;

export interface DbHandle {
  db: Database;
  sql: Sql;
  url: string;
  close(): Promise<void>;
}

export interface ConnectOptions {
  /** Pool size; the embedded server serializes queries anyway, so small pools suffice. */
  max?: number;
}

/** One driver (`postgres`) for every database: a real server or the embedded one on loopback. */
export function connect(url: string, options: ConnectOptions = {}): DbHandle {
  const sql = postgres(url, {
    max: options.max ?? 10,
    onnotice: () => {},
    connect_timeout: 10,
    // Idle connections are dropped so a restarted database is reconnected to transparently.
    idle_timeout: 30,
    connection: { application_name: "botox-near-me" },
  });
  const db = drizzle(sql, { schema });
  return { db, sql, url, close: () => sql.end({ timeout: 5 }) };
}
