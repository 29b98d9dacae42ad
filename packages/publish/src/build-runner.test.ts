/** The build command's runner (build-runner.ts): how it ends a build that must stop. */
import { describe, expect, it } from "vitest";
import { runCommand } from "./build-runner.ts";

describe("runCommand", () => {
  it("ends a build past its timeout even when a process of it is stopped (decision 228)", async () => {
    // The site build stops its processes while a targeted build runs; a stopped process acts on
    // SIGTERM only once continued, so the runner continues the group after signalling it.
    const result = await runCommand({
      command: `exec "${process.execPath}" -e 'process.kill(process.pid, "SIGSTOP"); setInterval(() => {}, 1000)'`,
      cwd: process.cwd(),
      env: process.env,
      timeoutMs: 500,
    });
    expect(result).toMatchObject({ ok: false, timedOut: true, signal: "SIGTERM" });
  }, 20_000);
});
