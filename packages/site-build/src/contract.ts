/**
 * The contract between the publisher (packages/publish) and the site's build (this package):
 * the environment the publisher starts a build with, the target file it hands a targeted build,
 * and the page index and plan report the build hands back. Both sides parse with these schemas
 * (decision 294): a file or variable of the wrong shape fails with its name and the field at fault.
 */
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";
import { parseShard } from "./page-shard.ts";

/** What a build's page index records of one clinic: its page, its city page and what a targeted build selects pages by. */
const clinicEntrySchema = z.object({
  page: z.string(),
  /** Its city page's path (null: none in this build). */
  city: z.string().nullable(),
  citySlug: z.string().optional(),
  zip: z.string().nullable().optional(),
  /** Latitude and longitude. */
  at: z.tuple([z.number(), z.number()]).nullable().optional(),
});
export type ClinicEntry = z.infer<typeof clinicEntrySchema>;

/**
 * A build's page index (decision 039), written to SITE_PAGE_INDEX_OUT: every path the build
 * wrote, each keyed page's cache key, each clinic's pages, and each city page's figure
 * (site/src/lib/path-selection.ts `cityFigure`, decision 194).
 */
export const pageIndexSchema = z.object({
  /** The site's code fingerprint it was built with (packages/publish `siteFingerprint`). */
  fingerprint: z.string().nullable(),
  paths: z.array(z.string()),
  keys: z.record(z.string(), z.string()),
  clinics: z.record(z.string(), clinicEntrySchema),
  cityFigures: z.record(z.string(), z.string()).optional(),
});
export type PageIndex = z.infer<typeof pageIndexSchema>;

/** SITE_TARGET_FILE's content: a targeted build renders what these clinics' changes affect. */
export const targetFileSchema = z.object({
  clinicIds: z.array(z.number().int()),
  /** The page index of the build the changes are measured against. */
  previousIndex: z.string(),
  /** Where the build writes its plan (`TargetReport`). */
  report: z.string(),
});
export type TargetFile = z.infer<typeof targetFileSchema>;

/** What a targeted build decided: the pages it rendered and the pages that are gone. */
export const targetReportSchema = z.object({
  render: z.array(z.string()),
  remove: z.array(z.string()),
  /** Every path the routes returned (decision 190: in a targeted build, only their selection). */
  collected: z.array(z.string()).default([]),
});
export type TargetReport = z.infer<typeof targetReportSchema>;

/** SITE_RENDER_PROCESSES: how many render processes a full build uses (0: Astro's own loop); null when unset. */
export function parseRenderProcesses(value: string | undefined): number | null {
  if (value === undefined || value === "") return null;
  if (!/^\d+$/.test(value) || Number(value) > 64) throw new Error(`SITE_RENDER_PROCESSES must be a whole number from 0 to 64, not "${value}"`);
  return Number(value);
}

/** Turns a parser's error into a zod issue, so every variable is reported the same way. */
const checked =
  <T>(parse: (value: string) => T) =>
  (value: string, ctx: z.RefinementCtx) => {
    try {
      return parse(value);
    } catch (err) {
      ctx.addIssue({ code: "custom", message: err instanceof Error ? err.message : String(err) });
      return z.NEVER;
    }
  };

/**
 * The site build's environment: what the publisher sets (the rest, SITE_URL and PUBLIC_*, is the
 * site's own, site/src/env.ts) and what the build sets for its own processes. An empty value is unset.
 */
