import { randomBytes } from "node:crypto";
import { serve } from "@hono/node-server";
import { openDatabase } from "@botox/db";
import { createApp } from "./app.ts";
import type { Deps } from "./context.ts";
import { readApiEnv } from "./env.ts";
import { startReadCache } from "./lib/read-cache.ts";
import { startPublishing } from "./publish/service.ts";

// Serves the API and its publisher (content writes rebuild the site; PUBLISH_MODE picks
// building here or a deploy hook). Everything else is built in app.ts.
const env = readApiEnv();
const database = await openDatabase({ databaseUrl: env.DATABASE_URL });
const deps: Deps = {
  db: database.db,
  sql: database.sql,
  env,
  secret: env.APP_SECRET ?? randomBytes(32).toString("hex"),
  readCache: await startReadCache(env, database.db),
};
// Before createApp, so the routes find the publisher and every write notifies it.
const publishing = await startPublishing(deps, { databaseUrl: database.url });
const app = createApp(deps);
const server = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }, (info) => {
  console.log(`API listening on http://${env.HOST}:${info.port}/api/v1`);
});

let stopping = false;
async function shutdown() {
  if (stopping) return;
  stopping = true;
  server.close();
  deps.readCache?.stop();
  await publishing.stop();
  await database.close();
  process.exit(0);
}
process.on("SIGINT", () => void shutdown());
process.on("SIGTERM", () => void shutdown());
