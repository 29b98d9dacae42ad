/**
 * The contract between the publisher and the build engine (decision 294): it takes what the
 * engine writes and refuses a malformed file or variable with its name and the field at fault.
 * That it parses what a real build writes is checked in packages/publish's builds
 * (incremental-build.test.ts, targeted-publish.test.ts).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  fullBuildEnv,
  parseContractJson,
  pageIndexSchema,
  readBuildEnv,
  readPageIndex,
  readTargetFile,
  targetReportSchema,
  targetedBuildEnv,
  writePageIndex,
  writeTargetFile,
} from "./contract.ts";
import { pageIndex } from "./targeted-publish.ts";

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "build-contract-"));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const index = pageIndex(
  [
    { pathname: "/", props: {} },
    {
      pathname: "/botox-clinic/austin/alpha",
      props: { clinic: { id: 1, citySlug: "austin", postalCode: "78701", latitude: 30.2, longitude: -97.7 }, cityPage: "austin" },
      cacheKey: "a1",
    },
    { pathname: "/botox-near-me/austin", props: { city: { pageSlug: "austin" }, figure: "f1" }, cacheKey: "c1" },
  ],
  "fp",
);

describe("the build contract", () => {
  it("reads back the page index and target file the engine and the publisher write", () => {
    const dir = tempDir();
    writePageIndex(path.join(dir, "index.json"), index);
    expect(readPageIndex(path.join(dir, "index.json"))).toEqual(index);
    const target = { clinicIds: [1, 2], previousIndex: path.join(dir, "index.json"), report: path.join(dir, "report.json") };
    writeTargetFile(path.join(dir, "target.json"), target);
    expect(readTargetFile(path.join(dir, "target.json"))).toEqual(target);
  });

  it("refuses a malformed page index with the file and the field at fault", () => {
    const dir = tempDir();
    const file = path.join(dir, "index.json");
    fs.writeFileSync(file, JSON.stringify({ ...index, clinics: { "1": { page: 7, city: null } } }));
    expect(() => readPageIndex(file)).toThrow(`page index ${file} is malformed:\n  clinics.1.page: Invalid input: expected string, received number`);
    fs.writeFileSync(file, "{ not json");
    expect(() => readPageIndex(file)).toThrow(`page index ${file} is not JSON`);
    expect(() => parseContractJson(pageIndexSchema, JSON.stringify({ paths: [] }), "page index", file)).toThrow(/fingerprint: .*\n {2}keys: /);
  });

  it("reads a plan without its collected paths as none collected", () => {
    expect(parseContractJson(targetReportSchema, '{"render":["/"],"remove":[]}', "plan", "r.json")).toEqual({ render: ["/"], remove: [], collected: [] });
    expect(() => parseContractJson(targetReportSchema, '{"render":["/"]}', "plan", "r.json")).toThrow(/remove: /);
  });

  it("names the variables the publisher sets, and the build reads them back", () => {
    const full = fullBuildEnv({ outDir: "/b/1", cacheDir: "/c", pageIndexOut: "/i/1.json", fingerprint: "fp", yieldFile: "/y" });
    expect(full).toEqual({ OUT_DIR: "/b/1", ASTRO_CACHE_DIR: "/c", SITE_PAGE_INDEX_OUT: "/i/1.json", SITE_FINGERPRINT: "fp", SITE_PIPELINE_YIELD_FILE: "/y" });
    expect(readBuildEnv({ ...full, PATH: "/bin" })).toMatchObject(full);
    const targeted = targetedBuildEnv({ outDir: "/t/2", cacheDir: "/tc", targetFile: "/t/2.target.json", pageIndexOut: "/i/2.json", fingerprint: "fp" });
    expect(readBuildEnv(targeted).SITE_TARGET_FILE).toBe("/t/2.target.json");
  });

  it("reads an empty variable as unset, defaults the folders, and refuses a bad share or process count", () => {
    expect(readBuildEnv({ OUT_DIR: "", SITE_TARGET_FILE: "" })).toEqual({ OUT_DIR: "./dist", ASTRO_CACHE_DIR: "./node_modules/.astro" });
    expect(readBuildEnv({ SITE_RENDER_SHARD: "1/2", SITE_RENDER_PROCESSES: "3" })).toMatchObject({
      SITE_RENDER_SHARD: { shard: 1, shards: 2 },
      SITE_RENDER_PROCESSES: 3,
    });
    expect(() => readBuildEnv({ SITE_RENDER_SHARD: "2/2", SITE_RENDER_PROCESSES: "65" })).toThrow(
      /Invalid site build environment:\n {2}SITE_RENDER_PROCESSES: SITE_RENDER_PROCESSES must be .*\n {2}SITE_RENDER_SHARD: SITE_RENDER_SHARD must be "k\/N"/,
    );
  });
});
