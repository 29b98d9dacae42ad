import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import postgres from "postgres";
import { PGlite } from "@electric-sql/pglite";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";
import { replaceQueryQueue, runningEmbeddedUrl, startEmbeddedServer, type EmbeddedServer } from "./embedded.ts";
import { openDatabase } from "./open.ts";
import { runDbCli } from "../testing.ts";
import { WireQueue } from "./wire-queue.ts";

// Embedded-only: the second pass of the suite on a real PostgreSQL (TEST_DATABASE_URL) skips these.
const embeddedPass = !process.env.TEST_DATABASE_URL;

describe.runIf(embeddedPass)("replaceQueryQueue (the private field of the pinned pglite-socket)", () => {
  let pg: PGlite;
  beforeAll(async () => {
    pg = await PGlite.create();
  });
  afterAll(() => pg.close());

  it("replaces the queue of the installed PGLiteSocketServer", () => {
    const server = new PGLiteSocketServer({ db: pg, port: 0 });
    const queue = new WireQueue(pg);
    replaceQueryQueue(server, queue);
    expect(Reflect.get(server, "queryQueue")).toBe(queue);
  });

  it("refuses to start when the field is gone or reshaped, saying where to look", () => {
    const queue = new WireQueue(pg);
    expect(() => replaceQueryQueue({}, queue)).toThrow(
      /no longer has the private queryQueue .*missing: enqueue, getQueueLength, clearQueueForHandler, clearTransactionIfNeeded.*patches\/README\.md/,
    );
    const reshaped = { queryQueue: { enqueue: () => 0, getQueueLength: () => 0 } };
    expect(() => replaceQueryQueue(reshaped, queue)).toThrow(/missing: clearQueueForHandler, clearTransactionIfNeeded/);
    // Inherited (a getter on a prototype) is not the instance field the handlers were given.
    const inherited = Object.create({ queryQueue: new WireQueue(pg) }) as object;
    expect(() => replaceQueryQueue(inherited, queue)).toThrow(/missing: the field/);
  });
});

describe.runIf(embeddedPass)("embedded server with concurrent clients", () => {
  let server: EmbeddedServer;
  beforeAll(async () => {
    server = await startEmbeddedServer({ port: 0 });
  });
  afterAll(() => server.stop());

  it("keeps each connection's extended-protocol queries apart", async () => {
    // Several pooled connections each sending parameterised (unnamed-statement) queries at
    // once: with message-level interleaving this failed with "unnamed prepared statement".
    const sql = postgres(server.url, { max: 8, onnotice: () => {} });
    try {
      const results = await Promise.all(
        // unsafe() sends the unnamed statement, as drizzle does for every query.
        Array.from({ length: 200 }, (_, i) => sql.unsafe<{ n: number; s: string }[]>(`select $1::int as n, $2::text || '${i}' as s`, [i, "x"])),
      );
      results.forEach((rows, i) => expect(rows[0]).toEqual({ n: i, s: `x${i}` }));
    } finally {
      await sql.end();
    }
  });

  it("keeps a transaction on one connection while others query", async () => {
    const sql = postgres(server.url, { max: 4, onnotice: () => {} });
    try {
      await sql`create table if not exists t_concurrency (n int)`;
      const tx = sql.begin(async (q) => {
        await q`insert into t_concurrency values (1)`;
        await new Promise((r) => setTimeout(r, 50));
        await q`insert into t_concurrency values (2)`;
      });
      const reads = Promise.all(Array.from({ length: 20 }, () => sql`select count(*)::int as c from t_concurrency`));
      await Promise.all([tx, reads]);
      const [row] = await sql<{ c: number }[]>`select count(*)::int as c from t_concurrency`;
      expect(row?.c).toBe(2);
    } finally {
      await sql.end();
    }
  });
});

