// The live site (SITE_DIR/live, builds switched atomically by the publisher) on SITE_PORT,
// honouring the build's _redirects and _headers, until SIGTERM.
import { readApiEnv } from "@botox/api/env";
import { readDbEnv } from "@botox/db";
import { SiteFolder, publishConfigFromEnv } from "@botox/publish";
import { startStaticServer } from "@botox/publish/static-server";

const env = readApiEnv();
const folder = new SiteFolder(publishConfigFromEnv(env, readDbEnv()).siteDir);
const server = await startStaticServer({ liveDir: folder.livePath, port: env.SITE_PORT, host: env.HOST });
console.log(JSON.stringify({ level: 30, time: new Date().toISOString(), service: "site", port: server.port, msg: "site listening" }));
for (const signal of ["SIGTERM", "SIGINT"] as const) process.once(signal, () => void server.close().then(() => process.exit(0)));
