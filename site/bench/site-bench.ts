/**
 * `npm run bench:site`: the public site's full build (time, pages per second, peak memory of
 * the build's process tree) at 2,000 and 50,000 demo clinics, the incremental rebuild after one
 * clinic edit, and Lighthouse (mobile, the npm `lighthouse` package driving Debian's Chromium)
 * on every page type (home, city, ZIP, near me, clinic, blog, blog post) of the smallest size.
 *
 * Each size is seeded into a throwaway database on BENCH_DATABASE_URL's server (default
 * postgres://postgres@127.0.0.1:5432/postgres). Report: reports/bench-site.{json,md}.
 * BENCH_SITE_CLINICS="2000,50000" picks the sizes; BENCH_LIGHTHOUSE=0 skips Lighthouse;
 * BENCH_SITE_PAGES="home,clinic" limits Lighthouse to those page types; BENCH_LIGHTHOUSE_RUNS=5
 * runs it that many times per page (the table shows each page's median run and the ranges), with
 * the main thread's CPU time read from each run's trace beside Lighthouse's own figures.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { zipPath } from "@botox/core";
import { apiBaseUrl } from "@botox/core/contract";
import { startStaticServer } from "@botox/publish/static-server";
import {
  countPages,
  createBenchDatabase,
  freePort,
  repoPath,
  runMeasured,
  gradientPng,
  mainThreadCpu,
  startDeployHookStub,
  startGeoService,
  startProcess,
  waitForHttp,
  type BenchDatabase,
  type LocalServer,
  type MainThreadCpu,
  type Trace,
} from "./support.ts";

const serverUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const sizes = (process.env.BENCH_SITE_CLINICS ?? "2000,50000").split(",").map(Number);
const withLighthouse = process.env.BENCH_LIGHTHOUSE !== "0";
const onlyPages = process.env.BENCH_SITE_PAGES ? new Set(process.env.BENCH_SITE_PAGES.split(",").map((p) => p.trim())) : null;
const lighthouseRuns = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? "1");
if (!Number.isInteger(lighthouseRuns) || lighthouseRuns < 1)
  throw new Error(`BENCH_LIGHTHOUSE_RUNS must be a whole number from 1, not "${process.env.BENCH_LIGHTHOUSE_RUNS}"`);
const chromePath = process.env.CHROME_PATH ?? "/usr/bin/chromium";

const siteRoot = repoPath("site");
const work = fs.mkdtempSync(path.join(os.tmpdir(), "bench-site-"));
const say = (line: string) => console.log(`[bench:site] ${line}`);

interface BuildFigures {
  seconds: number;
  pages: number;
  pagesPerSecond: number;
  peakRssMb: number;
}
interface SizeResult {
  clinics: number;
  cities: number;
  seedSeconds: number;
  fullBuild: BuildFigures;
  /** The same database after renaming one clinic, with the first build's incremental cache. */
  rebuildAfterOneEdit: BuildFigures & { rendered: number; reused: number };
}
interface LighthouseResult {
  page: string;
  url: string;
  scores: Record<string, number>;
  metrics: Record<string, string>;
  /** Audits below full marks in the categories that are not 100. */
  findings: string[];
  /** Every run's figures (the row shows the median run's). */
  runs: LighthouseRun[];
}
/** One run: Lighthouse's score and blocking time, and the main thread's own CPU time. */
interface LighthouseRun extends MainThreadCpu {
  performance: number;
  tbtMs: number;
}

async function build(label: string, env: NodeJS.ProcessEnv, cacheDir: string): Promise<{ figures: BuildFigures; logFile: string }> {
  const outDir = path.join(work, label);
  const logFile = path.join(work, `${label}.log`);
  const result = await runMeasured("pnpm", ["run", "build"], {
    cwd: siteRoot,
    env: { ...env, OUT_DIR: outDir, ASTRO_CACHE_DIR: cacheDir, FORCE_COLOR: "0" },
    logFile,
  });
  if (!result.ok) throw new Error(`site build ${label} failed:\n${result.tail}`);
  const pages = countPages(outDir);
  return { figures: { seconds: round(result.seconds), pages, pagesPerSecond: Math.round(pages / result.seconds), peakRssMb: result.peakRssMb }, logFile };
}

