// The built admin (admin/dist) on ADMIN_PORT with its security headers, until SIGTERM.
import path from "node:path";
import { repoRoot } from "@botox/db";
import { readApiEnv } from "@botox/api/env";
import { startAdminServer } from "@botox/api/admin-server";

const env = readApiEnv();
const apiUrl = env.VITE_API_URL ?? `http://localhost:${env.PORT}/api/v1`;
const server = await startAdminServer({
  dir: path.join(repoRoot, "admin", "dist"),
  port: env.ADMIN_PORT,
  host: env.HOST,
  connectOrigins: [apiUrl],
  imageOrigins: env.S3_PUBLIC_URL ? [env.S3_PUBLIC_URL] : [],
});
console.log(JSON.stringify({ level: 30, time: new Date().toISOString(), service: "admin", port: server.port, msg: "admin listening" }));
for (const signal of ["SIGTERM", "SIGINT"] as const) process.once(signal, () => void server.close().then(() => process.exit(0)));
