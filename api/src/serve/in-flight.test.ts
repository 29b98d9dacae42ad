import type { Server } from "node:http";
import net, { type AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import { trackInFlight, type Timers } from "./in-flight.ts";

function deferred<T = void>() {
  let resolve: (value: T) => void = () => {};
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

/** A real server on loopback: POST /echo answers with the body once it has all arrived; GET /held waits for `release`. */
async function start() {
  const started = deferred();
  const release = deferred();
  let draining = false;
  const app = new Hono();
  app.get("/ready", (c) => c.text(draining ? "not ready" : "ready", draining ? 503 : 200));
  app.post("/echo", async (c) => {
    started.resolve();
    return c.text(`got ${await c.req.text()}`);
  });
  app.get("/held", async (c) => {
    started.resolve();
    await release.promise;
    return c.text("held answer");
  });
  app.get("/quick", (c) => c.text("quick"));
  const server = await new Promise<Server>((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, () => resolve(s as Server));
  });
  const tracked = trackInFlight(server, { healthPaths: ["/ready"] });
  // As the API does: /ready answers 503 from the first moment of the stop.
  const inFlight: typeof tracked = {
    get count() {
      return tracked.count;
    },
    stop: (ms, timers) => ((draining = true), tracked.stop(ms, timers)),
  };
  servers.push(server);
  return { server, inFlight, started: started.promise, release: release.resolve, port: (server.address() as AddressInfo).port };
}
const servers: Server[] = [];
afterEach(() => {
  for (const s of servers.splice(0)) {
    s.closeAllConnections();
    s.close();
  }
});

interface RawAnswer {
  text: string;
  error: Error | null;
}
/** A raw connection, so the test sees exactly what reached the client and whether the socket was reset. */
function connect(port: number) {
  const socket = net.connect(port, "127.0.0.1");
  let text = "";
  let error: Error | null = null;
  socket.on("data", (d: Buffer) => (text += d.toString()));
  socket.on("error", (e) => (error = e));
  const ended = new Promise<RawAnswer>((resolve) => socket.on("close", () => resolve({ text, error })));
  return { socket, ended, received: () => text };
}

/** Timers the test fires by hand: no waiting on real time. */
function manualTimers() {
  const pending: (() => void)[] = [];
  const timers: Timers = {
    setTimeout: (fn) => pending.push(fn),
    clearTimeout: () => {},
  };
  return { timers, fire: () => pending.splice(0).forEach((fn) => fn()) };
}

describe("graceful stop (real HTTP server on loopback)", () => {
  it("stops at once when nothing runs, and refuses new connections", async () => {
    const { inFlight, port } = await start();
    expect(await inFlight.stop(60_000)).toBe(0);
    const refused = await new Promise<string>((resolve) => net.connect(port, "127.0.0.1").on("error", (e: NodeJS.ErrnoException) => resolve(e.code ?? "")));
    expect(refused).toBe("ECONNREFUSED");
  });

  it("answers a request whose body is still arriving when the stop comes, with Connection: close, and no reset", async () => {
    const { inFlight, started, port } = await start();
    const client = connect(port);
    client.socket.write("POST /echo HTTP/1.1\r\nHost: x\r\nConnection: keep-alive\r\nContent-Type: text/plain\r\nContent-Length: 10\r\n\r\nhello");
    await started;
    expect(inFlight.count).toBe(1);
    const stopped = inFlight.stop(60_000);
    // The rest of the body arrives after the signal.
    client.socket.write("world");
    const answer = await client.ended;
    expect(answer.error).toBeNull();
    expect(answer.text).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(answer.text.toLowerCase()).toContain("connection: close\r\n");
    expect(answer.text.endsWith("got helloworld")).toBe(true);
    expect(await stopped).toBe(0);
  });

  it("lets every request in flight finish and flushes each answer, then closes idle keep-alive connections", async () => {
    const { inFlight, started, release, port } = await start();
    const held = connect(port);
    held.socket.write("GET /held HTTP/1.1\r\nHost: x\r\n\r\n");
    // A kept-alive connection that already got its answer and now sits idle.
    const idle = connect(port);
    idle.socket.write("GET /quick HTTP/1.1\r\nHost: x\r\n\r\n");
    await expect.poll(() => idle.received()).toMatch(/quick$/);
    await started;
    let done = false;
    const stopped = inFlight.stop(60_000).then((n) => ((done = true), n));
    const idleAnswer = await idle.ended;
    expect(idleAnswer.error).toBeNull();
    expect(done).toBe(false);
    release();
    const heldAnswer = await held.ended;
    expect(heldAnswer.error).toBeNull();
    expect(heldAnswer.text.toLowerCase()).toContain("connection: close\r\n");
    expect(heldAnswer.text.endsWith("held answer")).toBe(true);
    expect(await stopped).toBe(0);
  });

  it("closes what still runs at the deadline and reports how many were cut off", async () => {
    const { inFlight, started, port } = await start();
    const held = connect(port);
    held.socket.write("GET /held HTTP/1.1\r\nHost: x\r\n\r\n");
    await started;
    const { timers, fire } = manualTimers();
    let done = false;
    const stopped = inFlight.stop(5_000, timers).then((n) => ((done = true), n));
    await new Promise((r) => setImmediate(r));
    expect(done).toBe(false);
    fire();
    expect(await stopped).toBe(1);
    await held.ended;
    expect(inFlight.count).toBe(0);
  });

  it("answers a /ready pipelined behind a request in flight (503, then the connection closes)", async () => {
    const { inFlight, started, release, port } = await start();
    const client = connect(port);
    client.socket.write("GET /held HTTP/1.1\r\nHost: x\r\n\r\n");
    await started;
    const stopped = inFlight.stop(60_000);
    // A load balancer's check sent on the same connection during the stop, behind the held request.
    client.socket.write("GET /ready HTTP/1.1\r\nHost: x\r\n\r\n");
    await expect.poll(() => inFlight.count).toBe(2);
    release();
    const answer = await client.ended;
    expect(answer.error).toBeNull();
    const [first, second] = answer.text.split(/(?=HTTP\/1\.1 )/);
    expect(first).toMatch(/^HTTP\/1\.1 200 OK\r\n[\s\S]*held answer$/);
    expect(second).toMatch(/^HTTP\/1\.1 503 /);
    expect(second?.toLowerCase()).toContain("connection: close\r\n");
    expect(second?.endsWith("not ready")).toBe(true);
    expect(await stopped).toBe(0);
  });

  it("keeps a connection a health check left idle open through the stop, so the next check sees 503 before it closes", async () => {
    const { inFlight, port } = await start();
    const checker = connect(port);
    checker.socket.write("GET /ready HTTP/1.1\r\nHost: x\r\n\r\n");
    await expect.poll(() => checker.received()).toMatch(/\r\n\r\nready$/);
    // A browser's idle connection is closed at once, as before.
    const browser = connect(port);
    browser.socket.write("GET /quick HTTP/1.1\r\nHost: x\r\n\r\n");
    await expect.poll(() => browser.received()).toMatch(/quick$/);
    const { timers, fire } = manualTimers();
    let done = false;
    const stopped = inFlight.stop(10_000, timers).then((n) => ((done = true), n));
    expect((await browser.ended).error).toBeNull();
    const before = checker.received().length;
    await new Promise((r) => setImmediate(r));
    expect(done).toBe(false);
    checker.socket.write("GET /ready HTTP/1.1\r\nHost: x\r\n\r\n");
    const answer = await checker.ended;
    expect(answer.error).toBeNull();
    const next = answer.text.slice(before);
    expect(next).toMatch(/^HTTP\/1\.1 503 /);
    expect(next.toLowerCase()).toContain("connection: close\r\n");
    expect(await stopped).toBe(0);
    fire();
  });

  it("closes a connection a health check left idle at the deadline when no check comes", async () => {
    const { inFlight, port } = await start();
    const checker = connect(port);
    checker.socket.write("GET /ready HTTP/1.1\r\nHost: x\r\n\r\n");
    await expect.poll(() => checker.received()).toMatch(/\r\n\r\nready$/);
    const { timers, fire } = manualTimers();
    let done = false;
    const stopped = inFlight.stop(10_000, timers).then((n) => ((done = true), n));
    await new Promise((r) => setImmediate(r));
    expect(done).toBe(false);
    fire();
    expect(await stopped).toBe(0);
    await checker.ended;
  });
});
