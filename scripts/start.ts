// `npm start`: the whole product on one machine (see api/src/publish/product.ts).
import { ensureAdmin } from "../packages/db/src/admin-user.ts";
import { readDbEnv } from "../packages/db/src/env.ts";
import { seedDemo } from "../packages/db/src/seed.ts";
import { startProduct } from "../api/src/publish/product.ts";

const dbEnv = readDbEnv();

const product = await startProduct({
  async seedIfEmpty(sql) {
    const [row] = await sql<{ any: boolean }[]>`select exists(select 1 from clinics) as any`;
    if (row?.any) return 0;
    console.log("› seeding demo data (first start)");
    const result = await seedDemo(sql);
    return result.clinics;
  },
  async ensureAdmin(db) {
    const result = await ensureAdmin(db, { username: dbEnv.ADMIN_USERNAME, ...(dbEnv.ADMIN_PASSWORD ? { password: dbEnv.ADMIN_PASSWORD } : {}) });
    return { username: result.username, fromEnv: Boolean(dbEnv.ADMIN_PASSWORD), ...(result.generatedPassword ? { generatedPassword: result.generatedPassword } : {}) };
  },
});

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
