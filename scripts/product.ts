/**
 * `npm start`: the whole product on one machine, in one process tree (moved here from the
 * API package: this is the product's launcher, not part of the API). The site first (the
 * last good build is served at once, or a "building" page), then the database (embedded by
 * default, migrated and seeded), the API composed by api/src/deps.ts like every other
 * entry point, the publisher, and the admin built once and served with its security headers.
 */
import { ensureAdmin } from "@botox/db/admin-user";
import { openDatabase, readDbEnv, type OpenedDatabase, type Sql } from "@botox/db";
import { seedDemo } from "@botox/db/seed";
import { publicApiUrl, readApiEnv, type ApiEnv } from "@botox/api/env";
import { createLogger, lineLogger } from "@botox/api/logger";
import { SiteFolder, publishConfigFromEnv } from "@botox/publish";
import { adminApiUrl, readLauncherEnv, type LauncherEnv } from "./env.ts";
import { startStaticServer, type RunningStaticServer } from "@botox/publish/static-server";
import { startApiServer } from "@botox/api/api-server";
import { startAdminServer } from "@botox/api/admin-server";
import { ensureAdminBuild } from "./admin-build.ts";
import path from "node:path";

export interface ProductOptions {
  env?: ApiEnv;
  /** The admin's settings (ADMIN_PORT, VITE_API_URL); read from the environment when absent. */
  launcher?: LauncherEnv;
  /** Build and serve the admin (default true). */
  admin?: boolean;
  adminPort?: number;
  log?: (line: string) => void;
}

export interface RunningProduct {
  urls: { site: string; admin: string; api: string };
  stop(): Promise<void>;
}

async function seedIfEmpty(sql: Sql, log: (line: string) => void): Promise<number> {
  const [row] = await sql<{ any: boolean }[]>`select exists(select 1 from clinics) as any`;
  if (row?.any) return 0;
  log("› seeding demo data (first start)");
  return (await seedDemo(sql)).clinics;
}

export async function startProduct(options: ProductOptions = {}): Promise<RunningProduct> {
  const env = options.env ?? readApiEnv();
  const launcher = options.launcher ?? readLauncherEnv();
  const dbEnv = readDbEnv();
  const log = options.log ?? ((line: string) => console.log(line));
  const adminPort = options.adminPort ?? launcher.ADMIN_PORT;
  const config = publishConfigFromEnv(env, dbEnv);
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
    let site: RunningStaticServer | null = null;
    const folder = new SiteFolder(config.siteDir);
    if (config.mode === "local") {
      const started = await startStaticServer({ liveDir: folder.livePath, port: env.SITE_PORT, host: env.HOST });
      site = started;
      cleanups.push(() => started.close());
    }
    const hadLive = (await folder.liveId()) !== null;

    const siteUrl = `http://localhost:${site?.port ?? env.SITE_PORT}`;
    // The admin builds while the database starts and seeds.
    const adminDir = path.join(dbEnv.DATA_DIR, "admin");
    const adminBuild = options.admin === false ? null : ensureAdminBuild({ outDir: adminDir, apiUrl: adminApiUrl(launcher, env), siteUrl, log });
    // Reported where it is awaited; never an unhandled rejection meanwhile.
    adminBuild?.catch(() => undefined);

    log("› opening the database" + (env.DATABASE_URL ? "" : " (embedded PostgreSQL under .data/)"));
    const database: OpenedDatabase = await openDatabase({ databaseUrl: env.DATABASE_URL });
    cleanups.push(() => database.close());
    const seeded = await seedIfEmpty(database.sql, log);
    if (seeded > 0) log(`› seeded ${seeded} demo clinics, blog categories and posts`);
    const admin = await ensureAdmin(database.db, { username: dbEnv.ADMIN_USERNAME, ...(dbEnv.ADMIN_PASSWORD ? { password: dbEnv.ADMIN_PASSWORD } : {}) });

    // The site is already served above; the API process serves only the API here.
    const api = await startApiServer({
      env: { ...env, SERVE_SITE: false },
      database,
      logger: createLogger({ level: env.LOG_LEVEL }),
      publishLogger: lineLogger((line) => log(`[publish] ${line}`)),
      recoverInterrupted: database.embedded !== undefined,
    });
    cleanups.push(() => api.stop());
    if (config.mode === "local") {
      log(
        hadLive
          ? "› serving the last good build; content changed since then is rebuilt in the background"
          : "› first site build started (the site shows a 'building' page until it is done)",
      );
    }

    if (adminBuild) {
      await adminBuild;
      const adminServer = await startAdminServer({
        dir: adminDir,
        port: adminPort,
        host: env.HOST,
        connectOrigins: [adminApiUrl(launcher, env)],
        imageOrigins: env.S3_PUBLIC_URL ? [env.S3_PUBLIC_URL] : [],
      });
      cleanups.push(() => adminServer.close());
    }

    const urls = { site: siteUrl, admin: `http://localhost:${adminPort}/admin/login`, api: publicApiUrl(env) };
    log("");
    log(`  Site   ${urls.site}`);
    log(`  Admin  ${urls.admin}`);
    log(`  API    ${urls.api}`);
    // What the parts were told about each other (derived from the ports unless set explicitly).
    log(`         site built with PUBLIC_API_URL=${urls.api}, SITE_URL=${env.SITE_URL}; admin built with ${adminApiUrl(launcher, env)}`);
    log(`         allowed origins: ${env.ALLOWED_ORIGINS.join(", ")}`);
    log(`         database: ${env.DATABASE_URL ? "DATABASE_URL" : `embedded on 127.0.0.1:${database.embedded?.port ?? dbEnv.PGLITE_PORT}`}`);
    log("");
    if (admin.generatedPassword) {
      log(`  Admin login: ${admin.username} / ${admin.generatedPassword}`);
      log("  (generated now and shown only this once; set ADMIN_PASSWORD to choose your own)");
    } else if (dbEnv.ADMIN_PASSWORD) log(`  Admin login: ${admin.username} / the password in ADMIN_PASSWORD`);
    else log(`  Admin login: ${admin.username} / the password printed at the first start (set ADMIN_PASSWORD to reset it)`);
    log("");
    log("  Ctrl-C stops everything.");
    return { urls, stop: stopAll };
  } catch (err) {
    await stopAll();
    throw err;
  }
}
