/**
 * The whole product for browser tests: a throwaway database (in-memory PGlite served on
 * loopback, or a fresh database on TEST_DATABASE_URL's server), the API, the publisher in
 * local mode building the real Astro site into a temporary folder, the static site server,
 * and the admin built by Vite and served as a SPA. Every port is free-picked, so a run never
 * collides with `npm start` or another run.
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fsp from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { serve } from "@hono/node-server";
import { lineLogger } from "@botox/core/logger";
import { repoRoot, type Database, type Sql } from "@botox/db";
import { ensureAdmin } from "@botox/db/admin-user";
import { createTestDatabase } from "@botox/db/testing";
import { createApp } from "@botox/api/app";
import { createDeps } from "@botox/api/deps";
import { readApiEnv } from "@botox/api/env";
import { startAdminServer } from "@botox/api/admin-server";
import { startTestRegistry } from "@botox/api/npi-test-registry";
import type { Publisher } from "@botox/publish";
import { apiBaseUrl } from "@botox/core/contract";
import { keepAliveLongerThanBalancers } from "@botox/core/server-timeouts";
import { startStaticServer } from "@botox/publish/static-server";
import { insertFixtures } from "./fixtures.ts";

export interface StackOptions {
  /** Rows to insert before the first build; the e2e fixtures by default. */
  fixtures?: (db: Database, sql: Sql) => Promise<void>;
  /** Build and serve the admin SPA (default true). */
  admin?: boolean;
  /** Build and serve the public site (default true). */
  site?: boolean;
  /** IP-geolocation services the site's islands try after the API's own (PUBLIC_GEO_SERVICES). */
  geoServices?: string[];
  /** Quiet time before an automatic rebuild (default 300 ms, so tests see edits quickly). */
  debounceMs?: number;
  /** Lines about the stack for a reader (the publisher's builds, as text); none by default. */
  log?: (line: string) => void;
}

export interface Stack {
  urls: { site: string; admin: string; api: string };
  admin: { username: string; password: string };
  /** Connection URL of the throwaway database (for tests that check rows directly). */
  databaseUrl: string;
  /** The live site folder (a symlink to the current build), or null without a site. */
  siteDir: string | null;
  db: Database;
  sql: Sql;
  publisher: Publisher | null;
  /** Runs a rebuild now and waits for it (and any queued follow-up) to finish. */
  rebuild(): Promise<void>;
  stop(): Promise<void>;
}

export const ADMIN_USERNAME = "e2e-admin";

