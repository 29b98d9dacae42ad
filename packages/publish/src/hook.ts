export interface HookResult {
  ok: boolean;
  status: number | null;
  log: string;
}

/** POSTs the deploy hook of a CDN or CI provider, which then runs the site build itself. */
export async function postDeployHook(url: string, payload: Record<string, unknown>, timeoutMs = 30_000): Promise<HookResult> {
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

/** Deploy-hook URLs carry their secret in the path or query; the log shows only the origin. */
function redact(url: string): string {
  try {
    return `${new URL(url).origin}/…`;
  } catch {
    return "(invalid URL)";
  }
}
