/**
 * The API as bench:api runs it: src/app.ts on a loopback port, composed by src/deps.ts like
 * every served API (read cache: READ_CACHE_TTL_MS=0 turns it off; rate-limit store), with
 * no publisher and no migrations. Prints one JSON line `{ "port": n }` once listening;
 * SIGTERM stops it.
 */
import { serve } from "@hono/node-server";
import { connect } from "@botox/db";
import { createApp } from "../src/app.ts";
import { createDeps } from "../src/deps.ts";
import { readApiEnv } from "../src/env.ts";

const env = readApiEnv();
if (!env.DATABASE_URL) throw new Error("bench server: DATABASE_URL is required");
const database = connect(env.DATABASE_URL, { max: env.DATABASE_POOL_MAX });
const composed = await createDeps({ env, database, publish: false });
const app = createApp(composed.deps);
const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, (info) => {
  process.stdout.write(`${JSON.stringify({ port: info.port })}\n`);
});

process.on("SIGTERM", () => {
  server.close();
  void composed
    .close()
    .then(() => database.close())
    .finally(() => process.exit(0));
});
