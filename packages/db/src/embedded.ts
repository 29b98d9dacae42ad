import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { cube } from "@electric-sql/pglite/contrib/cube";
import { earthdistance } from "@electric-sql/pglite/contrib/earthdistance";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";
import { WireQueue } from "./wire-queue.ts";

export interface EmbeddedServer {
  url: string;
  port: number;
  stop(): Promise<void>;
}

export interface EmbeddedOptions {
  /** Folder for the data files; undefined keeps everything in memory (tests). */
  dataDir?: string;
  /** 0 picks a free port. */
  port: number;
}

const serverFile = (dataDir: string) => path.join(dataDir, "pglite-server.json");

/**
 * Starts PGlite (PostgreSQL in WebAssembly) with cube + earthdistance and serves it on
 * loopback over the Postgres wire protocol, so every process uses the `postgres` driver.
 */
export async function startEmbeddedServer(options: EmbeddedOptions): Promise<EmbeddedServer> {
  const pgDir = options.dataDir ? path.join(options.dataDir, "pglite") : undefined;
  if (pgDir) fs.mkdirSync(pgDir, { recursive: true });
  const pg = await PGlite.create({
    ...(pgDir ? { dataDir: pgDir } : {}),
    extensions: { cube, earthdistance },
  });
  const server = new PGLiteSocketServer({ db: pg, host: "127.0.0.1", port: options.port, maxConnections: 200 });
  // The shipped queue interleaves concurrent clients' extended-protocol messages (see wire-queue.ts).
  (server as unknown as { queryQueue: WireQueue }).queryQueue = new WireQueue(pg);
  await server.start();
  const port = Number(server.getServerConn().split(":").pop());
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  if (options.dataDir) {
    fs.writeFileSync(serverFile(options.dataDir), JSON.stringify({ url, port, pid: process.pid }));
  }
  let stopped = false;
  return {
    url,
    port,
    async stop() {
      if (stopped) return;
      stopped = true;
      await server.stop();
      // close() flushes the data files, so no write is lost across restarts.
      await pg.close();
      if (options.dataDir) fs.rmSync(serverFile(options.dataDir), { force: true });
    },
  };
}

/** The URL of an embedded server another live process of ours is serving from dataDir. */
export function runningEmbeddedUrl(dataDir: string): string | undefined {
  try {
    const info = JSON.parse(fs.readFileSync(serverFile(dataDir), "utf8")) as { url: string; pid: number };
    process.kill(info.pid, 0);
    return info.url;
  } catch {
    return undefined;
  }
}
