/** The embedded database's port under idle unauthenticated sockets (a local denial of service). */
import net from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import postgres from "postgres";
import { MAX_STARTUP_MESSAGE_BYTES, startEmbeddedServer, type EmbeddedServer } from "./embedded.ts";

const servers: EmbeddedServer[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.stop();
});

/** An idle socket that never sends its startup message; `closed` settles when the server closes it. */
function idleSocket(port: number) {
  const socket = net.connect(port, "127.0.0.1");
  socket.on("error", () => {});
  const opened = new Promise<void>((resolve) => socket.once("connect", () => resolve()));
  const closed = new Promise<void>((resolve) => socket.once("close", () => resolve()));
  let isClosed = false;
  void closed.then(() => (isClosed = true));
  return { socket, opened, closed, isClosed: () => isClosed };
}

async function query(url: string): Promise<number> {
  const sql = postgres(url, { max: 1, onnotice: () => {}, connect_timeout: 30 });
  try {
    const [row] = await sql<{ n: number }[]>`select 1 + 1 as n`;
    return row!.n;
  } finally {
    await sql.end();
  }
}

describe("embedded database port: unauthenticated connections", () => {
  it("closes the oldest idle sockets beyond the cap at once, and a real client still connects", async () => {
    const server = await startEmbeddedServer({ port: 0, authGuard: { max: 8, timeoutMs: 60_000 } });
    servers.push(server);
    const idle = Array.from({ length: 250 }, () => idleSocket(server.port));
    await Promise.all(idle.map((s) => Promise.race([s.opened, s.closed])));
    // All but the 8 newest are closed by the server, not left holding its 200 slots.
    await expect.poll(() => idle.filter((s) => s.isClosed()).length, { timeout: 30_000 }).toBe(242);
    expect(await query(server.url)).toBe(2);
    for (const s of idle) s.socket.destroy();
  });

  it("closes a connection that has not authenticated in time, never an authenticated one", async () => {
    const timers: (() => void)[] = [];
    const server = await startEmbeddedServer({
      port: 0,
      authGuard: { setTimer: (fn) => (timers.push(fn), {}), clearTimer: () => {} },
    });
    servers.push(server);
    const sql = postgres(server.url, { max: 1, onnotice: () => {} });
    try {
      expect((await sql<{ n: number }[]>`select 1 as n`)[0]!.n).toBe(1);
      const idle = idleSocket(server.port);
      await idle.opened;
      await expect.poll(() => timers.length).toBe(2);
      for (const fire of timers.splice(0)) fire();
      await idle.closed;
      // The authenticated connection survived its own timer.
      expect((await sql<{ n: number }[]>`select 2 as n`)[0]!.n).toBe(2);
    } finally {
      await sql.end();
    }
  });

  describe("bytes sent before authenticating", () => {
    let server: EmbeddedServer;
    // Started once, outside the test's time (PGlite takes long to start on a loaded machine).
    // The timeout never fires here: only the cap can close these connections.
    beforeAll(async () => {
      server = await startEmbeddedServer({ port: 0, authGuard: { setTimer: () => ({}), clearTimer: () => {} } });
    });
    afterAll(async () => {
      await server.stop();
    });

    it("closes at once a connection that declares a startup message over PostgreSQL's limit, or sends more before authenticating", async () => {
      // Declares 2 GB, then keeps sending: closed after its first bytes, not buffered.
      const huge = idleSocket(server.port);
      await huge.opened;
      const declaration = Buffer.alloc(8);
      declaration.writeUInt32BE(2 ** 31 - 1, 0);
      declaration.writeUInt32BE(196608, 4);
      huge.socket.write(declaration);
      const chunk = Buffer.alloc(64 * 1024, 0x61);
      for (let i = 0; i < 64 && !huge.isClosed(); i++) huge.socket.write(chunk);
      await expect.poll(() => huge.isClosed()).toBe(true);
      // A startup message within its declared size but followed by more and more bytes.
      const flood = idleSocket(server.port);
      await flood.opened;
      const startup = Buffer.alloc(8);
      startup.writeUInt32BE(MAX_STARTUP_MESSAGE_BYTES, 0);
      startup.writeUInt32BE(196608, 4);
      flood.socket.write(startup);
      for (let i = 0; i < 64 && !flood.isClosed(); i++) flood.socket.write(chunk);
      await expect.poll(() => flood.isClosed()).toBe(true);
      // A real client is unaffected.
      expect(await query(server.url)).toBe(2);
    });
  });
});
