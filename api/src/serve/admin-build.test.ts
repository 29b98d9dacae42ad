import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ADMIN_BUILD_STAMP, adminBuildFingerprint, ensureAdminBuild } from "../../../scripts/admin-build.ts";

// npm start builds the admin once: a folder stamped with the same inputs is not rebuilt.
const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((d) => fsp.rm(d, { recursive: true, force: true }))));

describe("the admin build of npm start", () => {
  it("is skipped when the sources and URLs are unchanged", async () => {
    const outDir = await fsp.mkdtemp(path.join(os.tmpdir(), "admin-build-"));
    dirs.push(outDir);
    const options = { outDir, apiUrl: "http://localhost:8787/api/v1", siteUrl: "http://localhost:4321" };
    await fsp.writeFile(path.join(outDir, ADMIN_BUILD_STAMP), await adminBuildFingerprint(options));
    const lines: string[] = [];
    expect(await ensureAdminBuild({ ...options, log: (l) => lines.push(l) })).toBe(false);
    expect(lines).toEqual([]);
  });

  it("is redone when the API URL it is built with changes", async () => {
    const a = await adminBuildFingerprint({ apiUrl: "http://localhost:8787/api/v1", siteUrl: "http://localhost:4321" });
    const b = await adminBuildFingerprint({ apiUrl: "http://localhost:9999/api/v1", siteUrl: "http://localhost:4321" });
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(b).not.toBe(a);
    expect(await adminBuildFingerprint({ apiUrl: "http://localhost:8787/api/v1", siteUrl: "http://localhost:4321" })).toBe(a);
  });
});