export const buildEnvSchema = z.object({
  /** The output folder: builds/<id> (full) or targeted/<id> (targeted). */
  OUT_DIR: z.string().default("./dist"),
  /** The incremental cache's folder (Astro's cacheDir; the page pipeline keeps its cache there). */
  ASTRO_CACHE_DIR: z.string().default("./node_modules/.astro"),
  /** Where to write this build's page index. */
  SITE_PAGE_INDEX_OUT: z.string().optional(),
  /** The site's code fingerprint, recorded in the page index. */
  SITE_FINGERPRINT: z.string().optional(),
  /** A targeted build's target file (`TargetFile`). */
  SITE_TARGET_FILE: z.string().optional(),
  /** A file the publisher keeps fresh while a targeted build runs beside this full build (decision 228). */
  SITE_PIPELINE_YIELD_FILE: z.string().optional(),
  /** The build's id (for its logs). */
  SITE_BUILD_ID: z.string().optional(),
  /** Set by the build for `astro build` in a full build's phase 1: where the prerender bundle is kept (decision 226). */
  SITE_PIPELINE_DIR: z.string().optional(),
  /** Render processes of a full build; unset: one per core, at most 2. */
  SITE_RENDER_PROCESSES: z.string().transform(checked(parseRenderProcesses)).optional(),
  /** Set by the page pipeline for each render process: its share "k/N" (site/src/lib/path-selection.ts). */
  SITE_RENDER_SHARD: z.string().transform(checked(parseShard)).optional(),
});
export type BuildEnv = z.infer<typeof buildEnvSchema>;
type BuildEnvName = keyof BuildEnv;

/** Parses the build's environment; throws with every variable at fault. */
export function readBuildEnv(source: Record<string, string | undefined>): BuildEnv {
  const names = Object.keys(buildEnvSchema.shape);
  const set = Object.fromEntries(Object.entries(source).filter(([k, v]) => names.includes(k) && v !== undefined && v !== ""));
  const parsed = buildEnvSchema.safeParse(set);
  if (!parsed.success) throw new Error(`Invalid site build environment:\n${issues(parsed.error)}`);
  return parsed.data;
}

/** The variables the publisher sets for a full build. */
export function fullBuildEnv(o: { outDir: string; cacheDir: string; pageIndexOut: string; fingerprint: string; yieldFile: string }): Record<string, string> {
  return named({
    OUT_DIR: o.outDir,
    ASTRO_CACHE_DIR: o.cacheDir,
    SITE_PAGE_INDEX_OUT: o.pageIndexOut,
    SITE_FINGERPRINT: o.fingerprint,
    SITE_PIPELINE_YIELD_FILE: o.yieldFile,
  });
}

/** The variables the publisher sets for a targeted build. */
export function targetedBuildEnv(o: {
  outDir: string;
  cacheDir: string;
  targetFile: string;
  pageIndexOut: string;
  fingerprint: string;
}): Record<string, string> {
  return named({
    OUT_DIR: o.outDir,
    ASTRO_CACHE_DIR: o.cacheDir,
    SITE_TARGET_FILE: o.targetFile,
    SITE_PAGE_INDEX_OUT: o.pageIndexOut,
    SITE_FINGERPRINT: o.fingerprint,
  });
}

const named = (vars: Partial<Record<BuildEnvName, string>>): Record<string, string> =>
  Object.fromEntries(Object.entries(vars).filter((e): e is [string, string] => e[1] !== undefined));

const issues = (error: z.ZodError) => error.issues.map((i) => `  ${i.path.join(".") || "(root)"}: ${i.message}`).join("\n");

/** Parses a contract file's text; `what` and `file` name it in the error. */
export function parseContractJson<S extends z.ZodType>(schema: S, text: string, what: string, file: string): z.infer<S> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw new Error(`${what} ${file} is not JSON: ${err instanceof Error ? err.message : String(err)}`);
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new Error(`${what} ${file} is malformed:\n${issues(parsed.error)}`);
  return parsed.data;
}

/** Reads and parses a contract file. */
export const readContractFile = <S extends z.ZodType>(schema: S, file: string, what: string): z.infer<S> =>
  parseContractJson(schema, fs.readFileSync(file, "utf8"), what, file);

/** Reads a page index. */
export const readPageIndex = (file: string): PageIndex => readContractFile(pageIndexSchema, file, "page index");

/** Reads a target file. */
export const readTargetFile = (file: string): TargetFile => readContractFile(targetFileSchema, file, "target file");

/** Writes a JSON file whole or not at all (a temporary file renamed over it). */
function writeJsonFile(file: string, value: unknown): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, JSON.stringify(value));
  fs.renameSync(tmp, file);
}

export const writePageIndex = (file: string, index: PageIndex): void => writeJsonFile(file, index);
export const writeTargetFile = (file: string, target: TargetFile): void => writeJsonFile(file, target);
export const writeTargetReport = (file: string, report: TargetReport): void => writeJsonFile(file, report);
