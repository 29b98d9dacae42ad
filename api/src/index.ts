import { randomBytes } from "node:crypto";
import { serve } from "@hono/node-server";
import { openDatabase } from "@botox/db";
import { createApp } from "./app.ts";
import { readApiEnv } from "./env.ts";

// Serves the API; everything else is built in app.ts.
const env = readApiEnv();
const database = await openDatabase({ databaseUrl: env.DATABASE_URL });
const app = createApp({ db: database.db, sql: database.sql, env, secret: env.APP_SECRET ?? randomBytes(32).toString("hex") });
const server = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }, (info) => {
  console.log(`API listening on http://${env.HOST}:${info.port}/api/v1`);
});

async function shutdown() {
  server.close();
  await database.close();
  process.exit(0);
}
process.on("SIGINT", shutdown);
process.on("SIGTERM", shutdown);
