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

export class WireQueue {
  private queue: Item[] = [];
  private processing = false;
  /** The client that holds the database (mid-sequence or in a transaction), if any. */
  private owner: number | null = null;

  private readonly db: PGlite;

  constructor(db: PGlite) {
    this.db = db;
  }

  enqueue(handlerId: number, message: Uint8Array, onData: (data: Uint8Array) => void): Promise<number> {
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

  private release(handlerId: number) {
    if (this.owner === handlerId) this.owner = null;
  }

  getQueueLength(): number {
    return this.queue.length;
  }

  /** Called by the socket handler when its client goes away. */
  clearQueueForHandler(handlerId: number): void {
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
