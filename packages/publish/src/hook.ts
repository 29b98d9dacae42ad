import type { LogTail } from "./build-runner.ts";

interface HookResult {
  ok: boolean;
  status: number | null;
  log: string;
}

/** POSTs the deploy hook of a CDN or CI provider, which then runs the site build itself. */
async function postDeployHook(url: string, payload: Record<string, unknown>, timeoutMs = 30_000): Promise<HookResult> {
  const started = Date.now();
  try {
    const res = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", "user-agent": "botox-near-me-publisher" },
      body: JSON.stringify(payload),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = (await res.text()).slice(0, 4096);
    const log = `POST ${redact(url)} → ${res.status} ${res.statusText} in ${Date.now() - started} ms\n${text}`;
    return { ok: res.ok, status: res.status, log };
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    return { ok: false, status: null, log: `POST ${redact(url)} failed after ${Date.now() - started} ms: ${message}` };
  }
}

/** A build in hook mode: the deploy hook is POSTed (decision 096) and its answer logged; the provider builds and serves. */
export async function runHook(url: string | undefined, payload: Record<string, unknown>, log: LogTail): Promise<{ ok: boolean; pageCount: null }> {
  if (!url) {
    log.push("[publish] PUBLISH_HOOK_URL is not set\n");
    return { ok: false, pageCount: null };
  }
  const res = await postDeployHook(url, payload);
  log.push(res.log);
  return { ok: res.ok, pageCount: null };
}

/** Deploy-hook URLs carry their secret in the path or query; the log shows only the origin. */
function redact(url: string): string {
  try {
    return `${new URL(url).origin}/…`;
  } catch {
    return "(invalid URL)";
  }
}
