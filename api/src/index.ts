import { runApiProcess } from "./serve/api-server.ts";

// One API instance (npm run serve:api, the container's command): PORT, the publisher, the
// live site in local mode, JSON-line logs, graceful SIGTERM. Composed in deps.ts.
await runApiProcess();
