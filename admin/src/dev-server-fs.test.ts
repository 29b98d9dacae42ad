/**
 * The admin's dev server: /@fs/ serves the admin and the packages it imports, and
 * refuses the embedded database's files under .data and the API's sources.
 */
import fs from "node:fs";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServer, type ViteDevServer } from "vite";

/** The repository root: the nearest folder up from here holding pnpm-workspace.yaml. */
function findRepo(start: string): string {
  for (let dir = start; dir !== path.dirname(dir); dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, "pnpm-workspace.yaml"))) return dir;
  }
  throw new Error("repository root not found");
}
const repo = findRepo(process.cwd());
const adminDir = path.join(repo, "admin");
const dataDir = path.join(repo, ".data");
const probe = path.join(dataDir, `fs-probe-${randomBytes(4).toString("hex")}.txt`);
let server: ViteDevServer;
let base: string;

beforeAll(async () => {
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  fs.writeFileSync(probe, "secret", { mode: 0o600 });
  server = await createServer({
    configFile: path.join(adminDir, "vite.config.ts"),
    root: adminDir,
    server: { port: 0, host: "127.0.0.1", strictPort: false, hmr: false },
    logLevel: "silent",
  });
  await server.listen();
  const address = server.httpServer?.address();
  if (!address || typeof address === "string") throw new Error("no address");
  base = `http://127.0.0.1:${address.port}/admin/@fs`;
}, 60_000);

afterAll(async () => {
  await server?.close();
  fs.rmSync(probe, { force: true });
});

describe("admin dev server file access", () => {
  it.each([
    [".data probe file", () => probe],
    ["the API's sources", () => path.join(repo, "api/src/index.ts")],
    ["the database package", () => path.join(repo, "packages/db/src/connection/embedded.ts")],
    ["the root package.json", () => path.join(repo, "package.json")],
  ])("refuses %s", async (_label, file) => {
    const res = await fetch(`${base}${file()}`);
    expect(res.status).toBe(403);
    expect(await res.text()).not.toContain("secret");
  });

  it("serves the admin's own files and the core package it imports", async () => {
    expect((await fetch(`${base}${path.join(repo, "admin/src/main.tsx")}`)).status).toBe(200);
    expect((await fetch(`${base}${path.join(repo, "packages/core/src/index.ts")}`)).status).toBe(200);
  });
});