describe.runIf(embeddedPass)("embedded server on a data directory", () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pglite-test-"));
    dirs.push(dir);
    return dir;
  };
  afterAll(() => {
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });
  const serverFile = (dir: string) => path.join(dir, "pglite-server.json");

  it("keeps every committed write across a stop and a start", async () => {
    const dir = tempDir();
    const first = await startEmbeddedServer({ dataDir: dir, port: 0 });
    const sql = postgres(first.url, { max: 2, onnotice: () => {} });
    await sql`create table kept (n int primary key, label text)`;
    await sql.begin(async (tx) => {
      await tx`insert into kept ${tx(Array.from({ length: 1000 }, (_, i) => ({ n: i, label: `row ${i}` })))}`;
    });
    // The last write lands just before the stop.
    await sql`insert into kept values (1000, 'last')`;
    await sql.end();
    await first.stop();
    expect(fs.existsSync(serverFile(dir))).toBe(false);
    expect(runningEmbeddedUrl(dir)).toBeUndefined();

    const second = await startEmbeddedServer({ dataDir: dir, port: 0 });
    const again = postgres(second.url, { max: 1, onnotice: () => {} });
    try {
      const [row] = await again<{ c: number; s: number; last: string }[]>`
        select count(*)::int as c, sum(n)::int as s, (select label from kept where n = 1000) as last from kept`;
      expect(row).toEqual({ c: 1001, s: 500_500, last: "last" });
    } finally {
      await again.end();
      await second.stop();
    }
  });

  it("lets other clients and another process join the running server", async () => {
    const dir = tempDir();
    const owner = await openDatabase({ dataDir: dir, port: 0, databaseUrl: "" });
    try {
      expect(owner.kind).toBe("embedded");
      expect(owner.embedded).toBeDefined();
      expect(runningEmbeddedUrl(dir)).toBe(owner.url);

      // A second open in this process joins instead of starting PGlite on the same files.
      const guest = await openDatabase({ dataDir: dir, databaseUrl: "" });
      expect(guest.embedded).toBeUndefined();
      expect(guest.url).toBe(owner.url);
      await owner.sql`insert into blog_categories (name, slug) values ('Joined', 'joined')`;
      expect(await guest.sql`select name from blog_categories where slug = 'joined'`).toEqual([{ name: "Joined" }]);
      await guest.close();
      // Closing a guest leaves the server running.
      expect(await owner.sql`select 1 as one`).toEqual([{ one: 1 }]);

      // A CLI in another process finds the server through the data directory.
      const { DATABASE_URL: _unset, ...env } = process.env;
      const sample = fileURLToPath(new URL("../../samples/clinics-export.csv", import.meta.url));
      const run = await runDbCli("import", [sample], { ...env, DATA_DIR: dir });
      expect(run.stderr).toBe("");
      expect(run.stdout).toContain("served by another process");
      expect(run.stdout).toContain("inserted 8,");
      const [row] = await owner.sql<{ n: number }[]>`select count(*)::int as n from clinics`;
      expect(row?.n).toBe(8);
    } finally {
      await owner.close();
    }
    expect(runningEmbeddedUrl(dir)).toBeUndefined();
  });

  it("refuses a connection without the data folder's password, kept owner-only", async () => {
    const dir = tempDir();
    const server = await startEmbeddedServer({ dataDir: dir, port: 0 });
    try {
      const mode = (file: string) => fs.statSync(file).mode & 0o777;
      expect(mode(dir)).toBe(0o700);
      expect(mode(path.join(dir, "pglite-password"))).toBe(0o600);
      expect(mode(serverFile(dir))).toBe(0o600);
      const password = fs.readFileSync(path.join(dir, "pglite-password"), "utf8");
      expect(password).toMatch(/^[0-9a-f]{64}$/);
      expect(fs.readFileSync(serverFile(dir), "utf8")).not.toContain(password);
      expect(runningEmbeddedUrl(dir)).toBe(server.url);

      const port = new URL(server.url).port;
      for (const url of [`postgres://postgres@127.0.0.1:${port}/postgres`, `postgres://postgres:wrong@127.0.0.1:${port}/postgres`]) {
        const sql = postgres(url, { max: 1, onnotice: () => {}, connect_timeout: 5 });
        try {
          await expect(sql`select 1`).rejects.toThrow(/password authentication failed/);
        } finally {
          await sql.end();
        }
      }
      const ok = postgres(server.url, { max: 1, onnotice: () => {} });
      expect(await ok`select 1 as one`).toEqual([{ one: 1 }]);
      await ok.end();
    } finally {
      await server.stop();
    }
    // The same folder keeps its password across restarts.
    const again = await startEmbeddedServer({ dataDir: dir, port: 0 });
    await again.stop();
    expect(new URL(again.url).password).toBe(new URL(server.url).password);
  });

  it("narrows an existing data folder to owner-only", async () => {
    const dir = tempDir();
    fs.chmodSync(dir, 0o777);
    const server = await startEmbeddedServer({ dataDir: dir, port: 0 });
    await server.stop();
    expect(fs.statSync(dir).mode & 0o777).toBe(0o700);
  });

  it("ignores a server file left by a process that is gone", async () => {
    const dir = tempDir();
    const gone = spawn(process.execPath, ["-e", ""]);
    await new Promise((resolve) => gone.on("exit", resolve));
    fs.writeFileSync(serverFile(dir), JSON.stringify({ url: "postgres://postgres@127.0.0.1:1/postgres", port: 1, pid: gone.pid }));
    expect(runningEmbeddedUrl(dir)).toBeUndefined();
  });

  /** `serve` (the embedded server CLI) in a child process on `dir`, once it is ready. */
  async function serveInChild(dir: string) {
    const { DATABASE_URL: _unset, ...env } = process.env;
    const child = spawn(process.execPath, ["--import", "tsx", fileURLToPath(new URL("../cli/serve.ts", import.meta.url))], {
      cwd: fileURLToPath(new URL("../..", import.meta.url)),
      env: { ...env, DATA_DIR: dir, PGLITE_PORT: "0" },
    });
    const out = { stdout: "", stderr: "" };
    child.stdout.on("data", (d: Buffer) => (out.stdout += d.toString()));
    child.stderr.on("data", (d: Buffer) => (out.stderr += d.toString()));
    const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
    try {
      // Starting tsx, PGlite and the migrations in a new process: over a minute on a loaded machine.
      await expect.poll(() => out.stdout, { timeout: 150_000, interval: 100 }).toContain("Embedded PostgreSQL ready");
    } catch (error) {
      child.kill("SIGKILL");
      throw error;
    }
    return { child, out, exited, url: runningEmbeddedUrl(dir)! };
  }

  async function writeThrough(url: string, email: string) {
    expect(url).toMatch(/^postgres:\/\/postgres:[0-9a-f]{64}@127\.0\.0\.1:\d+\/postgres$/);
    const sql = postgres(url, { max: 1, onnotice: () => {} });
    try {
      await sql`insert into newsletter_subscriptions (email) values (${email})`;
    } finally {
      await sql.end();
    }
  }

  async function emailsIn(dir: string) {
    const reopened = await openDatabase({ dataDir: dir, port: 0, databaseUrl: "" });
    try {
      return (await reopened.sql<{ email: string }[]>`select email from newsletter_subscriptions order by email`).map((r) => r.email);
    } finally {
      await reopened.close();
    }
  }

  // Two child processes each start PGlite and migrate, and the data folder is opened twice.
  it("loses no write when the serving process is stopped (SIGTERM) or killed outright (SIGKILL)", { timeout: 480_000 }, async () => {
    const dir = tempDir();
    const stopped = await serveInChild(dir);
    try {
      await writeThrough(stopped.url, "kept@example.com");
    } finally {
      stopped.child.kill("SIGTERM");
    }
    // A clean stop: PGlite closed, the server file removed.
    expect(await stopped.exited).toBe(143);
    expect(stopped.out.stderr).toContain("SIGTERM: closing the database");
    expect(fs.existsSync(serverFile(dir))).toBe(false);

    const killed = await serveInChild(dir);
    try {
      await writeThrough(killed.url, "crash@example.com");
    } finally {
      killed.child.kill("SIGKILL");
    }
    await killed.exited;
    // The stale server file names a dead process, so the next open starts the server itself.
    expect(fs.existsSync(serverFile(dir))).toBe(true);
    expect(runningEmbeddedUrl(dir)).toBeUndefined();
    expect(await emailsIn(dir)).toEqual(["crash@example.com", "kept@example.com"]);
  });
});
