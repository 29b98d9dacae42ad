/** Helpers of the site benchmark: throwaway databases, measured child processes, small servers. */
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { makePng, treeRss } from "@botox/e2e";
import { connect, runMigrations, type DbHandle } from "@botox/db";

export interface BenchDatabase extends DbHandle {
  name: string;
  drop(): Promise<void>;
}

/** A fresh, migrated database on the server of `serverUrl`, dropped again by `drop()`. */
export async function createBenchDatabase(serverUrl: string, label: string): Promise<BenchDatabase> {
  const name = `bench_${label}_${randomBytes(3).toString("hex")}`;
  const admin = connect(serverUrl, { max: 1 });
  await admin.sql.unsafe(`create database "${name}"`);
  await admin.close();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  await runMigrations(url.toString());
  const handle = connect(url.toString());
  return {
    ...handle,
    name,
    async drop() {
      await handle.close();
      const dropper = connect(serverUrl, { max: 1 });
      await dropper.sql.unsafe(`drop database if exists "${name}" with (force)`);
      await dropper.close();
    },
  };
}

export interface Measured {
  ok: boolean;
  seconds: number;
  /** Highest summed resident memory of the process tree, sampled every 250 ms. */
  peakRssMb: number;
  /** The last 8 kB of the output (all of it goes to `logFile`). */
  tail: string;
}

/** Runs a command to its end, timing it and sampling its memory; the output goes to `logFile`. */
export function runMeasured(command: string, args: string[], options: { cwd: string; env: NodeJS.ProcessEnv; logFile: string }): Promise<Measured> {
  const started = performance.now();
  const log = fs.createWriteStream(options.logFile);
  const child = spawn(command, args, { cwd: options.cwd, env: options.env, stdio: ["ignore", "pipe", "pipe"] });
  let tail = "";
  const keep = (d: Buffer) => {
    log.write(d);
    tail = (tail + d.toString()).slice(-8192);
  };
  child.stdout.on("data", keep);
  child.stderr.on("data", keep);
  let peak = 0;
  const sample = () => {
    if (child.pid) peak = Math.max(peak, treeRss(child.pid));
  };
  const timer = setInterval(sample, 250);
  return new Promise((resolve) => {
    child.on("close", (code) => {
      clearInterval(timer);
      log.end();
      resolve({ ok: code === 0, seconds: (performance.now() - started) / 1000, peakRssMb: Math.round(peak / 2 ** 20), tail });
    });
  });
}

/** HTML pages under a folder. */
export function countPages(dir: string): number {
  let count = 0;
  for (const e of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) if (e.isFile() && e.name.endsWith(".html")) count++;
  return count;
}

export async function freePort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export interface LocalServer {
  url: string;
  close(): Promise<void>;
}

async function listen(handler: http.RequestListener): Promise<LocalServer> {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/**
 * Stand-in for the IP-geolocation services the pages ask, which these machines cannot reach:
 * the visitor is in New York.
 */
export function startGeoService(): Promise<LocalServer> {
  return listen((_req, res) => {
    res.writeHead(200, { "content-type": "application/json", "access-control-allow-origin": "*" });
    res.end(JSON.stringify({ latitude: 40.7128, longitude: -74.006, city: "New York", region_code: "NY", country_name: "United States" }));
  });
}

/**
 * A deploy hook that accepts every call: the API started for Lighthouse publishes in hook
 * mode through it, so it does not build the site itself while the pages are measured.
 */
export function startDeployHookStub(): Promise<LocalServer> {
  return listen((req, res) => {
    req.resume();
    req.on("end", () => {
      res.writeHead(204);
      res.end();
    });
  });
}

/** A PNG gradient (the site has no image library). */
export const gradientPng = (width: number, height: number): Buffer => makePng(width, height);

/** Starts a long-running command in its own process group; `stop()` ends the whole group. */
export function startProcess(
  command: string,
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv; logFile: string },
): { child: ChildProcess; stop(): Promise<void> } {
  const log = fs.createWriteStream(options.logFile);
  const child = spawn(command, args, { cwd: options.cwd, env: options.env, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  return {
    child,
    async stop() {
      if (child.exitCode !== null || !child.pid) return;
      const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
      try {
        process.kill(-child.pid, "SIGTERM");
      } catch {
        /* already gone */
      }
      await exited;
    },
  };
}

/** Resolves when `url` answers at all (any status), or throws after `timeoutMs`. */
export async function waitForHttp(url: string, timeoutMs = 60_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      await fetch(url);
      return;
    } catch {
      if (Date.now() > until) throw new Error(`${url} did not answer within ${timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, 250));
    }
  }
}

export const repoPath = (...parts: string[]) => path.resolve(import.meta.dirname, "..", "..", ...parts);

/** A Chromium trace as Lighthouse saves it (`--save-assets`): the fields read here. */
export interface Trace {
  traceEvents: { name: string; ph: string; pid: number; tid: number; ts: number; dur?: number; tdur?: number; args?: { name?: string } }[];
}

export interface MainThreadCpu {
  /** CPU time of the page's main thread over the whole trace (ms). */
  cpuMs: number;
  /** CPU time of its longest task (ms). */
  longestTaskCpuMs: number;
  /** Σ max(0, 4 × task CPU − 50 ms): blocking time at Lighthouse's 4× CPU slowdown, from CPU time. */
  cpuBlockingMs: number;
}

/**
 * The page's main-thread work as CPU time. Lighthouse's simulated blocking time multiplies
 * each task's wall time, and on a machine shared with other work a task's wall time includes
 * the time its thread waited for a core, which swings from run to run with the other work
 * (docs/benchmarks/305-home-page-main-thread.md). Thread CPU time (`tdur`) leaves that
 * waiting out. The main thread is the renderer's busiest `CrRendererMain`.
 */
export function mainThreadCpu(trace: Trace): MainThreadCpu {
  const threadNames = new Map<string, string>();
  const taskCounts = new Map<string, number>();
  const threadOf = (e: { pid: number; tid: number }) => `${e.pid}:${e.tid}`;
  for (const e of trace.traceEvents) {
    if (e.name === "thread_name" && e.args?.name) threadNames.set(threadOf(e), e.args.name);
    if (e.name === "RunTask" && e.ph === "X") taskCounts.set(threadOf(e), (taskCounts.get(threadOf(e)) ?? 0) + 1);
  }
  const main = [...taskCounts].filter(([thread]) => threadNames.get(thread) === "CrRendererMain").sort((a, b) => b[1] - a[1])[0]?.[0];
  const tasks = trace.traceEvents.filter((e) => e.name === "RunTask" && e.ph === "X" && threadOf(e) === main).map((e) => (e.tdur ?? 0) / 1000);
  return {
    cpuMs: Math.round(tasks.reduce((sum, t) => sum + t, 0)),
    longestTaskCpuMs: Math.round(Math.max(0, ...tasks)),
    cpuBlockingMs: Math.round(tasks.reduce((sum, t) => sum + Math.max(0, 4 * t - 50), 0)),
  };
}
