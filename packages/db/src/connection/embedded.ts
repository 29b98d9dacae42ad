import { randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { cube } from "@electric-sql/pglite/contrib/cube";
import { earthdistance } from "@electric-sql/pglite/contrib/earthdistance";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";
import { WireQueue } from "./wire-queue.ts";

export interface EmbeddedServer {
  url: string;
  port: number;
  /** A copy of the database's files (a tar archive), which `startFrom` starts another server on. */
  dump(): Promise<Blob>;
  stop(): Promise<void>;
}

export interface EmbeddedOptions {
  /** Folder for the data files; undefined keeps everything in memory (tests). */
  dataDir?: string;
  /**
   * In memory only: start from these files (another server's `dump()`) instead of an empty
   * database. Creating an empty one runs initdb, the most of a test database's start-up cost.
   */
  startFrom?: Blob;
  /** 0 picks a free port. */
  port: number;
  /** Limits on connections that have not authenticated (tests shorten them or drive the timer). */
  authGuard?: GuardOptions;
}

const serverFile = (dataDir: string) => path.join(dataDir, "pglite-server.json");
const passwordFile = (dataDir: string) => path.join(dataDir, "pglite-password");

/**
 * The data folder, created (or narrowed) to owner-only: PGlite creates its files
 * world-writable, so the folder's mode is what keeps other local users out of them.
 */
function ensurePrivateDataDir(dataDir: string): void {
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const stat = fs.statSync(dataDir);
  // A shared folder (sticky, like /tmp) or someone else's is not ours to narrow.
  const shared = (stat.mode & 0o1000) !== 0 || (typeof process.getuid === "function" && stat.uid !== process.getuid());
  if (!shared && (stat.mode & 0o077) !== 0) fs.chmodSync(dataDir, 0o700);
}

/**
 * A secret kept in a 0600 file of the data folder, generated on first use. `exclusive`
 * creation makes two processes starting together agree on one value.
 */
function readOrCreateSecretFile(file: string, bytes = 32): string {
  ensurePrivateDataDir(path.dirname(file));
  try {
    fs.writeFileSync(file, randomBytes(bytes).toString("hex"), { flag: "wx", mode: 0o600 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
  }
  fs.chmodSync(file, 0o600);
  const value = fs.readFileSync(file, "utf8").trim();
  if (value.length < 32) throw new Error(`${file} is empty or damaged; delete it to generate a new secret`);
  return value;
}

/** The embedded database's password for this data folder (random, in a 0600 file). */
const embeddedPassword = (dataDir: string): string => readOrCreateSecretFile(passwordFile(dataDir));

/**
 * The API's APP_SECRET default on the embedded database: generated once per data folder and
 * kept beside the password, so visitor hashes (one rating per visitor) survive restarts and
 * agree between processes sharing the folder.
 */
export const embeddedAppSecret = (dataDir: string): string => readOrCreateSecretFile(path.join(dataDir, "app-secret"));

/** What the socket handlers of @electric-sql/pglite-socket 0.2.17 call on the server's queue. */
const QUERY_QUEUE_METHODS = ["enqueue", "getQueueLength", "clearQueueForHandler", "clearTransactionIfNeeded"] as const;

/**
 * Swaps the server's private `queryQueue` for ours: the shipped queue interleaves concurrent
 * clients' extended-protocol messages (see wire-queue.ts). The field is not public API, so a
 * version that renamed or reshaped it would silently leave the shipped queue in place; this
 * refuses to start instead (the version is pinned in pnpm-workspace.yaml, patches/README.md).
 * @internal Exported for its tests.
 */
export function replaceQueryQueue(server: object, queue: WireQueue): void {
  const current: unknown = Reflect.get(server, "queryQueue");
  const missing = QUERY_QUEUE_METHODS.filter((name) => typeof current !== "object" || current === null || typeof Reflect.get(current, name) !== "function");
  if (!Object.hasOwn(server, "queryQueue") || missing.length > 0) {
    throw new Error(
      "embedded database: PGLiteSocketServer from @electric-sql/pglite-socket no longer has the private " +
        `queryQueue this project replaces (missing: ${missing.length > 0 ? missing.join(", ") : "the field"}). ` +
        "Keep the version pinned in pnpm-workspace.yaml, or adapt packages/db/src/connection/embedded.ts and wire-queue.ts " +
        "to the new version (patches/README.md).",
    );
  }
  Reflect.set(server, "queryQueue", queue);
}

/**
 * A connection must have answered the password challenge within this long, or it is closed.
 * PGlite runs queries on this process's event loop, so on a loaded machine a real client's
 * handshake can wait seconds behind them (a timer that fires first would drop it): the bound is
 * generous, and the cap below is what keeps a flood of idle sockets out.
 */
const AUTH_TIMEOUT_MS = 15_000;
/** Connections waiting to authenticate at once; a new one beyond this closes the oldest waiting. */
const MAX_UNAUTHENTICATED = 64;
/**
 * PostgreSQL's own limit on a startup message (MAX_STARTUP_PACKET_LENGTH).
 * @internal Exported for its tests.
 */
export const MAX_STARTUP_MESSAGE_BYTES = 10_000;
/**
 * All a client may send before it has authenticated: an SSL request, its startup message and
 * its password message (an MD5 answer is 35 characters) fit well within this.
 */
const MAX_UNAUTHENTICATED_BYTES = MAX_STARTUP_MESSAGE_BYTES + 1_024;

interface GuardOptions {
  timeoutMs?: number;
  max?: number;
  setTimer?: (fn: () => void, ms: number) => { unref?: () => void };
  clearTimer?: (timer: never) => void;
}

/**
 * Idle sockets that never authenticate used to hold the port's connection slots (about 200
 * exhausted it and blocked the site build and the CLIs). Every connection now passes through
 * here before pglite-socket sees it: at most `max` connections wait to authenticate (a new one
 * closes the oldest waiting), and one still unauthenticated after `timeoutMs` is closed. Reads the
 * private `server` (net.Server) and `handlers` of the pinned PGLiteSocketServer, like
 * replaceQueryQueue; call after start().
 */
function guardUnauthenticated(server: object, queue: WireQueue, options: GuardOptions = {}): void {
  const netServer: unknown = Reflect.get(server, "server");
  const handlers: unknown = Reflect.get(server, "handlers");
  if (!(netServer instanceof net.Server) || !(handlers instanceof Set)) {
    throw new Error("embedded database: PGLiteSocketServer no longer has the private server/handlers fields this project guards (patches/README.md).");
  }
  const timeoutMs = options.timeoutMs ?? AUTH_TIMEOUT_MS;
  const max = options.max ?? MAX_UNAUTHENTICATED;
  const setTimer = options.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
  const clearTimer = options.clearTimer ?? ((t) => clearTimeout(t));
  const pending = new Set<net.Socket>();
  const authenticated = (socket: net.Socket) => {
    for (const h of handlers as Set<{ socket?: unknown; handlerId?: unknown }>) {
      if (h.socket === socket && typeof h.handlerId === "number") return queue.isAuthenticated(h.handlerId);
    }
    return false;
  };
  const accept = netServer.listeners("connection") as ((socket: net.Socket) => void)[];
  netServer.removeAllListeners("connection");
  netServer.on("connection", (socket: net.Socket) => {
    for (const s of pending) if (s.destroyed || authenticated(s)) pending.delete(s);
    // At the cap the oldest waiting connection makes room (a Set keeps insertion order): a
    // real client authenticates within milliseconds of connecting, so a flood of idle sockets
    // cannot keep it out the way refusing newcomers would.
    for (const oldest of pending) {
      if (pending.size < max) break;
      pending.delete(oldest);
      oldest.destroy();
    }
    pending.add(socket);
    // pglite-socket buffers a message until all of its declared length has arrived: a client
    // that declares a huge startup message (or just keeps sending) before authenticating would
    // grow this process without bound. Closed at once instead; authenticated clients are not
    // watched (their queries may be large).
    let received = 0;
    let head = Buffer.alloc(0);
    const watch = (chunk: Buffer) => {
      if (authenticated(socket)) {
        socket.off("data", watch);
        return;
      }
      received += chunk.length;
      if (head.length < 4) head = Buffer.concat([head, chunk.subarray(0, 4 - head.length)]);
      const declared = head.length === 4 ? head.readUInt32BE(0) : 0;
      if (declared > MAX_STARTUP_MESSAGE_BYTES || received > MAX_UNAUTHENTICATED_BYTES) {
        socket.off("data", watch);
        socket.destroy();
      }
    };
    socket.on("data", watch);
    const timer = setTimer(() => {
      pending.delete(socket);
      if (!authenticated(socket)) socket.destroy();
    }, timeoutMs);
    timer.unref?.();
    socket.once("close", () => {
      pending.delete(socket);
      clearTimer(timer as never);
    });
    for (const fn of accept) fn(socket);
  });
}

const urlFor = (port: number, password: string) => `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;

/**
 * Starts PGlite (PostgreSQL in WebAssembly) with cube + earthdistance and serves it on
 * loopback over the Postgres wire protocol, so every process uses the `postgres` driver.
 */
export async function startEmbeddedServer(options: EmbeddedOptions): Promise<EmbeddedServer> {
  const pgDir = options.dataDir ? path.join(options.dataDir, "pglite") : undefined;
  if (options.dataDir) ensurePrivateDataDir(options.dataDir);
  if (pgDir) fs.mkdirSync(pgDir, { recursive: true, mode: 0o700 });
  // In memory (tests) a fresh password per server; on disk one per data folder, so joiners find it.
  const password = options.dataDir ? embeddedPassword(options.dataDir) : randomBytes(24).toString("hex");
  if (pgDir && options.startFrom) throw new Error("embedded database: startFrom is for an in-memory database only");
  const pg = await PGlite.create({
    ...(pgDir ? { dataDir: pgDir } : {}),
    ...(options.startFrom ? { loadDataDir: options.startFrom } : {}),
    extensions: { cube, earthdistance },
  });
  const server = new PGLiteSocketServer({ db: pg, host: "127.0.0.1", port: options.port, maxConnections: 200 });
  const queue = new WireQueue(pg, password);
  replaceQueryQueue(server, queue);
  await server.start();
  guardUnauthenticated(server, queue, options.authGuard);
  const port = Number(server.getServerConn().split(":").pop());
  const url = urlFor(port, password);
  if (options.dataDir) {
    // No password here: joiners read it from its own 0600 file.
    fs.writeFileSync(serverFile(options.dataDir), JSON.stringify({ port, pid: process.pid }), { mode: 0o600 });
  }
  let stopped = false;
  return {
    url,
    port,
    dump: () => pg.dumpDataDir("none"),
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
    const info = JSON.parse(fs.readFileSync(serverFile(dataDir), "utf8")) as { port: number; pid: number };
    process.kill(info.pid, 0);
    return urlFor(info.port, embeddedPassword(dataDir));
  } catch {
    return undefined;
  }
}
