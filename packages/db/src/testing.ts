import { execFile } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import postgres from "postgres";
import { connect, type DbHandle } from "./connection/client.ts";
import { startEmbeddedServer, type EmbeddedServer } from "./connection/embedded.ts";
import { runMigrations } from "./connection/migrate.ts";
import { migrationsFolder } from "./connection/paths.ts";

export interface TestDatabase extends DbHandle {
  kind: "server" | "embedded";
}

/**
 * A fresh, migrated database owned by one test file. With TEST_DATABASE_URL (a real
 * PostgreSQL) it creates a throwaway database there; otherwise an in-memory PGlite on a free
 * loopback port. `close()` removes it, so no test depends on another's rows.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  // Read here rather than via env.ts so a test file can set it before calling.
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const name = `t_${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;
    const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
    try {
      const template = await migratedServerTemplate(admin, serverUrl);
      await admin.unsafe(`create database "${name}" template "${template}"`);
    } finally {
      await admin.end();
    }
    const handle = connect(databaseUrl(serverUrl, name));
    return {
      ...handle,
      kind: "server",
      async close() {
        await handle.close();
        const dropper = postgres(serverUrl, { max: 1, onnotice: () => {} });
        await dropper.unsafe(`drop database if exists "${name}" with (force)`);
        await dropper.end();
      },
    };
  }
  const server = await startMigratedEmbeddedServer();
  const handle = connect(server.url);
  return {
    ...handle,
    kind: "embedded",
    async close() {
      await handle.close();
      await server.stop();
    },
  };
}

const databaseUrl = (serverUrl: string, name: string): string => {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

/**
 * The name of a database on the server holding the migrated schema, made once per migrations
 * state (named by the same hash as the embedded copy) and copied by CREATE DATABASE … TEMPLATE,
 * which is several times quicker than migrating each test file's database. Made under an
 * advisory lock by the first test file to miss it, built under another name and renamed once
 * migrated (with its connection closed, as a template must be), so no file copies it half made.
 */
async function migratedServerTemplate(admin: postgres.Sql, serverUrl: string): Promise<string> {
  const name = `botox_template_${path.basename(migratedTemplateFile(), ".tar").slice(TEMPLATE_PREFIX.length)}`;
  const lock = 7216032;
  await admin`select pg_advisory_lock(${lock})`;
  try {
    const [kept] = await admin`select 1 from pg_database where datname = ${name}`;
    if (!kept) {
      const building = `${name}_building`;
      await admin.unsafe(`drop database if exists "${building}" with (force)`);
      await admin.unsafe(`create database "${building}"`);
      await runMigrations(databaseUrl(serverUrl, building));
      await admin.unsafe(`alter database "${building}" rename to "${name}"`);
    }
  } finally {
    await admin`select pg_advisory_unlock(${lock})`;
  }
  return name;
}

/**
 * An in-memory embedded server holding the migrated schema. Creating an empty PGlite runs
 * initdb, which costs several seconds of CPU (over 7 s on a loaded 2-core machine) for each of
 * the suite's hundred-odd test files; starting from a copy of a migrated one costs about one.
 * The copy is a file in the system's temporary folder, named by the migrations and PGlite's
 * version, so a changed migration or an upgraded PGlite makes a new one: the first test file to
 * miss it makes it (one at a time, under a lock file), and the others meanwhile migrate their own.
 */
async function startMigratedEmbeddedServer(): Promise<EmbeddedServer> {
  const template = migratedTemplateFile();
  const kept = readTemplate(template);
  if (kept) return startEmbeddedServer({ port: 0, startFrom: kept });
  const server = await startEmbeddedServer({ port: 0 });
  await runMigrations(server.url);
  await keepTemplate(template, server).catch(() => undefined); // a copy not kept is made again next time
  return server;
}

const TEMPLATE_PREFIX = "botox-migrated-pglite-";

/** The kept copy's path for the current migrations and PGlite build. */
export function migratedTemplateFile(): string {
  const hash = createHash("sha256");
  // A new PGlite's files may differ: its version is part of the name.
  const pglite = JSON.parse(fs.readFileSync(path.join(packageDir, "node_modules", "@electric-sql", "pglite", "package.json"), "utf8")) as { version: string };
  hash.update(pglite.version);
  for (const entry of fs.readdirSync(migrationsFolder, { recursive: true, withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    hash.update(path.relative(migrationsFolder, file)).update(fs.readFileSync(file));
  }
  return path.join(os.tmpdir(), `${TEMPLATE_PREFIX}${hash.digest("hex").slice(0, 16)}.tar`);
}

function readTemplate(file: string): Blob | undefined {
  try {
    const copy = new Blob([fs.readFileSync(file)]);
    const now = new Date();
    fs.utimesSync(file, now, now); // when it was last read: copies unread for a day are removed
    return copy;
  } catch {
    return undefined;
  }
}

/** Writes the server's files as the template, unless another test file is already writing it. */
async function keepTemplate(file: string, server: EmbeddedServer): Promise<void> {
  const lock = `${file}.lock`;
  try {
    // A lock left by a killed run is taken over after two minutes.
    if (Date.now() - fs.statSync(lock).mtimeMs > 120_000) fs.rmSync(lock, { force: true });
  } catch {
    // no lock
  }
  let fd: number;
  try {
    fd = fs.openSync(lock, "wx");
  } catch {
    return;
  }
  try {
    const tar = Buffer.from(await (await server.dump()).arrayBuffer());
    const partial = `${file}.${process.pid}.partial`;
    fs.writeFileSync(partial, tar);
    fs.renameSync(partial, file); // whole or absent: a reader never sees half a copy
    // Copies of other migrations states no test has read for a day (another checkout may still read one).
    for (const name of fs.readdirSync(os.tmpdir())) {
      const other = path.join(os.tmpdir(), name);
      if (name.startsWith(TEMPLATE_PREFIX) && name.endsWith(".tar") && other !== file && Date.now() - fs.statSync(other).mtimeMs > 86_400_000)
        fs.rmSync(other, { force: true });
    }
  } finally {
    fs.closeSync(fd);
    fs.rmSync(lock, { force: true });
  }
}

const packageDir = fileURLToPath(new URL("..", import.meta.url));

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs one of this package's CLIs (src/cli/{name}.ts) in a child process. Asynchronous on
 * purpose: an embedded test database is served by this very process, which must keep
 * answering while the child talks to it.
 */
export function runDbCli(name: string, args: string[], env: NodeJS.ProcessEnv): Promise<CliRun> {
  const script = fileURLToPath(new URL(`./cli/${name}.ts`, import.meta.url));
  return new Promise((resolve) => {
    execFile(process.execPath, ["--import", "tsx", script, ...args], { cwd: packageDir, env, timeout: 120_000 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === "number" ? error.code : 1) : 0;
      resolve({ code, stdout, stderr });
    });
  });
}
