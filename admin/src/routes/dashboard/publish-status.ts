/** How the dashboard shows GET /publish/status (its answer is core's PublishStatus). */
import type { PublishStatus } from "@botox/core";

/** While a build is queued or running the panel refreshes itself (every 2 s) until it ends. */
export const PUBLISH_POLL_MS = 2000;
export const buildUnderWay = (s: PublishStatus | undefined) =>
  s != null && (s.state !== "idle" || s.builds.some((b) => b.status === "queued" || b.status === "running"));

/** A build time as the admin reads it, "—" when there is none. */
export const when = (iso?: string | null) => (iso ? new Date(iso).toLocaleString("en-US") : "—");
/** The badge tone of a publishing state or build status. */
export const toneOf = (status?: string) =>
  status && /success|succeeded|live|ok|done/i.test(status)
    ? "green"
    : status && /fail|error/i.test(status)
      ? "red"
      : status && /run|build|queue|pending/i.test(status)
        ? "amber"
        : "slate";
