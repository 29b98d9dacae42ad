import type { Server } from "node:http";
import net, { type AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { Hono } from "hono";
import { HEADERS_TIMEOUT_MS, KEEP_ALIVE_TIMEOUT_MS } from "@botox/core/server-timeouts";
import { listen } from "./api-server.ts";

const servers: Server[] = [];
afterEach(() => {
  for (const s of servers.splice(0)) {
    s.closeAllConnections();
    s.close();
  }
});

async function start(): Promise<{ server: Server; port: number }> {
  const app = new Hono();
  app.get("/api/v1/stats", (c) => c.json({ ok: true }));
  const server = await listen(app.fetch, 0, "127.0.0.1");
  servers.push(server);
  return { server, port: (server.address() as AddressInfo).port };
}

/** One raw connection: each `get` sends a request on it and resolves with that answer's head. */
function connection(port: number) {
  const socket = net.connect(port, "127.0.0.1");
  let text = "";
  let closed = false;
  socket.on("data", (d: Buffer) => (text += d.toString()));
  socket.on("close", () => (closed = true));
  socket.on("error", () => undefined);
  return {
    get closed() {
      return closed;
    },
    async get(path: string): Promise<string> {
      const from = text.length;
      socket.write(`GET ${path} HTTP/1.1\r\nHost: x\r\n\r\n`);
      await expect.poll(() => text.slice(from)).toMatch(/\{"ok":true\}$/);
      return text.slice(from);
    },
    end: () => socket.destroy(),
  };
}

describe("kept-alive connections of the API's server", () => {
  it("keeps an idle connection longer than load balancers do, and says so to the client", async () => {
    const { server, port } = await start();
    expect(server.keepAliveTimeout).toBe(KEEP_ALIVE_TIMEOUT_MS);
    expect(KEEP_ALIVE_TIMEOUT_MS).toBeGreaterThan(60_000);
    expect(server.headersTimeout).toBe(HEADERS_TIMEOUT_MS);
    expect(HEADERS_TIMEOUT_MS).toBeGreaterThan(KEEP_ALIVE_TIMEOUT_MS);
    const conn = connection(port);
    const first = await conn.get("/api/v1/stats");
    expect(first.toLowerCase()).toContain("keep-alive: timeout=65\r\n");
    expect((await conn.get("/api/v1/stats")).startsWith("HTTP/1.1 200")).toBe(true);
    conn.end();
  });

  it("answers a request on a connection reused after Node's default idle timeout (5 s)", async () => {
    const { port } = await start();
    const conn = connection(port);
    await conn.get("/api/v1/stats");
    await new Promise((r) => setTimeout(r, 5_500));
    expect(conn.closed).toBe(false);
    expect((await conn.get("/api/v1/stats")).startsWith("HTTP/1.1 200")).toBe(true);
    conn.end();
  });
});