/**
 * Pages Astro rendered and pages it copied from the incremental cache, from its build log:
 * "├─ path" then " (restored)" at once for a reused page; a rendered page's " (+12ms)" comes
 * when it is done, possibly after other pages' lines (build.concurrency).
 */
function renderedAndReused(logFile: string): { rendered: number; reused: number } {
  let rendered = 0;
  let reused = 0;
  const log = fs.readFileSync(logFile, "utf8").replace(/\u001b\[[0-9;]*m/g, "");
  for (const m of log.matchAll(/├─ \/\S*?\.(?:html|xml|txt)(\s+\((?:restored|cached)\))?/g)) {
    if (m[1]) reused++;
    else rendered++;
  }
  return { rendered, reused };
}

const PHOTO = "/bench-photo.png";
const COVER = "/bench-cover.png";
const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

async function lighthouse(page: string, url: string, run = 0): Promise<Omit<LighthouseResult, "runs"> & { run: LighthouseRun }> {
  const output = path.join(work, `lighthouse-${page}${run ? `-${run}` : ""}.json`);
  const measured = await runMeasured(
    path.join(siteRoot, "node_modules", ".bin", "lighthouse"),
    [
      url,
      "--output=json",
      `--output-path=${output}`,
      "--only-categories=performance,accessibility,best-practices,seo",
      "--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage",
      // The trace, for the main thread's CPU time (mainThreadCpu).
      "--save-assets",
      "--quiet",
    ],
    { cwd: work, env: { ...process.env, CHROME_PATH: chromePath }, logFile: `${output}.log` },
  );
  if (!measured.ok) throw new Error(`lighthouse ${url} failed:\n${measured.tail}`);
  // Kept beside the report: the findings name audits, the full report says which elements.
  fs.mkdirSync(repoPath("reports"), { recursive: true });
  fs.copyFileSync(output, repoPath("reports", path.basename(output)));
  const report = JSON.parse(fs.readFileSync(output, "utf8")) as {
    categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
    audits: Record<string, { score: number | null; scoreDisplayMode: string; title: string; displayValue?: string; numericValue?: number }>;
  };
  const scores: Record<string, number> = {};
  const findings: string[] = [];
  for (const [id, category] of Object.entries(report.categories)) {
    scores[id] = Math.round((category.score ?? 0) * 100);
    if (scores[id] === 100) continue;
    for (const ref of category.auditRefs) {
      const audit = report.audits[ref.id];
      if (!audit || audit.score === null || audit.score >= 1 || !["binary", "numeric", "metricSavings"].includes(audit.scoreDisplayMode)) continue;
      findings.push(`${id}: ${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ""}`);
    }
  }
  const metrics: Record<string, string> = {};
  for (const id of ["first-contentful-paint", "largest-contentful-paint", "total-blocking-time", "cumulative-layout-shift", "speed-index"]) {
    metrics[id] = report.audits[id]?.displayValue ?? "";
  }
  const cpu = mainThreadCpu(JSON.parse(fs.readFileSync(output.replace(/\.json$/, "-0.trace.json"), "utf8")) as Trace);
  const tbtMs = Math.round(report.audits["total-blocking-time"]?.numericValue ?? 0);
  return { page, url, scores, metrics, findings, run: { performance: scores.performance ?? 0, tbtMs, ...cpu } };
}

/** `lighthouseRuns` runs of one page: the median run by performance score, with every run's figures. */
async function lighthouseMedian(page: string, url: string): Promise<LighthouseResult> {
  const results: Awaited<ReturnType<typeof lighthouse>>[] = [];
  for (let i = 1; i <= lighthouseRuns; i++) results.push(await lighthouse(page, url, lighthouseRuns > 1 ? i : 0));
  const sorted = [...results].sort((a, b) => a.run.performance - b.run.performance || a.run.tbtMs - b.run.tbtMs);
  const { run: _median, ...median } = sorted[Math.floor((sorted.length - 1) / 2)]!;
  return { ...median, runs: results.map((r) => r.run) };
}

/** Pages of one kind each: the biggest city, one of its clinics, the newest blog post. */
async function samplePages(db: BenchDatabase): Promise<Record<string, string>> {
  const [city] = await db.sql<{ city_slug: string }[]>`select city_slug from clinics group by city_slug order by count(*) desc, city_slug limit 1`;
  const [clinic] = await db.sql<
    { slug: string }[]
  >`select slug from clinics where city_slug = ${city!.city_slug} and photo is not null order by review_count desc, id limit 1`;
  const [post] = await db.sql<
    { slug: string }[]
  >`select slug from blog_posts where published and not no_index order by published_at desc nulls last, id limit 1`;
  const [zip] = await db.sql<{ postal_code: string }[]>`
    select postal_code from clinics where city_slug = ${city!.city_slug} and postal_code is not null group by postal_code order by count(*) desc, postal_code limit 1`;
  // Every page type a visitor lands on.
  return {
    home: "/",
    city: `/botox-near-me/${city!.city_slug}`,
    ZIP: zipPath(zip!.postal_code),
    "near me": "/near-me",
    clinic: `/botox-clinic/${city!.city_slug}/${clinic!.slug}`,
    blog: "/blog",
    "blog post": `/blog/${post!.slug}`,
  };
}

async function benchSize(clinics: number, lighthouseRun: boolean): Promise<{ size: SizeResult; lighthouse: LighthouseResult[] }> {
  say(`${clinics} clinics: seeding a throwaway database`);
  const db = await createBenchDatabase(serverUrl, `site_${clinics}`);
  stops.push(() => db.drop());
  try {
    // packages/db's seed CLI: demo clinics and the blog.
    const seedStarted = performance.now();
    execFileSync("pnpm", ["--filter", "@botox/db", "seed", "--clinics", String(clinics)], {
      cwd: repoPath(),
      env: { ...process.env, DATABASE_URL: db.url, ADMIN_PASSWORD: "bench-admin-password" },
      stdio: ["ignore", "ignore", "inherit"],
    });
    const [counted] = await db.sql<{ cities: number }[]>`select count(distinct city_slug)::int as cities from clinics`;
    const seeded = { cities: counted!.cities, ms: performance.now() - seedStarted };
    const [apiPort, sitePort] = [await freePort(), await freePort()];
    const siteUrl = `http://127.0.0.1:${sitePort}`;
    const apiUrl = apiBaseUrl({ host: "127.0.0.1", port: apiPort });
    let geo: LocalServer | null = null;
    if (lighthouseRun) {
      geo = await startGeoService();
      stops.push(() => geo!.close());
      // The demo photos live on picsum.photos, out of reach here: served by the site itself
      // (files added to the build below), which the site's CSP allows as it allows https: hosts.
      await db.sql`update clinics set photo = ${`${siteUrl}${PHOTO}`} where photo is not null`;
      await db.sql`
        update blog_posts set featured_image = ${`${siteUrl}${COVER}`},
          content = regexp_replace(content, 'https://picsum[.]photos/[^"]*', ${`${siteUrl}${COVER}`}, 'g')`;
    }
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATABASE_URL: db.url,
      SITE_URL: siteUrl,
      PUBLIC_API_URL: apiUrl,
      ...(geo ? { PUBLIC_GEO_SERVICES: `${geo.url}/json` } : {}),
    };
    const cacheDir = path.join(work, `cache-${clinics}`);

    say(`${clinics} clinics: full build`);
    const { figures: full } = await build(`full-${clinics}`, env, cacheDir);
    say(`${clinics} clinics: ${full.pages} pages in ${full.seconds} s (${full.pagesPerSecond} pages/s), peak ${full.peakRssMb} MB`);

    await db.sql`update clinics set name = name || ' (edited)', updated_at = now() where id = (select min(id) from clinics)`;
    say(`${clinics} clinics: rebuild after one clinic edit`);
    const { figures: again, logFile } = await build(`edit-${clinics}`, env, cacheDir);
    const counts = renderedAndReused(logFile);
    say(`${clinics} clinics: ${counts.rendered} pages rendered, ${counts.reused} reused, in ${again.seconds} s`);
    fs.rmSync(path.join(work, `full-${clinics}`), { recursive: true, force: true });

    const results: LighthouseResult[] = [];
    if (lighthouseRun) {
      // In local mode the API would build and serve the site itself (a first build at start,
      // competing with Lighthouse for the CPU): it publishes through a stub deploy hook here.
      const hook = await startDeployHookStub();
      stops.push(() => hook.close());
      const api = startProcess("pnpm", ["--filter", "@botox/api", "start"], {
        cwd: repoPath(),
        env: {
          ...env,
          PORT: String(apiPort),
          HOST: "127.0.0.1",
          ALLOWED_ORIGINS: siteUrl,
          PUBLISH_MODE: "hook",
          PUBLISH_HOOK_URL: `${hook.url}/deploy`,
          PUBLISH_CRON: "off",
        },
        logFile: path.join(work, "api.log"),
      });
      stops.push(() => api.stop());
      await waitForHttp(`${apiUrl}/stats`);
      const built = path.join(work, `edit-${clinics}`);
      fs.writeFileSync(path.join(built, PHOTO), gradientPng(800, 600));
      fs.writeFileSync(path.join(built, COVER), gradientPng(1200, 630));
      const site = await startStaticServer({ liveDir: built, port: sitePort });
      stops.push(() => site.close());
      for (const [page, pathname] of Object.entries(await samplePages(db))) {
        if (onlyPages && !onlyPages.has(page)) continue;
        say(`lighthouse: ${page} ${pathname}${lighthouseRuns > 1 ? ` (${lighthouseRuns} runs)` : ""}`);
        results.push(await lighthouseMedian(page, siteUrl + pathname));
      }
    }
    fs.rmSync(path.join(work, `edit-${clinics}`), { recursive: true, force: true });
    fs.rmSync(cacheDir, { recursive: true, force: true });
    return {
      size: { clinics, cities: seeded.cities, seedSeconds: round(seeded.ms / 1000), fullBuild: full, rebuildAfterOneEdit: { ...again, ...counts } },
      lighthouse: results,
    };
  } finally {
    await stopAll();
  }
}

