/**
 * `npm run bench:publish`: publishing at 50,000 demo clinics (BENCH_PUBLISH_CLINICS).
 *  - a full rebuild (the first build of an empty site folder): time and peak memory of the
 *    build's process tree;
 *  - the seconds from saving a clinic edit through the API to the new page being served by
 *    the local static server, with the product's default debounce (PUBLISH_DEBOUNCE_MS).
 * The clinics are seeded into a throwaway database on BENCH_DATABASE_URL's server (default
 * postgres://postgres@127.0.0.1:5432/postgres). Report: reports/bench-publish.{json,md}.
 */
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Clinic } from "@botox/core";
import { connect, repoRoot, runMigrations } from "@botox/db";
import { treeRss } from "@botox/publish/process-tree";
import { startStaticServer } from "@botox/publish/static-server";
import { createApp } from "../src/app.ts";
import { createDeps } from "../src/deps.ts";
import { readApiEnv } from "../src/env.ts";

const serverUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const clinics = Number(process.env.BENCH_PUBLISH_CLINICS ?? 50_000);
const say = (line: string) => console.log(`[bench:publish] ${line}`);
const seconds = (ms: number) => Math.round(ms / 100) / 10;

/** Runs `fn` while sampling the build's memory every 250 ms; the peak in MB. */
async function withPeakMemory<T>(fn: () => Promise<T>): Promise<{ result: T; peakRssMb: number }> {
  let peak = 0;
  const timer = setInterval(() => (peak = Math.max(peak, treeRss(process.pid, { includeRoot: false }))), 250);
  try {
    return { result: await fn(), peakRssMb: Math.round(peak / 2 ** 20) };
  } finally {
    clearInterval(timer);
  }
}

const dbName = `bench_publish_${randomBytes(3).toString("hex")}`;
const work = fs.mkdtempSync(path.join(os.tmpdir(), "bench-publish-"));
const admin = connect(serverUrl, { max: 1 });
await admin.sql.unsafe(`create database "${dbName}"`);
await admin.close();
const dbUrl = Object.assign(new URL(serverUrl), { pathname: `/${dbName}` }).toString();
const cleanups: (() => Promise<unknown> | void)[] = [
  async () => {
    const dropper = connect(serverUrl, { max: 1 });
    await dropper.sql.unsafe(`drop database if exists "${dbName}" with (force)`);
    await dropper.close();
  },
  () => fs.rmSync(work, { recursive: true, force: true }),
];
async function cleanUp() {
  for (const fn of cleanups.splice(0).reverse()) await Promise.resolve(fn()).catch((err: unknown) => say(`cleanup: ${String(err)}`));
}
// Ctrl-C still drops the database and the folders.
let stopping: Promise<void> | null = null;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    stopping ??= cleanUp();
    void stopping.finally(() => process.exit(130));
  });
}

