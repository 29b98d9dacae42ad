/**
 * The API as bench:api runs it: src/app.ts on a loopback port with the read cache of
 * src/index.ts (READ_CACHE_TTL_MS=0 turns it off), nothing else (no publisher, no
 * migrations). Prints one JSON line `{ "port": n }` once listening; SIGTERM stops it.
 */
import { randomBytes } from "node:crypto";
import { serve } from "@hono/node-server";
import { connect } from "@botox/db";
import { createApp } from "../src/app.ts";
import { readApiEnv } from "../src/env.ts";
import { startReadCache } from "../src/lib/read-cache.ts";

const env = readApiEnv();
if (!env.DATABASE_URL) throw new Error("bench server: DATABASE_URL is required");
const database = connect(env.DATABASE_URL);
const readCache = await startReadCache(env, database.db);
const app = createApp({ db: database.db, sql: database.sql, env, secret: randomBytes(32).toString("hex"), readCache });
const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, (info) => {
  process.stdout.write(`${JSON.stringify({ port: info.port })}\n`);
});

process.on("SIGTERM", () => {
  server.close();
  void database.close().finally(() => process.exit(0));
});
