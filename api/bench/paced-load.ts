/**
 * bench:api's paced load: `rate` requests a second, evenly spaced, never waiting for answers
 * (an open loop, as visitors arrive), each timed from its sending to the end of its answer.
 *
 * Why a client of its own: the load runs on the machine that serves the API (two cores shared
 * with the API and PostgreSQL), so whatever the client spends per request is taken from the
 * server being measured. Node's HTTP client (an `http.Agent` with keep-alive) builds a
 * ClientRequest, its headers and an IncomingMessage per request; this one writes each request
 * as one prepared buffer on a keep-alive socket and reads the answer's head and body by their
 * framing, nothing else: it costs the machine much less CPU per request, measured against Node's
 * client in the same run (docs/benchmarks/304-the-beacon-at-2000-a-second.md).
 *
 * What it understands of HTTP/1.1: answers with a Content-Length (or none, as a 204), chunked
 * answers (read to their last chunk), and a server closing the connection. A request still
 * unanswered after TIMEOUT_MS counts as a timeout and its socket is closed.
 */
import net from "node:net";

/** One load's counts and latencies (a measurement may be made of several, alternating codes). */
export interface Raw {
  requests: number;
  seconds: number;
  latencies: number[];
  errors: number;
  non2xx: number;
  timeouts: number;
}

interface PacedRequests {
  method: "GET" | "POST";
  /** Headers of every request. */
  headers: Record<string, string>;
  /** The i-th request: its path, body and headers of its own (its forwarded address). */
  next(i: number): { path: string; body?: string; headers?: Record<string, string> };
}

const TIMEOUT_MS = 10_000;
/** Sockets open at most, as the Agent's maxSockets was: requests beyond wait for a free one. */
const MAX_SOCKETS = 256;
const HEAD_END = Buffer.from("\r\n\r\n");
const LAST_CHUNK = Buffer.from("\r\n0\r\n\r\n");

type Outcome = { status: number } | "error" | "timeout";

interface InFlight {
  started: number;
  done(outcome: Outcome): void;
}

/** A keep-alive connection carrying one request at a time. */
class Connection {
  readonly socket: net.Socket;
  current: InFlight | undefined;
  private buffer: Buffer = Buffer.alloc(0);

  /** `onFree` runs when an answer is in and the connection may carry the next request; `onClose` once it is closed. */
  constructor(port: number, onFree: (c: Connection) => void, onClose: (c: Connection) => void) {
    this.socket = net.connect(port, "127.0.0.1");
    this.socket.setNoDelay(true);
    this.socket.on("data", (chunk: Buffer) => {
      if (this.read(chunk)) onFree(this);
    });
    this.socket.on("error", () => {});
    this.socket.on("close", () => {
      this.finish("error");
      onClose(this);
    });
  }

  send(request: Buffer, inFlight: InFlight) {
    this.current = inFlight;
    this.socket.write(request);
  }

  /** Gives up on the request in flight: counted as a timeout, the connection closed. */
  expire() {
    this.finish("timeout");
    this.socket.destroy();
  }

  private finish(outcome: Outcome) {
    const current = this.current;
    this.current = undefined;
    this.buffer = Buffer.alloc(0);
    current?.done(outcome);
  }

  /** Reads the answer by its framing: true once its head and body are in. */
  private read(chunk: Buffer): boolean {
    this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk]);
    const headEnd = this.buffer.indexOf(HEAD_END);
    if (headEnd < 0) return false;
    const head = this.buffer.toString("latin1", 0, headEnd).toLowerCase();
    const bodyStart = headEnd + HEAD_END.length;
    if (/\r\ntransfer-encoding:[^\r]*chunked/.test(head)) {
      if (this.buffer.indexOf(LAST_CHUNK, bodyStart - 2) < 0) return false;
    } else {
      const length = /\r\ncontent-length: *(\d+)/.exec(head);
      if (length && this.buffer.length - bodyStart < Number(length[1])) return false;
    }
    this.finish({ status: Number(head.slice(9, 12)) });
    return true;
  }
}

/** `requests` at `rate` a second for `seconds`, from request number `cursor.i` on, against 127.0.0.1:`port`. */
export async function pacedLoad(port: number, requests: PacedRequests, rate: number, seconds: number, cursor: { i: number }): Promise<Raw> {
  const latencies: number[] = [];
  let errors = 0;
  let non2xx = 0;
  let timeouts = 0;
  let ip = 0;
  const connections = new Set<Connection>();
  const idle: Connection[] = [];
  const waiting: [Buffer, InFlight][] = [];
  let unanswered = 0;
  let allAnswered: (() => void) | undefined;

  const onFree = (c: Connection) => {
    const queued = waiting.shift();
    if (queued) c.send(...queued);
    else idle.push(c);
  };
  const onClose = (c: Connection) => {
    connections.delete(c);
    const at = idle.indexOf(c);
    if (at >= 0) idle.splice(at, 1);
  };
  const dispatch = (request: Buffer, inFlight: InFlight) => {
    const free = idle.pop();
    if (free) return free.send(request, inFlight);
    if (connections.size >= MAX_SOCKETS) return void waiting.push([request, inFlight]);
    const c = new Connection(port, onFree, onClose);
    connections.add(c);
    // Written once connected (a socket keeps what is written before).
    c.send(request, inFlight);
  };

  const send = () => {
    const { path, body, headers } = requests.next(cursor.i++);
    ip = (ip + 1) % 65_536;
    const all: Record<string, string> = { ...requests.headers, ...headers, "x-forwarded-for": `198.18.${ip >> 8}.${ip & 255}` };
    const payload = body === undefined ? undefined : Buffer.from(body);
    let head = `${requests.method} ${path} HTTP/1.1\r\nhost: 127.0.0.1:${port}\r\n`;
    for (const [name, value] of Object.entries(all)) head += `${name}: ${value}\r\n`;
    if (payload) head += `content-length: ${payload.length}\r\n`;
    const headBytes = Buffer.from(`${head}\r\n`, "latin1");
    unanswered++;
    const inFlight: InFlight = {
      started: performance.now(),
      done(outcome) {
        if (outcome === "error") errors++;
        else if (outcome === "timeout") timeouts++;
        else {
          latencies.push(performance.now() - inFlight.started);
          if (outcome.status >= 300) non2xx++;
        }
        if (--unanswered === 0) allAnswered?.();
      },
    };
    dispatch(payload ? Buffer.concat([headBytes, payload]) : headBytes, inFlight);
  };
  const expire = () => {
    const now = performance.now();
    for (const c of connections) if (c.current && now - c.current.started > TIMEOUT_MS) c.expire();
  };

  const total = Math.round(rate * seconds);
  const start = performance.now();
  let sent = 0;
  while (sent < total) {
    const due = Math.min(total, Math.floor(((performance.now() - start) / 1000) * rate));
    while (sent < due) {
      send();
      sent++;
    }
    expire();
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  if (unanswered > 0) {
    const timer = setInterval(expire, 100);
    await new Promise<void>((resolve) => (allAnswered = resolve));
    clearInterval(timer);
  }
  for (const c of connections) c.socket.destroy();
  return { requests: latencies.length, seconds: (performance.now() - start) / 1000, latencies, errors, non2xx, timeouts };
}
