import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import type { PGlite } from "@electric-sql/pglite";

/**
 * The message queue the embedded socket server runs every client message through.
 *
 * Why not the one pglite-socket ships: it interleaves clients one *message* at a time and
 * only keeps a client together inside an explicit transaction. The `postgres` driver sends
 * each query as Parse/Bind/Describe/Execute/Sync with the *unnamed* statement, so two
 * connections querying at once (the API and a site build, or Promise.all in one process)
 * overwrote each other's unnamed statement: "unnamed prepared statement does not exist".
 * Here a client that has started an extended-protocol sequence keeps the database until its
 * Sync (and, as before, until its transaction ends), so sequences never interleave.
 */
interface Item {
  handlerId: number;
  message: Uint8Array;
  onData: (data: Uint8Array) => void;
  resolve: (bytes: number) => void;
  reject: (error: unknown) => void;
}

// Frontend messages that end a unit of work: Sync and a simple Query.
const SYNC = 0x53; // 'S'
const QUERY = 0x51; // 'Q'
// Extended-protocol messages that leave work pending until the next Sync.
const EXTENDED = new Set([0x50 /* P */, 0x42 /* B */, 0x44 /* D */, 0x45 /* E */, 0x43 /* C */, 0x48 /* H */]);

// Startup handshake: a StartupMessage carries protocol 3.0 after its length; 'p' is a PasswordMessage.
const PROTOCOL_3 = 196608;
const PASSWORD = 0x70; // 'p'

type AuthState = { phase: "awaiting-password"; startup: Uint8Array; salt: Buffer } | { phase: "authenticated" };

/** `md5` + md5(md5(password + user) + salt), as a PostgreSQL client answers AuthenticationMD5Password. */
function md5Answer(password: string, user: string, salt: Buffer): string {
  const inner = createHash("md5")
    .update(password + user)
    .digest("hex");
  return (
    "md5" +
    createHash("md5")
      .update(Buffer.concat([Buffer.from(inner), salt]))
      .digest("hex")
  );
}

function startupUser(message: Uint8Array): string {
  // After length (4) and protocol (4): NUL-terminated key/value pairs.
  const parts = Buffer.from(message.subarray(8)).toString("utf8").split("\0");
  const i = parts.indexOf("user");
  return i >= 0 ? (parts[i + 1] ?? "") : "";
}

function authRequest(code: number, extra: Buffer = Buffer.alloc(0)): Uint8Array {
  const out = Buffer.alloc(9 + extra.length);
  out.write("R", 0, "latin1");
  out.writeInt32BE(8 + extra.length, 1);
  out.writeInt32BE(code, 5);
  extra.copy(out, 9);
  return out;
}

function fatal(code: string, message: string): Uint8Array {
  const fields = Buffer.from(`SFATAL\0VFATAL\0C${code}\0M${message}\0\0`, "utf8");
  const out = Buffer.alloc(5 + fields.length);
  out.write("E", 0, "latin1");
  out.writeInt32BE(4 + fields.length, 1);
  fields.copy(out, 5);
  return out;
}

export class WireQueue {
  private queue: Item[] = [];
  /** Per connection: where it is in the password handshake (absent: nothing received yet). */
  private readonly auth = new Map<number, AuthState>();
  private readonly password: string | undefined;
  private processing = false;
  /** The client that holds the database (mid-sequence or in a transaction), if any. */
  private owner: number | null = null;

  private readonly db: PGlite;

  /**
   * With a password, every connection must answer an MD5 password challenge before its
   * startup message reaches PGlite (which itself accepts anyone): PGlite has no
   * authentication of its own, and the port is reachable by every local user.
   */
  constructor(db: PGlite, password?: string) {
    this.db = db;
    this.password = password;
  }