/** What a size started (database, servers), stopped at its end or on Ctrl-C. */
const stops: (() => Promise<void>)[] = [];
async function stopAll() {
  for (const stop of stops.splice(0).reverse()) await stop().catch((err: unknown) => say(`cleanup: ${String(err)}`));
}
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    void stopAll().finally(() => {
      fs.rmSync(work, { recursive: true, force: true });
      process.exit(130);
    });
  });
}

function markdown(report: { date: string; machine: Record<string, unknown>; sizes: SizeResult[]; lighthouse: LighthouseResult[] }): string {
  const lines = [
    "# Site benchmark (`npm run bench:site`)",
    "",
    `${report.date} · ${String(report.machine.cpus)} × ${String(report.machine.cpu)} · ${String(report.machine.memoryGb)} GB · Node ${String(report.machine.node)}`,
    "",
    "Targets: 50,000 clinics with their cities and the blog built in at most 5 minutes on 2 cores, peak memory at most 3 GB;",
    "Lighthouse mobile performance at least 95, accessibility, best practices and SEO 100.",
    "",
    "| Clinics | Pages | Full build | Pages/s | Peak memory | Rebuild after one edit | Rendered / reused |",
    "|---:|---:|---:|---:|---:|---:|---:|",
    ...report.sizes.map(
      (s) =>
        `| ${s.clinics.toLocaleString("en-US")} | ${s.fullBuild.pages.toLocaleString("en-US")} | ${s.fullBuild.seconds} s | ${s.fullBuild.pagesPerSecond} | ${s.fullBuild.peakRssMb} MB | ${s.rebuildAfterOneEdit.seconds} s | ${s.rebuildAfterOneEdit.rendered} / ${s.rebuildAfterOneEdit.reused} |`,
    ),
  ];
  if (report.lighthouse.length) {
    lines.push(
      "",
      `Lighthouse (mobile) at ${report.sizes[0]?.clinics.toLocaleString("en-US")} clinics:`,
      "",
      `Each page's median run of ${lighthouseRuns}${lighthouseRuns > 1 ? " (ranges over every run)" : ""}. Main-thread CPU is the renderer's own CPU time in the`,
      "trace (time the thread waited for a core on a busy machine left out), its longest task's, and the blocking time those",
      "CPU times would give at Lighthouse's 4× slowdown (every task, those before the first paint too): roughly what a quiet",
      "machine's run would report.",
      "",
      "| Page | Performance | Accessibility | Best practices | SEO | LCP | TBT | CLS | Main-thread CPU | Longest task (CPU) | Blocking from CPU time |",
      "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    );
    const figure = (values: number[], unit = "") => {
      const sorted = [...values].sort((a, b) => a - b);
      const median = sorted[Math.floor((sorted.length - 1) / 2)]!;
      return sorted.length > 1 ? `${median}${unit} (${sorted[0]}–${sorted.at(-1)})` : `${median}${unit}`;
    };
    for (const r of report.lighthouse) {
      const of = (key: keyof LighthouseRun) => r.runs.map((x) => x[key]);
      lines.push(
        `| ${r.page} (${new URL(r.url).pathname}) | ${figure(of("performance"))} | ${r.scores.accessibility} | ${r.scores["best-practices"]} | ${r.scores.seo} | ${r.metrics["largest-contentful-paint"]} | ${figure(of("tbtMs"), " ms")} | ${r.metrics["cumulative-layout-shift"]} | ${figure(of("cpuMs"), " ms")} | ${figure(of("longestTaskCpuMs"), " ms")} | ${figure(of("cpuBlockingMs"), " ms")} |`,
      );
    }
    const findings = report.lighthouse.flatMap((r) => r.findings.map((f) => `- ${r.page}: ${f}`));
    if (findings.length) lines.push("", "Below full marks:", "", ...findings);
  }
  return `${lines.join("\n")}\n`;
}

const report = {
  date: new Date().toISOString(),
  machine: { cpus: os.cpus().length, cpu: os.cpus()[0]?.model ?? "?", memoryGb: Math.round(os.totalmem() / 2 ** 30), node: process.versions.node },
  sizes: [] as SizeResult[],
  lighthouse: [] as LighthouseResult[],
};
try {
  for (const [i, clinics] of sizes.entries()) {
    const { size, lighthouse: lh } = await benchSize(clinics, withLighthouse && i === 0);
    report.sizes.push(size);
    report.lighthouse.push(...lh);
  }
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}
const reports = repoPath("reports");
fs.mkdirSync(reports, { recursive: true });
fs.writeFileSync(path.join(reports, "bench-site.json"), `${JSON.stringify(report, null, 2)}\n`);
fs.writeFileSync(path.join(reports, "bench-site.md"), markdown(report));
console.log(`\n${markdown(report)}`);
say(`report: ${path.join(reports, "bench-site.md")}`);
