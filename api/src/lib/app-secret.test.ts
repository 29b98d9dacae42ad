import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { resolveAppSecret } from "./app-secret.ts";

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe("resolveAppSecret", () => {
  it("prefers APP_SECRET", () => {
    expect(resolveAppSecret({ APP_SECRET: "s".repeat(32) }, { dataDir: "/nonexistent" })).toBe("s".repeat(32));
  });

  it("persists one generated secret per embedded data folder (0600), the same across restarts", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "app-secret-"));
    dirs.push(dir);
    const first = resolveAppSecret({}, { dataDir: dir });
    const second = resolveAppSecret({}, { dataDir: dir });
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(second).toBe(first);
    expect(fs.statSync(path.join(dir, "app-secret")).mode & 0o777).toBe(0o600);
    const other = fs.mkdtempSync(path.join(os.tmpdir(), "app-secret-"));
    dirs.push(other);
    expect(resolveAppSecret({}, { dataDir: other })).not.toBe(first);
  });
});
