import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { fileURLToPath } from "node:url";
import postgres from "postgres";
import { connect, type DbHandle } from "./client.ts";
import { startEmbeddedServer } from "./embedded.ts";
import { runMigrations } from "./migrate.ts";

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
    await admin.unsafe(`create database "${name}"`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const handle = connect(url.toString());
    await runMigrations(handle.url);
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
  const server = await startEmbeddedServer({ port: 0 });
  const handle = connect(server.url);
  await runMigrations(handle.url);
  return {
    ...handle,
    kind: "embedded",
    async close() {
      await handle.close();
      await server.stop();
    },
  };
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
