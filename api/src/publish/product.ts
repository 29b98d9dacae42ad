import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { serve } from "@hono/node-server";
import { openDatabase, repoRoot, type Database, type OpenedDatabase, type Sql } from "@botox/db";
import { createApp } from "../app.ts";
import type { Deps } from "../context.ts";
import { readApiEnv, type ApiEnv } from "../env.ts";
import { publishConfigFromEnv } from "./config.ts";
import { Publisher } from "./publisher.ts";
import { attachPublisher } from "./registry.ts";
import { SiteFolder } from "./site-folder.ts";
import { startStaticServer, type RunningStaticServer } from "./static-server.ts";

export interface ProductHooks {
  /** Seeds demo data into an empty database; returns the number of clinics added. */
  seedIfEmpty(sql: Sql): Promise<number>;
  /** Creates the admin when missing; returns a generated password (printed once) if any. */
  ensureAdmin(db: Database): Promise<{ username: string; generatedPassword?: string; fromEnv: boolean }>;
}

export interface ProductOptions {
  env?: ApiEnv;
  /** Spawn the admin's Vite dev server (default true). */
  admin?: boolean;
  adminPort?: number;
  log?: (line: string) => void;
}

export interface RunningProduct {
  urls: { site: string; admin: string; api: string };
  stop(): Promise<void>;
}

/**
 * The whole product in one process tree: the database (embedded by default, migrated and
 * seeded), the API with the publisher, the static site server (serving the last good build at
 * once, or a "building" page while the first build runs) and the admin dev server.
 */
export async function startProduct(hooks: ProductHooks, options: ProductOptions = {}): Promise<RunningProduct> {
  const env = options.env ?? readApiEnv();
  const log = options.log ?? ((line: string) => console.log(line));
  const adminPort = options.adminPort ?? env.ADMIN_PORT;
  const config = publishConfigFromEnv(env);
  const cleanups: (() => Promise<void> | void)[] = [];
  const stopAll = async () => {
    for (const fn of cleanups.splice(0).reverse()) {
      try {
        await fn();
      } catch (err) {
        log(`[start] while stopping: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
  };

  try {
    // The site first: the last good build is served at once, while the database starts (or a
    // "building" page until the first build is done).
    let site: RunningStaticServer | null = null;
    const folder = new SiteFolder(config.siteDir);
    if (config.mode === "local") {
      site = await startStaticServer({ liveDir: folder.livePath, port: env.SITE_PORT, host: env.HOST });
      cleanups.push(() => site!.close());
    }
    const hadLive = (await folder.liveId()) !== null;

    log("› opening the database" + (env.DATABASE_URL ? "" : " (embedded PostgreSQL under .data/)"));
    const database: OpenedDatabase = await openDatabase({ databaseUrl: env.DATABASE_URL });
    cleanups.push(() => database.close());

    const seeded = await hooks.seedIfEmpty(database.sql);
    if (seeded > 0) log(`› seeded ${seeded} demo clinics, blog categories and posts`);
    const admin = await hooks.ensureAdmin(database.db);

    const deps: Deps = { db: database.db, sql: database.sql, env, secret: env.APP_SECRET ?? randomBytes(32).toString("hex") };
    const publisher = new Publisher({ sql: database.sql, config, databaseUrl: database.url });
    attachPublisher(deps, publisher);
    const app = createApp(deps);

    const api = await new Promise<ReturnType<typeof serve>>((resolve, reject) => {
      const server = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }, () => resolve(server));
      server.once("error", reject);
    });
    cleanups.push(
      () =>
        new Promise<void>((resolve) => {
          api.close(() => resolve());
          (api as { closeAllConnections?: () => void }).closeAllConnections?.();
        }),
    );

    await publisher.start({ recoverInterrupted: database.embedded !== undefined });
    cleanups.push(() => publisher.stop());
    if (config.mode === "local") {
      log(hadLive ? "› serving the last good build; content changed since then is rebuilt in the background" : "› first site build started (the site shows a 'building' page until it is done)");
    }

    if (options.admin !== false) {
      const child = spawnAdmin(adminPort, env, log);
      cleanups.push(() => stopChild(child));
    }

    const urls = {
      site: `http://localhost:${site?.port ?? env.SITE_PORT}`,
      admin: `http://localhost:${adminPort}/admin/login`,
      api: `http://localhost:${env.PORT}/api/v1`,
    };
    log("");
    log(`  Site   ${urls.site}`);
    log(`  Admin  ${urls.admin}`);
    log(`  API    ${urls.api}`);
    log("");
    if (admin.generatedPassword) {
      log(`  Admin login: ${admin.username} / ${admin.generatedPassword}`);
      log("  (generated now and shown only this once; set ADMIN_PASSWORD to choose your own)");
    } else if (admin.fromEnv) log(`  Admin login: ${admin.username} / the password in ADMIN_PASSWORD`);
    else log(`  Admin login: ${admin.username} / the password printed at the first start (set ADMIN_PASSWORD to reset it)`);
    log("");
    log("  Ctrl-C stops everything.");
    return { urls, stop: stopAll };
  } catch (err) {
    await stopAll();
    throw err;
  }
}

function spawnAdmin(port: number, env: ApiEnv, log: (line: string) => void): ChildProcess {
  const child = spawn("pnpm", ["--filter", "@botox/admin", "dev", "--port", String(port), "--strictPort"], {
    cwd: repoRoot,
    env: { ...process.env, VITE_API_URL: process.env.VITE_API_URL ?? `http://localhost:${env.PORT}/api/v1` },
    // Its own process group, so stopping it also stops Vite's children.
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const forward = (chunk: Buffer) => {
    for (const line of chunk.toString().split("\n")) if (line.trim()) log(`[admin] ${line}`);
  };
  child.stdout?.on("data", forward);
  child.stderr?.on("data", forward);
  child.on("exit", (code, signal) => {
    if (code !== 0 && signal === null) log(`[admin] dev server exited with code ${code}`);
  });
  return child;
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || !child.pid) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const signal = (sig: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, sig);
    } catch {
      /* already gone */
    }
  };
  signal("SIGTERM");
  const timer = setTimeout(() => signal("SIGKILL"), 5_000);
  await exited;
  clearTimeout(timer);
}
