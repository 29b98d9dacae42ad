/**
 * One API process as deployed: the composition root (deps.ts), the Hono app on PORT with a
 * JSON-line log per request, the publisher, the live site on SITE_PORT in local mode (unless
 * SERVE_SITE=false), and a graceful stop (in-flight.ts): stop accepting, let requests in flight
 * finish and their answers be flushed with `Connection: close`, close idle connections (all within
 * SHUTDOWN_TIMEOUT_MS), stop the publisher (a running build is aborted and recorded
 * as interrupted; another instance or the next start builds again), close Redis and the pool.
 */
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { serve } from "@hono/node-server";
import type { Logger as StructuredLogger } from "@botox/core/logger";
import type { DbHandle } from "@botox/db";
import { API_PREFIX, apiBaseUrl } from "@botox/core/contract";
import { keepAliveLongerThanBalancers } from "@botox/core/server-timeouts";
import { createApp } from "../app.ts";
import { createDeps, type AppDeps } from "../deps.ts";
import { missingForProduction, readApiEnv, type ApiEnv } from "../env.ts";
import { createLogger, errorSummary, withRequestLog, type Logger } from "../lib/logger.ts";
import { startStaticServer, type RunningStaticServer } from "@botox/publish/static-server";
import { trackInFlight } from "./in-flight.ts";

export interface ApiServerOptions {
  env?: ApiEnv;
  database?: DbHandle;
  logger?: Logger;
  /** Where the publisher reports; the JSON log by default (npm start prints its lines as text). */
  publishLogger?: StructuredLogger;
  /** Start the publisher's polling, nightly schedule and first build (default true). */
  startPublisher?: boolean;
  /** Passed to Publisher.start: mark builds left running as interrupted (the embedded database's only process). */
  recoverInterrupted?: boolean;
}

export interface RunningApiServer {
  app: AppDeps;
  port: number;
  url: string;
  site: RunningStaticServer | null;
  logger: Logger;
  /** Graceful stop; resolves once everything is closed. Safe to call twice. */
  stop(): Promise<void>;
}

export async function startApiServer(options: ApiServerOptions = {}): Promise<RunningApiServer> {
  const env = options.env ?? readApiEnv();
  const logger = options.logger ?? createLogger({ level: env.LOG_LEVEL });
  const publishLogger = options.publishLogger ?? logger.child({ component: "publish" });
  const app = await createDeps({ env, ...(options.database ? { database: options.database } : {}), logger, publishLogger });
  const cleanups: (() => Promise<void>)[] = [() => app.close()];
  try {
    const site =
      app.publisher && app.publisher.config.mode === "local" && env.SERVE_SITE
        ? await startStaticServer({ liveDir: app.publisher.liveDir, port: env.SITE_PORT, host: env.HOST })
        : null;
    if (site) cleanups.push(() => site.close());

    let draining = false;
    app.deps.draining = () => draining;
    const hono = createApp(app.deps);
    const server = await listen(withRequestLog(logger, hono.fetch), env.PORT, env.HOST);
    // A load balancer's check on a connection kept alive through the stop gets its 503 from /ready.
    const inFlight = trackInFlight(server, { healthPaths: [`${API_PREFIX}/ready`, `${API_PREFIX}/health`] });
    const port = (server.address() as AddressInfo).port;
    cleanups.push(async () => {
      // From here /ready answers 503, on connections kept alive from before the stop too.
      draining = true;
      const cutOff = await inFlight.stop(env.SHUTDOWN_TIMEOUT_MS);
      if (cutOff > 0) logger.warn({ inFlight: cutOff }, "shutdown: requests still running after SHUTDOWN_TIMEOUT_MS; their connections were closed");
    });

    if (app.publisher && options.startPublisher !== false) await app.publisher.start({ recoverInterrupted: options.recoverInterrupted ?? false });
    const url = apiBaseUrl({ host: env.HOST === "0.0.0.0" ? "localhost" : env.HOST, port });
    logger.info({ port, site: site?.port ?? null, publishMode: app.publisher?.config.mode ?? null }, "api listening");

    let stopping: Promise<void> | undefined;
    const stop = () =>
      (stopping ??= (async () => {
        for (const fn of cleanups.splice(0).reverse()) {
          try {
            await fn();
          } catch (err) {
            logger.error({ error: errorSummary(err) }, "while stopping");
          }
        }
        logger.info("api stopped");
        logger.flush();
      })());
    return { app, port, url, site, logger, stop };
  } catch (err) {
    for (const fn of cleanups.splice(0).reverse()) await fn().catch(() => undefined);
    throw err;
  }
}

/** The API's node:http server on host:port, keeping idle connections longer than load balancers do. */
export function listen(fetch: Parameters<typeof serve>[0]["fetch"], port: number, hostname: string): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = serve({ fetch, port, hostname }, () => {
      server.off("error", reject);
      // Without a createServer option serve() makes a plain node:http server.
      resolve(keepAliveLongerThanBalancers(server as Server));
    });
    server.once("error", reject);
  });
}

/**
 * `node api/src/index.ts` (npm run serve:api, the container's command): refuses to start in
 * production without what production needs, then serves until SIGTERM or SIGINT.
 */
export async function runApiProcess(): Promise<void> {
  const missing = missingForProduction();
  if (missing.length > 0) {
    process.stderr.write(`Refusing to start in production: set ${missing.join(", ")} (see docs/deploy.md).\n`);
    process.exit(1);
  }
  const running = await startApiServer();
  let signalled = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (signalled) return;
    signalled = true;
    running.logger.info({ signal }, "stopping");
    void running.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on("SIGTERM", onSignal);
  process.on("SIGINT", onSignal);
}