async function freePort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv, cwd = repoRoot): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    child.stdout.on("data", (d: Buffer) => (out += d.toString()));
    child.stderr.on("data", (d: Buffer) => (out += d.toString()));
    child.on("error", reject);
    child.on("close", (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(" ")} failed (${code}):\n${out.slice(-4000)}`))));
  });
}

export async function startStack(options: StackOptions = {}): Promise<Stack> {
  const log = options.log ?? (() => {});
  const cleanups: (() => Promise<void> | void)[] = [];
  const stop = async () => {
    for (const fn of cleanups.splice(0).reverse()) await Promise.resolve(fn()).catch(() => undefined);
  };
  try {
    const tmp = await fsp.mkdtemp(path.join(os.tmpdir(), "botox-e2e-"));
    cleanups.push(() => fsp.rm(tmp, { recursive: true, force: true }));

    const database = await createTestDatabase();
    cleanups.push(() => database.close());
    await (options.fixtures ?? ((db) => insertFixtures(db)))(database.db, database.sql);
    const password = randomBytes(12).toString("base64url");
    await ensureAdmin(database.db, { username: ADMIN_USERNAME, password });

    // The admin's NPI lookup asks a loopback stand-in for the NPI Registry, never the real one.
    const registry = await startTestRegistry();
    cleanups.push(() => registry.close());
    const [apiPort, sitePort, adminPort] = [await freePort(), await freePort(), await freePort()];
    const urls = {
      site: `http://127.0.0.1:${sitePort}`,
      admin: `http://127.0.0.1:${adminPort}/admin`,
      api: apiBaseUrl({ host: "127.0.0.1", port: apiPort }),
    };
    const env = readApiEnv({
      NODE_ENV: "test",
      PORT: String(apiPort),
      PUBLIC_API_URL: urls.api,
      ALLOWED_ORIGINS: `http://127.0.0.1:${sitePort},http://127.0.0.1:${adminPort}`,
      SITE_URL: urls.site,
      UPLOADS_DIR: path.join(tmp, "uploads"),
      PUBLISH_DEBOUNCE_MS: String(options.debounceMs ?? 300),
      PUBLISH_MAX_WAIT_MS: "5000",
      PUBLISH_POLL_MS: "60000",
      PUBLISH_CRON: "off",
      SITE_DIR: path.join(tmp, "site"),
      SITE_PORT: String(sitePort),
      NPI_REGISTRY_URL: registry.url,
    });
    const siteEnv = [
      `SITE_URL=${urls.site}`,
      `PUBLIC_API_URL=${urls.api}`,
      ...(options.geoServices ? [`PUBLIC_GEO_SERVICES='${options.geoServices.join(",")}'`] : []),
    ].join(" ");
    // The composition root every served API uses (read cache, rate-limit store, publisher).
    const composed = await createDeps({
      env,
      database,
      secret: randomBytes(32).toString("hex"),
      // The app's own warnings go to the API's JSON log as when served; the publisher's lines to `log`.
      publishLogger: lineLogger(log),
      publish:
        options.site === false
          ? false
          : {
              config: {
                mode: "local",
                debounceMs: options.debounceMs ?? 300,
                maxWaitMs: 5_000,
                pollMs: 60_000,
                cron: null,
                keepBuilds: 3,
                buildTimeoutMs: 5 * 60_000,
                siteDir: path.join(tmp, "site"),
                buildCommand: `env ${siteEnv} pnpm --filter @botox/site run build`,
                cwd: repoRoot,
              },
            },
    });
    cleanups.push(() => composed.close());
    const { deps } = composed;
    const publisher: Publisher | null = composed.publisher;

    const app = createApp(deps);
    // Kept-alive connections outlive the test clients' (Playwright's request context reuses them).
    const api = keepAliveLongerThanBalancers(serve({ fetch: app.fetch, port: apiPort, hostname: "127.0.0.1" }) as http.Server);
    cleanups.push(
      () =>
        new Promise<void>((resolve) => {
          api.close(() => resolve());
          api.closeAllConnections();
        }),
    );

    const adminBuild =
      options.admin === false
        ? Promise.resolve()
        : run("pnpm", ["--filter", "@botox/admin", "exec", "vite", "build", "--outDir", path.join(tmp, "admin"), "--emptyOutDir"], {
            ...process.env,
            VITE_API_URL: urls.api,
            VITE_SITE_URL: urls.site,
          });

    const rebuild = async () => {
      if (!publisher) return;
      await publisher.whenIdle();
      publisher.request("rebuild");
      await publisher.flush();
      await publisher.whenIdle();
    };

    if (publisher) {
      const site = await startStaticServer({ liveDir: publisher.liveDir, port: sitePort, host: "127.0.0.1" });
      cleanups.push(() => site.close());
      await publisher.start({ buildOnStart: false, poll: false, nightly: false });
      cleanups.push(() => publisher.stop());
      await rebuild();
      const status = await publisher.status();
      const last = status.builds[0];
      if (!last || last.status !== "succeeded") throw new Error(`The site build failed:\n${last?.logTail ?? "(no build ran)"}`);
    }
    await adminBuild;
    if (options.admin !== false) {
      // The admin server of npm start and npm run serve: its headers and SPA fallback.
      const spa = await startAdminServer({ dir: path.join(tmp, "admin"), port: adminPort, connectOrigins: [urls.api], imageOrigins: [urls.site] });
      cleanups.push(() => spa.close());
    }

    return {
      urls,
      admin: { username: ADMIN_USERNAME, password },
      databaseUrl: database.url,
      siteDir: publisher ? publisher.liveDir : null,
      db: database.db,
      sql: database.sql,
      publisher,
      rebuild,
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}
