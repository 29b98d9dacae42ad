import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordingLogger } from "@botox/core/testing";
import { createTestDatabase, type TestDatabase } from "@botox/db/testing";
import { startTestSmtp, type TestSmtp } from "../test/smtp.ts";
import type { MailConfig } from "./config.ts";
import { enqueueMail } from "./outbox.ts";
import { MailWorker } from "./worker.ts";

const FROM = "Botox Near Me <deals@botox.test>";
const childScript = path.join(path.dirname(fileURLToPath(import.meta.url)), "fixtures/worker-process.ts");

let db: TestDatabase;
let smtp: TestSmtp;
beforeAll(async () => {
  db = await createTestDatabase();
  smtp = await startTestSmtp();
});
afterAll(async () => {
  await db?.close();
  await smtp?.close();
});

const config = (over: Partial<MailConfig> = {}): MailConfig => ({
  mode: "smtp",
  smtpUrl: smtp.url,
  from: FROM,
  postalAddress: "1 Main St, Austin, TX 78701",
  captureDir: "",
  siteUrl: "https://site.test",
  adminUrl: "https://admin.test/admin",
  apiUrl: "https://api.test/api/v1",
  pollMs: 20,
  batchSize: 10,
  maxAttempts: 8,
  retryBaseMs: 0,
  leaseMs: 60_000,
  connections: 2,
  schedule: null,
  ...over,
});

async function queue(prefix: string, n: number): Promise<string[]> {
  const addresses = Array.from({ length: n }, (_, i) => `${prefix}${i}@example.com`);
  for (const to of addresses) await enqueueMail(db.sql, FROM, { to, subject: `Test ${to}`, text: "Hello", html: null, kind: "test" });
  return addresses;
}

/** Waits until no message is queued (polling the table; workers run on their own). */
async function settled(timeoutMs = 60_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const [row] = await db.sql<{ n: number }[]>`select count(*)::int as n from mail_messages where status = 'queued'`;
    if (row!.n === 0) return;
    if (Date.now() > until) throw new Error(`${row!.n} messages still queued`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const arrivals = (prefix: string) => smtp.received.filter((m) => m.envelopeTo[0]!.startsWith(prefix));

describe("the outbox worker", () => {
  it("shares a batch between two workers on one database, each message sent once", async () => {
    const addresses = await queue("pair", 120);
    const a = new MailWorker({ sql: db.sql, config: config(), logger: recordingLogger() });
    const b = new MailWorker({ sql: db.sql, config: config(), logger: recordingLogger() });
    a.start();
    b.start();
    try {
      await settled();
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
    const got = arrivals("pair").map((m) => m.envelopeTo[0]);
    expect(got.sort()).toEqual([...addresses].sort());
    expect(new Set(arrivals("pair").map((m) => m.parsed.messageId)).size).toBe(120);
  });

  // A child process started and killed, then a lease to wait out: bounded for a loaded machine.
  it("after a worker is killed (SIGKILL) mid-batch, a restarted one sends the rest; a message sent twice keeps its Message-ID", async () => {
    const addresses = await queue("kill", 60);
    smtp.delayMs = 25;
    const leaseMs = 1_500;
    const child = spawn(process.execPath, [childScript, db.url, smtp.url, String(leaseMs)], { stdio: ["ignore", "pipe", "inherit"] });
    const exited = new Promise<NodeJS.Signals | null>((resolve) => child.once("exit", (_code, signal) => resolve(signal)));
    try {
      await smtp.waitFor(smtp.received.length + 15, 60_000);
      expect(arrivals("kill").length).toBeLessThan(60);
    } finally {
      child.kill("SIGKILL");
    }
    expect(await exited).toBe("SIGKILL");
    smtp.delayMs = 0;
    const restarted = new MailWorker({ sql: db.sql, config: config({ leaseMs }), logger: recordingLogger() });
    restarted.start();
    try {
      await settled();
    } finally {
      await restarted.stop();
    }
    const stored = new Map(
      (await db.sql<{ to_address: string; message_id: string }[]>`select to_address, message_id from mail_messages where to_address like 'kill%'`).map((r) => [
        r.to_address,
        r.message_id,
      ]),
    );
    for (const to of addresses) {
      const copies = arrivals("kill").filter((m) => m.envelopeTo[0] === to);
      expect(copies.length, to).toBeGreaterThanOrEqual(1);
      expect(new Set(copies.map((m) => m.parsed.messageId)), to).toEqual(new Set([stored.get(to)]));
    }
  }, 180_000);
});
