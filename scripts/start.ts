// `npm start`: the whole product on one machine (scripts/product.ts), on the ports PORT,
// SITE_PORT, ADMIN_PORT and PGLITE_PORT say: the URLs between its parts follow them.
import { useLocalProductUrls } from "./env.ts";
import { startProduct } from "./product.ts";

useLocalProductUrls();
const product = await startProduct();

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`\n› ${signal}: stopping the admin, the publisher, the servers and the database…`);
  await product.stop();
  console.log("› stopped");
  process.exit(0);
}
process.on("SIGINT", () => void shutdown("SIGINT"));
process.on("SIGTERM", () => void shutdown("SIGTERM"));
