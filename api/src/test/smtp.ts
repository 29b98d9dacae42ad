/**
 * A loopback SMTP server for tests (smtp-server), reading what arrived with mailparser. A
 * test may make it refuse recipients for good (5xx) or for now (4xx, a given number of times).
 */
import type { AddressInfo } from "node:net";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  envelopeTo: string[];
  raw: string;
  parsed: ParsedMail;
}

export interface TestSmtp {
  url: string;
  port: number;
  received: ReceivedMail[];
  /** Recipients refused with 550 at RCPT TO. */
  refuse: Set<string>;
  /** Recipient → how many more times to answer 451 at RCPT TO. */
  defer: Map<string, number>;
  /** How long each message's DATA takes to be accepted (a slow relay). */
  delayMs: number;
  /** Resolves once `count` messages have arrived (polls; fails after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

class SmtpReply extends Error {
  responseCode: number;
  constructor(code: number, message: string) {
    super(message);
    this.responseCode = code;
  }
}

export async function startTestSmtp(): Promise<TestSmtp> {
  const received: ReceivedMail[] = [];
  const refuse = new Set<string>();
  const defer = new Map<string, number>();
  const api = { delayMs: 0 } as TestSmtp;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onRcptTo(address, _session, callback) {
      const to = address.address.toLowerCase();
      if (refuse.has(to)) return callback(new SmtpReply(550, "5.1.1 No such user"));
      const left = defer.get(to) ?? 0;
      if (left > 0) {
        defer.set(to, left - 1);
        return callback(new SmtpReply(451, "4.3.0 Try again later"));
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        new Promise((r) => setTimeout(r, api.delayMs))
          .then(() => simpleParser(raw))
          .then(
            (parsed) => {
              received.push({ envelopeTo: session.envelope.rcptTo.map((r) => r.address), raw, parsed });
              callback();
            },
            (err: Error) => callback(err),
          );
      });
    },
  });
  // A client killed mid-session (the SIGKILL test) resets its connection: expected here.
  server.on("error", (err: NodeJS.ErrnoException) => {
    if (err.code !== "ECONNRESET") throw err;
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as AddressInfo).port;
  Object.assign(api, {
    url: `smtp://127.0.0.1:${port}`,
    port,
    received,
    refuse,
    defer,
    async waitFor(count: number, timeoutMs = 20_000) {
      const until = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > until) throw new Error(`expected ${count} messages, ${received.length} arrived`);
        await new Promise((r) => setTimeout(r, 20));
      }
      return received;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
  return api;
}
