/**
 * A mail worker in a process of its own, for the test that kills it with SIGKILL mid-batch:
 * node mail-worker-child.ts DATABASE_URL SMTP_URL LEASE_MS. It sends until killed.
 */
import { silentLogger } from "@botox/core/logger";
import { connect } from "@botox/db";
import { MailWorker } from "../mail/worker.ts";

const [databaseUrl, smtpUrl, leaseMs] = process.argv.slice(2);
const handle = connect(databaseUrl!, { max: 2 });
const worker = new MailWorker({
  sql: handle.sql,
  logger: silentLogger,
  config: {
    mode: "smtp",
    smtpUrl: smtpUrl!,
    from: "Botox Near Me <deals@botox.test>",
    postalAddress: "1 Main St, Austin, TX 78701",
    captureDir: "",
    siteUrl: "https://site.test",
    apiUrl: "https://api.test/api/v1",
    pollMs: 50,
    batchSize: 10,
    maxAttempts: 8,
    retryBaseMs: 0,
    leaseMs: Number(leaseMs),
    connections: 2,
    schedule: null,
  },
});
worker.start();
process.stdout.write("started\n");
