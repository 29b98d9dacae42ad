/**
 * `npm run bench:publish`: publishing at 50,000 demo clinics (BENCH_PUBLISH_CLINICS).
 *  - a full rebuild (the first build of an empty site folder): time and peak memory of the
 *    build's process tree;
 *  - the seconds from saving a clinic edit through the API to its clinic and city pages being
 *    served by the local static server, with the product's default debounce (a targeted publish);
 *  - a burst of BENCH_PUBLISH_BURST (200) edits: the seconds until each page is served;
 *  - an edit saved while the nightly full build runs, a second into it: its targeted
 *    publish runs beside the full build, which then catches up (decision 208; BENCH_PUBLISH_NIGHTLY=0 skips it).
 * Each build's stages (bundle, paths, render, link, …) come from its log (decision 040); the figures are in decision 041.
 * The clinics are seeded into a throwaway database on BENCH_DATABASE_URL's server (default
 * postgres://postgres@127.0.0.1:5432/postgres). Report: reports/bench-publish.{json,md}.
 */
import { execFileSync } from "node:child_process";
import { lineLogger } from "@botox/core/logger";
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
const burstSize = Number(process.env.BENCH_PUBLISH_BURST ?? 200);
// BENCH_PUBLISH_NIGHTLY=0 skips the edit made during a (second) full build.
const withNightly = process.env.BENCH_PUBLISH_NIGHTLY !== "0";
const say = (line: string) => console.log(`[bench:publish] ${line}`);
const seconds = (ms: number) => Math.round(ms / 100) / 10;

/**
 * Each stage's seconds from a build's log: the publisher's "[publish] stage NAME S s" lines and
 * the site build's "stages: NAME S s, …" lines (Astro's, then the page pipeline's in a full build).
 */
