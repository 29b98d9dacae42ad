import type { Deps } from "../context.ts";
import { publishConfigFromEnv } from "./config.ts";
import { Publisher } from "./publisher.ts";
import { attachPublisher } from "./registry.ts";
import { startStaticServer, type RunningStaticServer } from "./static-server.ts";

export interface Publishing {
  publisher: Publisher;
  /** The live site on SITE_PORT (local mode), or null (hook mode, or `serveSite: false`). */
  site: RunningStaticServer | null;
  stop(): Promise<void>;
}

/**
 * Publishing for an API built on existing deps (served processes get the same parts from
 * deps.ts and serve/api-server.ts): content writes through `deps` mark the site dirty, the webhook and admin routes
 * find the publisher, builds run one at a time across every instance on the database, and in
 * local mode the live folder is served on SITE_PORT. Instances that serve the site from one
 * SITE_DIR (a shared volume) all serve every build, whichever instance ran it.
 */
export async function startPublishing(deps: Deps, options: { databaseUrl: string; serveSite?: boolean; log?: (line: string) => void }): Promise<Publishing> {
  const config = publishConfigFromEnv(deps.env);
  const publisher = new Publisher({ sql: deps.sql, config, databaseUrl: options.databaseUrl, ...(options.log ? { log: options.log } : {}) });
  attachPublisher(deps, publisher);
  const site =
    config.mode === "local" && options.serveSite !== false
      ? await startStaticServer({ liveDir: publisher.liveDir, port: deps.env.SITE_PORT, host: deps.env.HOST })
      : null;
  await publisher.start();
  return {
    publisher,
    site,
    async stop() {
      await publisher.stop();
      await site?.close();
    },
  };
}
