import { spawn } from "node:child_process";

/** Keeps the last `limit` bytes of a stream of output. */
export class LogTail {
  private chunks: Buffer[] = [];
  private size = 0;
  private readonly limit: number;

  constructor(limit = 64 * 1024) {
    this.limit = limit;
  }

  push(chunk: Buffer | string): void {
    const buf = typeof chunk === "string" ? Buffer.from(chunk) : chunk;
    this.chunks.push(buf);
    this.size += buf.length;
    while (this.size - (this.chunks[0]?.length ?? 0) >= this.limit && this.chunks.length > 1) {
      this.size -= this.chunks.shift()?.length ?? 0;
    }
  }
  toString(): string {
    const all = Buffer.concat(this.chunks);
    const tail = all.length > this.limit ? all.subarray(all.length - this.limit) : all;
    // Drop a partial UTF-8 sequence at the cut.
    return tail.toString("utf8").replace(/^\uFFFD+/, "");
  }
}

export interface CommandResult {
  ok: boolean;
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  timedOut: boolean;
  log: string;
}

const shellQuote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/** The command with `{outDir}` replaced by the quoted folder. */
export function expandBuildCommand(template: string, outDir: string): string {
  return template.replaceAll("{outDir}", shellQuote(outDir));
}

/**
 * Runs a shell command in its own process group, capturing the tail of its output. A timeout
 * or `signal` (abort) kills the whole group so no stray build keeps running. `nice`: started
 * through nice(1) at that niceness, which every process it starts inherits (os.setPriority
 * after the spawn could come after the shell started its first child).
 */
export function runCommand(options: {
  command: string;
  cwd: string;
  env: NodeJS.ProcessEnv;
  timeoutMs: number;
  log?: LogTail;
  signal?: AbortSignal;
  nice?: number;
}): Promise<CommandResult> {
  const log = options.log ?? new LogTail();
  const shell = ["-c", options.command];
  const [file, args] = options.nice ? ["nice", ["-n", String(options.nice), "sh", ...shell]] : ["sh", shell];
  return new Promise((resolve) => {
    const child = spawn(file, args, {
      cwd: options.cwd,
      env: options.env,
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let timedOut = false;
    const killGroup = () => {
      try {
        if (child.pid) {
          process.kill(-child.pid, "SIGTERM");
          // A process the site build stopped for a targeted build (decision 228) acts on the
          // SIGTERM only once continued, even when the process that stopped it is gone.
          process.kill(-child.pid, "SIGCONT");
        }
      } catch {
        /* already gone */
      }
    };
    const timer = setTimeout(() => {
      timedOut = true;
      log.push(`\n[publish] build timed out after ${options.timeoutMs} ms\n`);
      killGroup();
    }, options.timeoutMs);
    const onAbort = () => {
      log.push("\n[publish] build aborted\n");
      killGroup();
    };
    options.signal?.addEventListener("abort", onAbort, { once: true });
    child.stdout.on("data", (d: Buffer) => log.push(d));
    child.stderr.on("data", (d: Buffer) => log.push(d));
    child.on("error", (err) => log.push(`\n[publish] could not start the build: ${err.message}\n`));
    child.on("close", (exitCode, signal) => {
      clearTimeout(timer);
      options.signal?.removeEventListener("abort", onAbort);
      resolve({ ok: exitCode === 0 && !timedOut, exitCode, signal, timedOut, log: log.toString() });
    });
  });
}