  enqueue(handlerId: number, message: Uint8Array, onData: (data: Uint8Array) => void): Promise<number> {
    if (this.password !== undefined && this.auth.get(handlerId)?.phase !== "authenticated") {
      return this.authenticate(handlerId, message, onData, this.password);
    }
    return new Promise((resolve, reject) => {
      this.queue.push({ handlerId, message, onData, resolve, reject });
      void this.processQueue();
    });
  }

  private next(): Item | undefined {
    if (this.owner === null) return this.queue.shift();
    const i = this.queue.findIndex((item) => item.handlerId === this.owner);
    return i === -1 ? undefined : this.queue.splice(i, 1)[0];
  }

  private async processQueue(): Promise<void> {
    if (this.processing) return;
    this.processing = true;
    try {
      for (let item = this.next(); item; item = this.next()) {
        const current = item;
        let bytes = 0;
        try {
          await this.db.runExclusive(() =>
            this.db.execProtocolRawStream(current.message, {
              onRawData: (data: Uint8Array) => {
                bytes += data.length;
                current.onData(data);
              },
            }),
          );
        } catch (error) {
          this.release(current.handlerId);
          current.reject(error);
          continue;
        }
        const type = current.message[0] ?? 0;
        if (EXTENDED.has(type)) this.owner = current.handlerId;
        else if (type === SYNC || type === QUERY) this.owner = this.db.isInTransaction() ? current.handlerId : null;
        current.resolve(bytes);
      }
    } finally {
      this.processing = false;
    }
  }

  private async authenticate(handlerId: number, message: Uint8Array, onData: (data: Uint8Array) => void, password: string): Promise<number> {
    const state = this.auth.get(handlerId);
    const isStartup = message.length >= 8 && Buffer.from(message).readInt32BE(4) === PROTOCOL_3;
    if (!state && isStartup) {
      const salt = randomBytes(4);
      this.auth.set(handlerId, { phase: "awaiting-password", startup: message, salt });
      const request = authRequest(5, salt);
      onData(request);
      return request.length;
    }
    if (state?.phase === "awaiting-password" && message[0] === PASSWORD) {
      // PasswordMessage: 'p', length, NUL-terminated answer.
      const answer = Buffer.from(message.subarray(5)).toString("utf8").replace(/\0$/, "");
      const expected = md5Answer(password, startupUser(state.startup), state.salt);
      const given = Buffer.from(answer);
      if (given.length === expected.length && timingSafeEqual(given, Buffer.from(expected))) {
        this.auth.set(handlerId, { phase: "authenticated" });
        // PGlite answers the original startup with AuthenticationOk, parameters and ReadyForQuery.
        return new Promise((resolve, reject) => {
          this.queue.push({ handlerId, message: state.startup, onData, resolve, reject });
          void this.processQueue();
        });
      }
    }
    // Wrong password, or anything before the handshake: refuse and (by rejecting) close.
    this.auth.delete(handlerId);
    const user = state?.phase === "awaiting-password" ? startupUser(state.startup) : "";
    onData(fatal("28P01", `password authentication failed for user "${user}"`));
    throw new Error("embedded database: authentication failed");
  }

  private release(handlerId: number) {
    if (this.owner === handlerId) this.owner = null;
  }

  /** Whether this connection has answered the password challenge (always true without a password). */
  isAuthenticated(handlerId: number): boolean {
    return this.password === undefined || this.auth.get(handlerId)?.phase === "authenticated";
  }

  getQueueLength(): number {
    return this.queue.length;
  }

  /** Called by the socket handler when its client goes away. */
  clearQueueForHandler(handlerId: number): void {
    this.auth.delete(handlerId);
    this.queue = this.queue.filter((item) => {
      if (item.handlerId !== handlerId) return true;
      item.reject(new Error("Handler disconnected"));
      return false;
    });
  }

  /** A client that left mid-sequence or mid-transaction must not keep the database. */
  async clearTransactionIfNeeded(handlerId: number): Promise<void> {
    if (this.owner !== handlerId) return;
    this.owner = null;
    if (this.db.isInTransaction()) await this.db.exec("ROLLBACK");
    void this.processQueue();
  }
}
