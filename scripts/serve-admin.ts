// The built admin (admin/dist) on ADMIN_PORT with its security headers, until SIGTERM.
import path from "node:path";
import { repoRoot } from "@botox/db";
import { readApiEnv } from "@botox/api/env";
import { adminApiUrl, readLauncherEnv } from "./env.ts";
import { startAdminServer } from "@botox/api/admin-server";

const env = readApiEnv();
const launcher = readLauncherEnv();
const apiUrl = adminApiUrl(launcher, env);
const server = await startAdminServer({
  dir: path.join(repoRoot, "admin", "dist"),
  port: launcher.ADMIN_PORT,
  host: env.HOST,
  connectOrigins: [apiUrl],
  imageOrigins: env.S3_PUBLIC_URL ? [env.S3_PUBLIC_URL] : [],
});
console.log(JSON.stringify({ level: 30, time: new Date().toISOString(), service: "admin", port: server.port, msg: "admin listening" }));
for (const signal of ["SIGTERM", "SIGINT"] as const) process.once(signal, () => void server.close().then(() => process.exit(0)));