try {
  await runMigrations(dbUrl);
  const db = connect(dbUrl);
  cleanups.push(() => db.close());
  // packages/db's seed CLI: demo clinics, the blog and the admin user.
  say(`seeding ${clinics} demo clinics`);
  const password = randomBytes(12).toString("base64url");
  execFileSync("pnpm", ["--filter", "@botox/db", "seed", "--clinics", String(clinics)], {
    cwd: repoRoot,
    env: { ...process.env, DATABASE_URL: dbUrl, ADMIN_USERNAME: "bench-admin", ADMIN_PASSWORD: password },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const [counted] = await db.sql<{ cities: number }[]>`select count(distinct city_slug)::int as cities from clinics`;
  const seeded = { cities: counted!.cities };

  const env = readApiEnv({ NODE_ENV: "production", DATABASE_URL: dbUrl, PUBLISH_CRON: "off" });
  // The composition root every served API uses (deps.ts), with this run's site folder.
  const composed = await createDeps({ env, database: db, log: say, publish: { config: { siteDir: path.join(work, "site") } } });
  cleanups.push(() => composed.close());
  const publisher = composed.publisher;
  const config = publisher?.config;
  if (!publisher || !config) throw new Error("no publisher");
  const app = createApp(composed.deps);
  const site = await startStaticServer({ liveDir: publisher.liveDir, port: 0 });
  cleanups.push(() => site.close());

  say("full rebuild (an empty site folder and incremental cache)");
  const full = await withPeakMemory(async () => {
    publisher.request("rebuild");
    await publisher.flush();
    return (await publisher.status()).builds[0]!;
  });
  if (full.result.status !== "succeeded") throw new Error(`the full build failed:\n${full.result.logTail}`);
  say(`full rebuild: ${full.result.pageCount} pages in ${seconds(full.result.durationMs!)} s, peak ${full.peakRssMb} MB`);

  // Save an edit the way the admin does: sign in, read the clinic, PUT it back renamed.
  const origin = env.ALLOWED_ORIGINS[0]!;
  const login = await app.request("/api/v1/login", {
    method: "POST",
    headers: { "content-type": "application/json", origin },
    body: JSON.stringify({ username: "bench-admin", password }),
  });
  const cookie = login.headers.get("set-cookie")!.split(";")[0]!;
  // A clinic its city page lists (the first card of the biggest city), so both pages change.
  const [city] = await db.sql<{ city_slug: string }[]>`select city_slug from clinics group by city_slug order by count(*) desc limit 1`;
  const cityHtml = await (await fetch(`${site.url}/botox-near-me/${city!.city_slug}`)).text();
  const listed = new RegExp(`href="/botox-clinic/${city!.city_slug}/([^"/]+)"`).exec(cityHtml)?.[1];
  if (!listed) throw new Error(`no clinic listed on /botox-near-me/${city!.city_slug}`);
  const [picked] = await db.sql<{ id: number }[]>`select id from clinics where city_slug = ${city!.city_slug} and slug = ${listed}`;
  const id = picked!.id;
  const clinic = (await (await app.request(`/api/v1/clinics/${id}`, { headers: { cookie } })).json()) as Clinic;
  // Letters and digits only, so the HTML shows it unescaped.
  const renamed = `Bench Renamed Clinic ${randomBytes(3).toString("hex")}`;
  const clinicUrl = `${site.url}/botox-clinic/${clinic.citySlug}/${clinic.slug}`;
  const cityUrl = `${site.url}/botox-near-me/${clinic.citySlug}`;

  say(`editing clinic ${id} (debounce ${config.debounceMs} ms)`);
  const edit = await withPeakMemory(async () => {
    const saved = await app.request(`/api/v1/clinics/${id}`, {
      method: "PUT",
      headers: { "content-type": "application/json", origin, cookie },
      body: JSON.stringify({ ...clinic, name: renamed }),
    });
    if (saved.status !== 200) throw new Error(`saving the edit failed: ${saved.status} ${await saved.text()}`);
    const savedAt = performance.now();
    let clinicLiveAt = 0;
    for (;;) {
      const [page, city] = await Promise.all([fetch(clinicUrl).then((r) => r.text()), fetch(cityUrl).then((r) => r.text())]);
      if (!clinicLiveAt && page.includes(renamed)) clinicLiveAt = performance.now();
      if (clinicLiveAt && city.includes(renamed)) break;
      if (performance.now() - savedAt > 30 * 60_000) throw new Error("the edit was not published within 30 minutes");
      await new Promise((r) => setTimeout(r, 100));
    }
    return { clinicMs: clinicLiveAt - savedAt, cityMs: performance.now() - savedAt };
  });
  await publisher.whenIdle();
  const editBuild = (await publisher.status()).builds[0]!;
  const report = {
    date: new Date().toISOString(),
    machine: { cpus: os.cpus().length, cpu: os.cpus()[0]?.model ?? "?", memoryGb: Math.round(os.totalmem() / 2 ** 30), node: process.versions.node },
    clinics,
    cities: seeded.cities,
    fullRebuild: { seconds: seconds(full.result.durationMs!), pages: full.result.pageCount, peakRssMb: full.peakRssMb },
    editToLive: {
      debounceMs: config.debounceMs,
      clinicPageSeconds: seconds(edit.result.clinicMs),
      cityPageSeconds: seconds(edit.result.cityMs),
      buildSeconds: seconds(editBuild.durationMs ?? 0),
      buildPeakRssMb: edit.peakRssMb,
      trigger: editBuild.trigger,
    },
    targets: { editLiveSeconds: 30, fullRebuildSeconds: 300 },
  };
  const md = [
    "# Publishing benchmark (`npm run bench:publish`)",
    "",
    `${report.date} · ${report.machine.cpus} × ${report.machine.cpu} · ${report.machine.memoryGb} GB · Node ${report.machine.node}`,
    "",
    `${clinics.toLocaleString("en-US")} clinics in ${seeded.cities} cities. Targets: an edit live within 30 s; a full rebuild within 5 minutes on 2 cores.`,
    "",
    "| Measure | Result |",
    "|---|---:|",
    `| Full rebuild (${(full.result.pageCount ?? 0).toLocaleString("en-US")} pages) | ${report.fullRebuild.seconds} s |`,
    `| Full rebuild peak memory (build process tree) | ${full.peakRssMb} MB |`,
    `| Edit saved → clinic page served | ${report.editToLive.clinicPageSeconds} s |`,
    `| Edit saved → city page served | ${report.editToLive.cityPageSeconds} s |`,
    `| … of which debounce | ${seconds(config.debounceMs)} s |`,
    `| … of which the incremental build | ${report.editToLive.buildSeconds} s (peak ${edit.peakRssMb} MB) |`,
    "",
  ].join("\n");
  const reports = path.join(repoRoot, "reports");
  fs.mkdirSync(reports, { recursive: true });
  fs.writeFileSync(path.join(reports, "bench-publish.json"), `${JSON.stringify(report, null, 2)}\n`);
  fs.writeFileSync(path.join(reports, "bench-publish.md"), md);
  console.log(`\n${md}`);
  say(`report: ${path.join(reports, "bench-publish.md")}`);
} catch (err) {
  // Interrupted: the servers closing under the running steps is expected; wait for the cleanup.
  // eslint-disable-next-line @typescript-eslint/await-thenable -- set in the SIGINT handler, which TypeScript's narrowing does not see
  if (stopping) await stopping;
  else throw err;
} finally {
  if (!stopping) await cleanUp();
}
