#!/usr/bin/env tsx
/**
 * Demo data and the admin user.
 * Usage: seed [--clinics N] [--seed S] [--force]
 *   --clinics N  demo clinics to generate (default 2000)
 *   --seed S     PRNG seed (default 42); the same seed gives the same clinics
 *   --force      replace earlier demo clinics even when clinics exist (imported ones are kept)
 * The admin comes from ADMIN_USERNAME / ADMIN_PASSWORD; without a password one is generated
 * and printed once.
 */
import { parseArgs } from "node:util";
import { ensureAdmin } from "../accounts/admin-user.ts";
import { readDbEnv } from "../connection/env.ts";
import { seedDemo } from "../seed/seed.ts";
import { cliArgs, describeDatabase, runCli } from "./run.ts";

const { values } = parseArgs({
  args: cliArgs(),
  options: {
    clinics: { type: "string", default: "2000" },
    seed: { type: "string", default: "42" },
    force: { type: "boolean", default: false },
    help: { type: "boolean", short: "h", default: false },
  },
});
if (values.help) {
  console.log("Usage: seed [--clinics N] [--seed S] [--force]");
  process.exit(0);
}
const clinics = Number(values.clinics);
const seed = Number(values.seed);
if (!Number.isInteger(clinics) || clinics < 0 || !Number.isInteger(seed)) {
  console.error("--clinics and --seed must be whole numbers (clinics ≥ 0)");
  process.exit(2);
}
const env = readDbEnv();

await runCli(async (db) => {
  console.log(`Seeding ${describeDatabase(db)}…`);
  const result = await seedDemo(db.sql, {
    clinics,
    seed,
    force: values.force,
    onProgress: (done, total) => {
      if (total >= 20_000 && (done % 10_000 === 0 || done === total)) console.log(`  clinics ${done}/${total}`);
    },
  });
  console.log(`  ZIP codes loaded: ${result.zipCodes}`);
  console.log(
    result.skippedClinics
      ? "  clinics: skipped (the database already has clinics; --force replaces the demo ones)"
      : `  clinics: ${result.clinics} in ${result.cities} cities`,
  );
  console.log(result.skippedBlog ? "  blog: skipped (posts already exist)" : `  blog: ${result.categories} categories, ${result.posts} posts`);
  console.log(`  done in ${(result.ms / 1000).toFixed(1)} s`);

  const admin = await ensureAdmin(db.db, { username: env.ADMIN_USERNAME, password: env.ADMIN_PASSWORD });
  if (admin.generatedPassword) {
    console.log(`\nAdmin user "${admin.username}" created. Its generated password (shown only this once):\n\n    ${admin.generatedPassword}\n`);
  } else if (admin.created) {
    console.log(`Admin user "${admin.username}" created with ADMIN_PASSWORD.`);
  } else if (admin.passwordUpdated) {
    console.log(`Admin user "${admin.username}": password updated from ADMIN_PASSWORD.`);
  } else {
    console.log(`Admin user "${admin.username}" exists; left unchanged.`);
  }
});
