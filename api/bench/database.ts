/**
 * The benches' throwaway PostgreSQL databases: one created per run on the given server (and
 * dropped at the end unless kept), seeded by the db package's own seed command (it migrates
 * first), so the data is what `db:seed` makes.
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import path from "node:path";
import postgres from "postgres";
import { repoRoot } from "@botox/db";

export interface BenchDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

export async function createBenchDatabase(serverUrl: string, prefix: string): Promise<BenchDatabase> {
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(3).toString("hex")}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    async drop() {
      const dropper = postgres(serverUrl, { max: 1, onnotice: () => {} });
      await dropper.unsafe(`drop database if exists "${name}" with (force)`);
      await dropper.end();
    },
  };
}

export function seedClinics(url: string, clinics: number, adminPassword: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", "src/cli/seed.ts", "--clinics", String(clinics)], {
      cwd: path.join(repoRoot, "packages/db"),
      env: { ...process.env, DATABASE_URL: url, ADMIN_USERNAME: "admin", ADMIN_PASSWORD: adminPassword },
      stdio: ["ignore", "inherit", "inherit"],
    });
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`seed exited with ${code}`))));
  });
}
