/**
 * `npm run serve`: the production processes from the artifacts of `npm run build`, on the
 * same ports and URLs as `npm start`: the API (which, in local publish mode, also builds and
 * serves the live site) and the built admin with its security headers. Each is started with
 * the same command as its container in compose.yaml (ENTRY_POINTS, checked by
 * api/src/serve/entry-points.test.ts). Refuses to start without APP_SECRET, DATABASE_URL and
 * an explicit SITE_URL.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { ensureAdmin } from "@botox/db/admin-user";
import { connect, readDbEnv, repoRoot, runMigrations } from "@botox/db";
import { missingForProduction, readApiEnv } from "@botox/api/env";
import { apiBaseUrl } from "@botox/core/contract";
import { readLauncherEnv } from "./env.ts";
import { ENTRY_POINTS } from "./entry-points.ts";

// eslint-disable-next-line no-restricted-properties -- the launcher hands its environment to the packages' env.ts readers (readApiEnv, readDbEnv, readLauncherEnv)
const source = { ...process.env, NODE_ENV: process.env.NODE_ENV ?? "production" };
const missing = missingForProduction(source);
if (missing.length > 0) {
  console.error(`npm run serve refuses to start in production: set ${missing.join(", ")} (see docs/deploy.md).`);
  process.exit(1);
}
const env = readApiEnv(source);
const launcher = readLauncherEnv(source);
if (!fs.existsSync(path.join(repoRoot, "admin", "dist", "index.html"))) {
  console.error("npm run serve: admin/dist is missing; run npm run build first.");
  process.exit(1);
}

// As npm start does: the admin exists before anything is served (created with a generated
// password printed once, or reset to ADMIN_PASSWORD); migrations first, under their lock.
const dbEnv = readDbEnv(source);
const databaseUrl = env.DATABASE_URL ?? "";
await runMigrations(databaseUrl);
const database = connect(databaseUrl, { max: 1 });
const admin = await ensureAdmin(database.db, { username: dbEnv.ADMIN_USERNAME, ...(dbEnv.ADMIN_PASSWORD ? { password: dbEnv.ADMIN_PASSWORD } : {}) }).finally(
  () => database.close(),
);

const children: ChildProcess[] = [];
let stopping = false;
function startChild(name: string, args: readonly string[]): void {
  const child = spawn(process.execPath, args, { cwd: repoRoot, env: source, stdio: ["ignore", "inherit", "inherit"] });
  children.push(child);
  child.on("exit", (code, signal) => {
    if (stopping) return;
    console.error(`npm run serve: the ${name} stopped (${signal ?? code}); stopping the others.`);
    void stop(1);
  });
}

async function stop(code: number): Promise<void> {
  if (stopping) return;
  stopping = true;
  await Promise.all(
    children.map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          child.once("exit", () => resolve());
          child.kill("SIGTERM");
        }),
    ),
  );
  process.exit(code);
}

startChild("API", ENTRY_POINTS.api);
startChild("admin server", ENTRY_POINTS.admin);
process.on("SIGINT", () => void stop(0));
process.on("SIGTERM", () => void stop(0));

console.log("");
console.log(`  Site   http://localhost:${env.SITE_PORT}${env.PUBLISH_MODE === "hook" ? "  (hook mode: the site is served by your static host)" : ""}`);
console.log(`  Admin  http://localhost:${launcher.ADMIN_PORT}/admin/login`);
console.log(`  API    ${apiBaseUrl({ host: "localhost", port: env.PORT })}`);
console.log("");
if (admin.generatedPassword) {
  console.log(`  Admin login: ${admin.username} / ${admin.generatedPassword}`);
  console.log("  (generated now and shown only this once; set ADMIN_PASSWORD to choose your own)");
} else if (dbEnv.ADMIN_PASSWORD) console.log(`  Admin login: ${admin.username} / the password in ADMIN_PASSWORD`);
else console.log(`  Admin login: ${admin.username} / the password printed when it was created (set ADMIN_PASSWORD to reset it)`);
console.log("");
console.log("  Ctrl-C stops everything.");