function stagesOf(log: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const line of log.matchAll(/stages: ([^\n]*)/g)) {
    for (const m of (line[1] ?? "").matchAll(/(\w+) ([\d.]+) s/g)) out[`site ${m[1]}`] = Number(m[2]);
  }
  for (const m of log.matchAll(/\[publish\] stage (\w+) ([\d.]+) s/g)) out[m[1]!] = Number(m[2]);
  return out;
}
// The log tail of a build may have lost its first lines; a targeted publish ends with its link stage.
const kindOf = (log: string) => (/\[publish\] stage link /.test(log) ? "targeted" : "full");
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" ");
/** The targeted build's own account of its work ("N paths collected, M pages rendered, …"). */
const workOf = (log: string) => /\[publish\] (\d+ paths collected[^\n]*)/.exec(log)?.[1] ?? "–";
const stageText = (stages: Record<string, number>) =>
  Object.entries(stages)
    .map(([k, v]) => `${k} ${v} s`)
    .join(", ") || "–";

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
  const composed = await createDeps({ env, database: db, logger: lineLogger(say), publish: { config: { siteDir: path.join(work, "site") } } });
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
  say(`full rebuild stages: ${stageText(stagesOf(full.result.logTail))} (load ${load()})`);

  // Save edits the way the admin does: sign in, read the clinic, PUT it back renamed.
  const origin = env.ALLOWED_ORIGINS[0]!;
  const login = await app.request("/api/v1/login", {
    method: "POST",
    headers: { "content-type": "application/json", origin },
    body: JSON.stringify({ username: "bench-admin", password }),
  });
  // Every cookie the sign-in sets (the session and the known-device one), as a browser sends them.
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .join("; ");
  /** Renames clinic `id` through the API; the name to look for and the page that shows it. */
  async function rename(id: number): Promise<{ name: string; clinicUrl: string; cityUrl: string; savedAt: number }> {
    const clinic = (await (await app.request(`/api/v1/clinics/${id}`, { headers: { cookie } })).json()) as Clinic;
    // Letters and digits only, so the HTML shows it unescaped.
    const name = `Bench Renamed Clinic ${randomBytes(4).toString("hex")}`;
    const saved = await app.request(`/api/v1/clinics/${id}`, {
      method: "PUT",
      headers: { "content-type": "application/json", origin, cookie },
      // Saved as it is but for the name: demo hours the API cannot read are kept as text, as an admin confirms.
      body: JSON.stringify({ ...clinic, name, workingHoursAsText: true }),
    });
    if (saved.status !== 200) throw new Error(`saving the edit of clinic ${id} failed: ${saved.status} ${await saved.text()}`);
    return {
      name,
      clinicUrl: `${site.url}/botox-clinic/${clinic.citySlug}/${clinic.slug}`,
      cityUrl: `${site.url}/botox-near-me/${clinic.citySlug}`,
      savedAt: performance.now(),
    };
  }
  const shows = async (url: string, text: string) => (await fetch(url).then((r) => r.text())).includes(text);
  /** Waits until every edit's clinic page (and with `city`, its city page) shows it; ms from each save. */
  async function untilLive(edits: Awaited<ReturnType<typeof rename>>[], city = false): Promise<{ clinicMs: number[]; cityMs: number[] }> {
    const clinicMs: (number | undefined)[] = edits.map(() => undefined);
    const cityMs: (number | undefined)[] = edits.map(() => undefined);
    const started = performance.now();
    while (clinicMs.some((v) => v === undefined) || (city && cityMs.some((v) => v === undefined))) {
      await Promise.all(
        edits.map(async (e, i) => {
          if (clinicMs[i] === undefined && (await shows(e.clinicUrl, e.name))) clinicMs[i] = performance.now() - e.savedAt;
          if (city && cityMs[i] === undefined && (await shows(e.cityUrl, e.name))) cityMs[i] = performance.now() - e.savedAt;
        }),
      );
      if (performance.now() - started > 30 * 60_000) throw new Error("the edits were not published within 30 minutes");
      await new Promise((r) => setTimeout(r, 100));
    }
    return { clinicMs: clinicMs.map(Number), cityMs: cityMs.map(Number) };
  }
  const lastBuild = async () => (await publisher.status()).builds[0]!;

  // One edit: a clinic its city page lists (the first card of the biggest city), so both pages change.
  const [city] = await db.sql<{ city_slug: string }[]>`select city_slug from clinics group by city_slug order by count(*) desc limit 1`;
  const cityHtml = await (await fetch(`${site.url}/botox-near-me/${city!.city_slug}`)).text();
  const listed = new RegExp(`href="/botox-clinic/${city!.city_slug}/([^"/]+)"`).exec(cityHtml)?.[1];
  if (!listed) throw new Error(`no clinic listed on /botox-near-me/${city!.city_slug}`);
  const [picked] = await db.sql<{ id: number }[]>`select id from clinics where city_slug = ${city!.city_slug} and slug = ${listed}`;
  // An admin's edit comes long after the last build, whose hard-linked copy for the next
  // targeted publish (decision 190) is ready by then: wait for it, and report how long it took.
  const spareStarted = performance.now();
  await publisher.whenSpareReady();
  const spareWaitMs = performance.now() - spareStarted;
  say(`the copy for the next targeted publish was ready ${seconds(spareWaitMs)} s after the check`);
  say(`editing clinic ${picked!.id} (debounce ${config.debounceMs} ms)`);
  const edit = await withPeakMemory(async () => {
    const saved = await rename(picked!.id);
    const live = await untilLive([saved], true);
    return { clinicMs: live.clinicMs[0]!, cityMs: live.cityMs[0]! };
  });
  await publisher.whenIdle();
  const editBuild = await lastBuild();
  say(`edit: clinic page ${seconds(edit.result.clinicMs)} s, city page ${seconds(edit.result.cityMs)} s (${kindOf(editBuild.logTail)})`);
  // Each figure is printed as it comes, so a run that fails later still shows it.
  say(`edit build: ${seconds(editBuild.durationMs ?? 0)} s; stages: ${stageText(stagesOf(editBuild.logTail))}; ${workOf(editBuild.logTail)} (load ${load()})`);

  // A burst: `burstSize` clinics across the country edited one after another, as fast as the API takes them.
  const burstIds = (await db.sql<{ id: number }[]>`select id from clinics order by md5(id::text) limit ${burstSize}`).map((r) => r.id);
  const firstBurstBuild = (await lastBuild()).id + 1;
  say(`burst of ${burstIds.length} edits`);
  const burst = await withPeakMemory(async () => {
    const saved: Awaited<ReturnType<typeof rename>>[] = [];
    for (const id of burstIds) saved.push(await rename(id));
    return { savingMs: performance.now() - saved[0]!.savedAt, ...(await untilLive(saved)) };
  });
  await publisher.whenIdle();
  const burstBuilds = (await publisher.status()).builds.filter((b) => b.id >= firstBurstBuild);
  const worst = Math.max(...burst.result.clinicMs);
  say(`burst: every page live within ${seconds(worst)} s of its edit, ${burstBuilds.length} builds`);
  for (const b of burstBuilds)
    say(
      `burst build #${b.id} (${kindOf(b.logTail)}): ${seconds(b.durationMs ?? 0)} s; stages: ${stageText(stagesOf(b.logTail))}; ${workOf(b.logTail)} (load ${load()})`,
    );

  // An edit while the nightly full build runs (a second into it: with the incremental cache of
  // the first, it takes from seconds to a couple of minutes): a targeted publish beside it,
  // then the full build catches up.
  let duringNightly: {
    clinicSeconds: number;
    kind: string;
    nightlySeconds: number;
    nightlyStages: Record<string, number>;
    nightlyStillRunningAtEdit: boolean;
  } | null = null;
  if (withNightly) {
    say("edit during the nightly build");
    // The nightly build comes long after the day's edits, when the copy for the next targeted
    // publish is ready, as before the single edit above (decision 228).
    await publisher.whenSpareReady();
    publisher.request("nightly");
    let nightlyId: number | undefined;
    while (nightlyId === undefined) {
      nightlyId = (await publisher.status()).builds.find((b) => b.status === "running" && b.trigger.includes("nightly"))?.id;
      await new Promise((r) => setTimeout(r, 100));
    }
    await new Promise((r) => setTimeout(r, 1_000));
    const saved = await rename(burstIds.at(-1) ?? picked!.id);
    const live = await untilLive([saved]);
    // The build that published the edit: the one `live` points at when its page showed (the
    // nightly build itself when its site build read the data after the edit). Its row is
    // marked live only after its pages are counted, so the folder tells, not the row.
    const publishingId = await publisher.folder.liveId();
    const nightlyStillRunningAtEdit = publishingId !== nightlyId && (await publisher.status()).builds.find((b) => b.id === nightlyId)?.status === "running";
    await publisher.whenIdle();
    const builds = (await publisher.status()).builds;
    const nightly = builds.find((b) => b.id === nightlyId)!;
    const publishing = builds.find((b) => b.id === publishingId) ?? nightly;
    duringNightly = {
      clinicSeconds: seconds(live.clinicMs[0]!),
      kind: publishing.id === nightlyId ? "the nightly full build itself" : kindOf(publishing.logTail),
      nightlySeconds: seconds(nightly.durationMs ?? 0),
      nightlyStages: stagesOf(nightly.logTail),
      nightlyStillRunningAtEdit,
    };
    say(
      `during the nightly build: clinic page ${duringNightly.clinicSeconds} s (${duringNightly.kind}; nightly build ${nightlyStillRunningAtEdit ? "still running" : "done"} then); ` +
        `nightly build ${nightly.status} in ${duringNightly.nightlySeconds} s; stages: ${stageText(duringNightly.nightlyStages)} (load ${load()})`,
    );
  }

  const targets = { editLiveSeconds: 10, fullRebuildSeconds: 60, fullRebuildPeakMb: 1536, burstEachLiveSeconds: 30 };
  const report = {
    date: new Date().toISOString(),
    machine: {
      cpus: os.cpus().length,
      cpu: os.cpus()[0]?.model ?? "?",
      memoryGb: Math.round(os.totalmem() / 2 ** 30),
      node: process.versions.node,
      loadAverage: os.loadavg(),
    },
    clinics,
    cities: seeded.cities,
    fullRebuild: { seconds: seconds(full.result.durationMs!), pages: full.result.pageCount, peakRssMb: full.peakRssMb, stages: stagesOf(full.result.logTail) },
    editToLive: {
      debounceMs: config.debounceMs,
      spareWaitSeconds: seconds(spareWaitMs),
      clinicPageSeconds: seconds(edit.result.clinicMs),
      cityPageSeconds: seconds(edit.result.cityMs),
      buildSeconds: seconds(editBuild.durationMs ?? 0),
      buildPeakRssMb: edit.peakRssMb,
      kind: kindOf(editBuild.logTail),
      stages: stagesOf(editBuild.logTail),
    },
    burst: {
      edits: burstIds.length,
      savingSeconds: seconds(burst.result.savingMs),
      worstClinicPageSeconds: seconds(worst),
      medianClinicPageSeconds: seconds([...burst.result.clinicMs].sort((a, b) => a - b)[Math.floor(burst.result.clinicMs.length / 2)] ?? 0),
      builds: burstBuilds.map((b) => ({ id: b.id, seconds: seconds(b.durationMs ?? 0), kind: kindOf(b.logTail), stages: stagesOf(b.logTail) })),
      peakRssMb: burst.peakRssMb,
    },
    duringNightly,
    targets,
  };
  const md = [
    "# Publishing benchmark (`npm run bench:publish`)",
    "",
    `${report.date} · ${report.machine.cpus} × ${report.machine.cpu} · ${report.machine.memoryGb} GB · Node ${report.machine.node} · load ${report.machine.loadAverage.map((l) => l.toFixed(1)).join(" ")}`,
    "",
    `${clinics.toLocaleString("en-US")} clinics in ${seeded.cities} cities. Targets: an edit's clinic and city pages served within ${targets.editLiveSeconds} s (debounce included); ` +
      `a full build within ${targets.fullRebuildSeconds} s and ${targets.fullRebuildPeakMb} MB; in a burst of ${burstSize} edits each page within ${targets.burstEachLiveSeconds} s.`,
    "",
    "| Measure | Result | Target |",
    "|---|---:|---:|",
    `| Full build (${(full.result.pageCount ?? 0).toLocaleString("en-US")} pages) | ${report.fullRebuild.seconds} s | ${targets.fullRebuildSeconds} s |`,
    `| … stages | ${stageText(report.fullRebuild.stages)} | |`,
    `| Full build peak memory (build process tree) | ${full.peakRssMb} MB | ${targets.fullRebuildPeakMb} MB |`,
    `| Edit saved → clinic page served (${report.editToLive.kind}) | ${report.editToLive.clinicPageSeconds} s | ${targets.editLiveSeconds} s |`,
    `| Edit saved → city page served | ${report.editToLive.cityPageSeconds} s | ${targets.editLiveSeconds} s |`,
    `| … of which debounce | ${seconds(config.debounceMs)} s | |`,
    `| … (before the edit: waited ${report.editToLive.spareWaitSeconds} s for the spare copy of the live build) | | |`,
    `| … of which the build | ${report.editToLive.buildSeconds} s (peak ${edit.peakRssMb} MB) | |`,
    `| … stages | ${stageText(report.editToLive.stages)} | |`,
    `| … work | ${workOf(editBuild.logTail)} | |`,
    `| Burst of ${burstIds.length} edits (saved over ${report.burst.savingSeconds} s): slowest page served | ${report.burst.worstClinicPageSeconds} s | ${targets.burstEachLiveSeconds} s |`,
    `| … median page | ${report.burst.medianClinicPageSeconds} s | |`,
    `| … builds | ${report.burst.builds.map((b) => `#${b.id} ${b.kind} ${b.seconds} s`).join("; ")} | |`,
    ...(duringNightly
      ? [
          `| Edit during the nightly build → clinic page served (${duringNightly.kind}${duringNightly.nightlyStillRunningAtEdit ? ", the full build still running" : ""}) | ${duringNightly.clinicSeconds} s | ${targets.editLiveSeconds} s |`,
          `| … the nightly build (catching up after) | ${duringNightly.nightlySeconds} s; ${stageText(duringNightly.nightlyStages)} | |`,
        ]
      : []),
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
