import { connect, type DbHandle } from "./client.ts";
import { runningEmbeddedUrl, startEmbeddedServer, type EmbeddedServer } from "./embedded.ts";
import { readDbEnv } from "./env.ts";
import { backfillClinicDerivedColumns, fillFallbackTimeZones } from "../schema/clinic-derived.ts";
import { runMigrations } from "./migrate.ts";

export interface OpenedDatabase extends DbHandle {
  /** Set when this process started the embedded server (and so must stop it). */
  embedded?: EmbeddedServer;
  kind: "server" | "embedded";
  /** The embedded database's data folder (absent on a server). */
  dataDir?: string;
}

export interface OpenOptions {
  databaseUrl?: string;
  dataDir?: string;
  port?: number;
  migrate?: boolean;
  max?: number;
}

/**
 * `DATABASE_URL` set → that server. Unset → the embedded PGlite under `.data/`: joined when
 * another of our processes already serves it, started here otherwise.
 */
export async function openDatabase(options: OpenOptions = {}): Promise<OpenedDatabase> {
  const env = readDbEnv();
  const databaseUrl = options.databaseUrl ?? env.DATABASE_URL;
  const dataDir = options.dataDir ?? env.DATA_DIR;
  let embedded: EmbeddedServer | undefined;
  let url = databaseUrl;
  if (!url) {
    url = runningEmbeddedUrl(dataDir);
    if (!url) {
      embedded = await startEmbeddedServer({ dataDir, port: options.port ?? env.PGLITE_PORT });
      url = embedded.url;
    }
  }
  const handle = connect(url, { max: options.max });
  if (options.migrate !== false) {
    await runMigrations(url);
    // Clinics stored before migration 0005 (or written by hand) get their zone and hours.
    await backfillClinicDerivedColumns(handle.db);
    // Those without coordinates get their ZIP's or one-zone state's zone.
    await fillFallbackTimeZones(handle.db);
  }
  return {
    ...handle,
    kind: databaseUrl ? "server" : "embedded",
    ...(databaseUrl ? {} : { dataDir }),
    ...(embedded ? { embedded } : {}),
    async close() {
      await handle.close();
      await embedded?.stop();
    },
  };
}
